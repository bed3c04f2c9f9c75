import { type PictureTask, preparePictureWork, runPictureTask } from "./picture-work";

/**
 * A picture process (started by picture-processes.ts, built as dist/picture-process.js): takes one task at a time
 * over IPC, answers `{ id, result }` or `{ id, error }`, and says `{ ready: true }` once sharp is loaded. It exits
 * as soon as its parent is gone (the IPC channel closes), so it never outlives the API.
 */
if (!process.send) {
  console.error("picture-process: started without an IPC channel (it is started by the API)");
  process.exit(1);
}
const send = (message: unknown) => process.send?.(message);

process.on("disconnect", () => process.exit(0));
process.on("message", (message: { id: number; task: PictureTask }) => {
  runPictureTask(message.task).then(
    (result) => send({ id: message.id, result }),
    (error: unknown) => send({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});

preparePictureWork().then(
  () => send({ ready: true }),
  (error: unknown) => {
    console.error("picture-process: sharp could not be loaded", error);
    process.exit(1);
  },
);
