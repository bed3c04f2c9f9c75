import { type FileHandle, mkdir, mkdtemp, open, readdir, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Readable } from "node:stream";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { StorageUnavailableError } from "../../lib/object-storage";

/** Reading an upload's body: its first bytes, the rest chunk by chunk, or spooled to a file under a size limit. */

/**
 * 413. The error handler reads and drops the rest of the body up to `DISCARD_MAX_BYTES` (so a client that reads the
 * answer only after sending still gets it), then closes the connection: nothing past the limit is stored.
 */
export function tooLarge(message: string): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", 413, message);
}

/** Where uploads are written while they arrive: DATA_DIR/tmp, one fresh directory per upload. */
export function spoolRoot(context: AppContext): string {
  return resolve(context.env.DATA_DIR, "tmp");
}

/** A spool directory nothing has written to for this long is left over from a process that died mid-upload. */
export const SPOOL_ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Deletes the spool directories of uploads that a crash or a kill interrupted (a finished or failed upload deletes
 * its own). A directory counts as abandoned when neither it nor any file in it has changed for
 * SPOOL_ABANDONED_AFTER_MS, so another process sharing DATA_DIR keeps the upload it is still receiving. Returns how
 * many were deleted; run at start-up.
 */
export async function removeAbandonedSpools(context: AppContext, now: Date = new Date()): Promise<number> {
  const root = spoolRoot(context);
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith("upload-")) continue;
    const directory = join(root, entry.name);
    const files = await readdir(directory).catch(() => []);
    const times = await Promise.all(
      [directory, ...files.map((file) => join(directory, file))].map((path) =>
        stat(path).then(
          (facts) => facts.mtimeMs,
          () => 0,
        ),
      ),
    );
    if (now.getTime() - Math.max(...times) < SPOOL_ABANDONED_AFTER_MS) continue;
    await rm(directory, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

export async function spoolDirectory(context: AppContext): Promise<string> {
  try {
    await mkdir(spoolRoot(context), { recursive: true });
    return await mkdtemp(join(spoolRoot(context), "upload-"));
  } catch (error) {
    throw new StorageUnavailableError("spool", "upload", error);
  }
}

/**
 * The first `length` bytes of a body (fewer when it is shorter), the stream left paused after them. `isWhole`:
 * the body ended within them.
 */
export function readHead(
  stream: NodeJS.ReadableStream,
  length: number,
): Promise<{ bytes: Buffer; isWhole: boolean; stream: NodeJS.ReadableStream }> {
  return new Promise((resolveHead, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (isWhole: boolean) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      const bytes = Buffer.concat(chunks, total);
      resolveHead({ bytes, isWhole, stream });
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      chunks.push(bytes);
      total += bytes.length;
      if (total >= length) {
        stream.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onError = (error: Error) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      reject(error);
    };
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onError);
    stream.resume();
  });
}

/**
 * Reads the rest of a body chunk by chunk, one at a time (the stream paused while `take` works, so nothing piles
 * up in memory). When `take` throws, reading stops there, the rest of the body left unread.
 */
export function consume(stream: NodeJS.ReadableStream, take: (chunk: Buffer) => void | Promise<void>): Promise<void> {
  return new Promise((resolveAll, reject) => {
    // A paused stream may still have ended (its last bytes read by readHead): then there is nothing left to wait for.
    if ((stream as Readable).readableEnded) {
      resolveAll();
      return;
    }
    const stop = () => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      stream.pause();
    };
    const onData = (chunk: Buffer | string) => {
      stream.pause();
      Promise.resolve()
        .then(() => take(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)))
        .then(
          () => stream.resume(),
          (error: unknown) => {
            stop();
            reject(error);
          },
        );
    };
    const onEnd = () => {
      stop();
      resolveAll();
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onError);
    stream.resume();
  });
}

/** Writes a body (its head already read) to `file`, refusing it with 413 past `limit` bytes; returns its size. */
export async function spoolToFile(
  head: { bytes: Buffer; isWhole: boolean; stream: NodeJS.ReadableStream },
  file: string,
  limit: number,
  tooLargeMessage: string,
): Promise<number> {
  let handle: FileHandle;
  try {
    handle = await open(file, "wx");
  } catch (error) {
    throw new StorageUnavailableError("spool", "upload", error);
  }
  let size = 0;
  const write = async (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) throw tooLarge(tooLargeMessage);
    try {
      await handle.write(chunk);
    } catch (error) {
      // The disk is full or failing: not the client's fault (503, try again).
      throw new StorageUnavailableError("spool", "upload", error);
    }
  };
  try {
    await write(head.bytes);
    if (!head.isWhole) await consume(head.stream, write);
  } finally {
    await handle.close();
  }
  return size;
}
