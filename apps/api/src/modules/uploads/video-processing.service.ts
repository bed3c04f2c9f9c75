import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { AppContext } from "../../app-context";
import { mediaWork } from "../../lib/media-work";
import { asBuffer } from "./picture-processes";
import { claimMediaToProcess, failMedia, finishVideo, type UploadRow } from "./uploads.repository";
import { extractPoster, probeVideo, transcodeVideo } from "./video";

/** How long one process may hold a video before another run takes it over (its process is presumed dead). */
export const VIDEO_LEASE_MS = 15 * 60 * 1000;
/** A video whose re-encode was started this many times without finishing (crashes) is given up on. */
const MAX_ATTEMPTS = 3;

/** Storage keys of a video upload: the received bytes (until processed), the MP4 and its poster. */
export const videoKeys = (uploadId: string) => ({
  original: `${uploadId}-original.mp4`,
  video: `${uploadId}.mp4`,
  poster: `${uploadId}-poster.webp`,
});

/**
 * The video job: re-encodes every video waiting for it, one at a time, from what the database says (an upload
 * with `processing_status = processing` whose lease has passed), so a restart in the middle loses nothing: the lease
 * runs out and the next run starts that video again. Each video ends `ready` (MP4 + poster stored, size and length
 * from the re-encoded file) or `failed`.
 */
export async function processPendingVideos(context: AppContext): Promise<number> {
  let processed = 0;
  for (;;) {
    const now = context.clock.now();
    const upload = await claimMediaToProcess(context.db, "video", now, new Date(now.getTime() + VIDEO_LEASE_MS));
    if (!upload) return processed;
    // Under the process's media cap, one video at a time per uploader (lib/media-work.ts).
    await mediaWork.run(upload.ownerId, () => processVideo(context, upload));
    processed += 1;
  }
}

async function processVideo(context: AppContext, upload: UploadRow): Promise<void> {
  const keys = videoKeys(upload.id);
  if (upload.processingAttempts > MAX_ATTEMPTS) {
    await failMedia(context.db, upload.id);
    await context.storage.delete(keys.original);
    return;
  }
  const original = await context.storage.stat(keys.original);
  const body =
    original && original.size > 0 ? await context.storage.getRange(keys.original, 0, original.size - 1) : null;
  if (!body) {
    await failMedia(context.db, upload.id);
    return;
  }
  const workDir = await mkdtemp(join(tmpdir(), "plaza-video-"));
  try {
    const input = join(workDir, "input");
    const output = join(workDir, "output.mp4");
    const posterFile = join(workDir, "poster.png");
    // Streamed from the storage to a file (a video is never held whole in memory).
    await pipeline(body, createWriteStream(input));
    await transcodeVideo(context.env.FFMPEG_PATH, input, output);
    const facts = await probeVideo(context.env.FFPROBE_PATH, output);
    if (!facts) throw new Error("the re-encoded video has no picture");
    await extractPoster(context.env.FFMPEG_PATH, output, posterFile, Math.min(1, facts.durationSeconds / 2));
    // Encoded in a picture process, as pictures are; a ready video gets a placeholder from its poster frame.
    const poster = await context.pictures.run({ op: "poster", png: await readFile(posterFile) });
    if (poster.kind !== "poster") throw new Error("the poster frame could not be encoded");
    await context.storage.put(keys.poster, asBuffer(poster.data), "image/webp");
    const placeholder = poster.placeholder;
    await context.storage.putFile(keys.video, output, "video/mp4");
    await finishVideo(context.db, upload.id, {
      byteSize: (await stat(output)).size,
      width: facts.width,
      height: facts.height,
      durationSeconds: Math.round(facts.durationSeconds * 10) / 10,
      placeholder,
    });
  } catch (error) {
    context.background.log.warn({ err: error, uploadId: upload.id }, "video could not be processed");
    await failMedia(context.db, upload.id);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  await context.storage.delete(keys.original);
}
