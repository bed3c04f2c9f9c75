import { setTimeout as delay } from "node:timers/promises";
import { UPLOAD_TEXTS } from "@plaza/contracts/uploads";
import type { AppContext } from "../../app-context";
import { AppError, badRequest } from "../../lib/app-error";
import { mediaWork } from "../../lib/media-work";
import { type PictureFormat, sniffPicture } from "./picture-format";
import {
  asBuffer,
  PICTURE_TIMEOUT_MS,
  PictureProcessCrashed,
  PictureProcessTimedOut,
  PictureProcessUnavailable,
} from "./picture-processes";
import type { PictureTaskResult } from "./picture-work";
import {
  claimMediaToProcess,
  failMedia,
  findUpload,
  finishPicture,
  releaseMediaLease,
  type UploadRow,
  updatePostMediaOfUpload,
} from "./uploads.repository";

/** The job kind that makes the stored sizes of received pictures. */
export const PICTURE_PROCESSING_JOB = "picture-processing";
/** How long one run may hold a picture before another takes it over (its process is presumed dead). */
export const PICTURE_LEASE_MS = 2 * PICTURE_TIMEOUT_MS;
/** A picture started this many times without finishing (crashes, timeouts) is given up on. */
const MAX_ATTEMPTS = 3;

/** The media type of each received picture format, as the original is stored until the job has made the sizes. */
const CONTENT_TYPE_OF_FORMAT: Record<PictureFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};
const EXTENSION_OF_CONTENT_TYPE: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

export function contentTypeOfPicture(format: PictureFormat): string {
  return CONTENT_TYPE_OF_FORMAT[format];
}

/**
 * Storage keys of a picture upload: the received bytes (kept until the job has made the sizes; never served, they
 * still hold the uploader's metadata), the full WebP and one per smaller width.
 */
export const pictureKeys = (uploadId: string, originalContentType = "image/jpeg") => ({
  original: `${uploadId}-original.${EXTENSION_OF_CONTENT_TYPE[originalContentType] ?? "jpg"}`,
  picture: `${uploadId}.webp`,
  variant: (width: number) => `${uploadId}-${width}.webp`,
});

/**
 * The picture job: makes the stored sizes of every picture waiting for them, one at a time, from what the database
 * says (an image upload with `processing_status = processing` whose lease has passed), so a restart in the middle
 * loses nothing: the lease runs out and a later run starts that picture again. Each ends `ready` (the WebP sizes
 * stored, the upload and the posts holding it updated) or `failed`. Returns how many it took.
 */
export async function processPendingPictures(context: AppContext): Promise<number> {
  let processed = 0;
  for (;;) {
    const now = context.clock.now();
    const upload = await claimMediaToProcess(context.db, "picture", now, new Date(now.getTime() + PICTURE_LEASE_MS));
    if (!upload) return processed;
    // Under the process's media cap, one picture at a time per uploader (lib/media-work.ts).
    await mediaWork.run(upload.ownerId, () => processPicture(context, upload));
    processed += 1;
  }
}

/**
 * A picture's upload once its sizes are made, for uses that hand its address out as it is (a profile photo, a
 * business's pictures, a message photo): a picture the job has not taken yet is made here, one a job is making is
 * waited for. A picture that failed is a 400; one still not made after the picture timeout a 503.
 */
export async function awaitPictureReady(context: AppContext, upload: UploadRow): Promise<UploadRow> {
  const deadline = Date.now() + PICTURE_TIMEOUT_MS + 5000;
  let current: UploadRow | undefined = upload;
  for (;;) {
    if (!current) throw badRequest(UPLOAD_TEXTS.notOurs);
    if (current.processingStatus === "ready" || current.processingStatus === null) return current;
    if (current.processingStatus === "failed") throw badRequest(UPLOAD_TEXTS.failed);
    const now = context.clock.now();
    const claimed = await claimMediaToProcess(
      context.db,
      "picture",
      now,
      new Date(now.getTime() + PICTURE_LEASE_MS),
      current.id,
    );
    if (claimed) await processPicture(context, claimed).catch(unavailableOn);
    else if (Date.now() > deadline) {
      throw new AppError("PICTURE_PROCESSING_UNAVAILABLE", 503, UPLOAD_TEXTS.processingUnavailable, {
        headers: { "retry-after": "30" },
      });
    } else await delay(100);
    current = await findUpload(context.db, current.id);
  }
}

/** A picture that could not be worked on now (busy machine, no process): 503, try again. */
function unavailableOn(error: unknown): never {
  if (error instanceof PictureProcessTimedOut || error instanceof PictureProcessUnavailable) {
    throw new AppError("PICTURE_PROCESSING_UNAVAILABLE", 503, UPLOAD_TEXTS.processingUnavailable, {
      headers: { "retry-after": "30" },
    });
  }
  throw error;
}

async function processPicture(context: AppContext, upload: UploadRow): Promise<void> {
  const keys = pictureKeys(upload.id, upload.contentType ?? undefined);
  if (upload.processingAttempts > MAX_ATTEMPTS) {
    await giveUp(context, upload, "picture not processed after repeated attempts");
    return;
  }
  const body = await readWhole(context, keys.original);
  const format = body ? sniffPicture(body) : null;
  if (!body || !format) {
    await giveUp(context, upload, "picture original missing or unreadable");
    return;
  }
  let result: PictureTaskResult;
  try {
    result = await context.pictures.run({ op: "picture", body, format });
  } catch (error) {
    // Its process died on it: the picture's own fault (corrupt, memory running out), as a 400 used to say.
    if (error instanceof PictureProcessCrashed) result = { kind: "not-an-image" };
    else {
      // Not the picture's fault (a timeout on a busy machine, no process could start): another run takes it at
      // once (the job's retry, or the periodic run), until MAX_ATTEMPTS.
      if (error instanceof PictureProcessTimedOut || error instanceof PictureProcessUnavailable) {
        context.background.log.warn({ err: error, uploadId: upload.id }, "picture not processed; will retry");
      }
      await releaseMediaLease(context.db, upload.id);
      throw error;
    }
  }
  if (result.kind !== "picture") {
    await giveUp(context, upload, `picture could not be decoded (${result.kind})`);
    return;
  }
  for (const variant of result.variants) {
    await context.storage.put(keys.variant(variant.width), asBuffer(variant.data), "image/webp");
  }
  const data = asBuffer(result.data);
  await context.storage.put(keys.picture, data, "image/webp");
  const stored = {
    width: result.width,
    height: result.height,
    placeholder: result.placeholder,
    variantWidths: result.variants.map((variant) => variant.width),
  };
  await context.db.transaction(async (tx) => {
    // Only once: a run that lost its lease and finished second changes nothing (the objects it wrote are the same).
    if (await finishPicture(tx, upload.id, { byteSize: data.length, ...stored })) {
      await updatePostMediaOfUpload(tx, upload.id, stored);
    }
  });
  await context.storage.delete(keys.original);
}

async function giveUp(context: AppContext, upload: UploadRow, reason: string): Promise<void> {
  context.background.log.warn({ uploadId: upload.id }, reason);
  await failMedia(context.db, upload.id);
  await context.storage.delete(pictureKeys(upload.id, upload.contentType ?? undefined).original);
}

/** A stored object's bytes (a picture is at most 10 MB: held in memory, as the upload request held it). */
async function readWhole(context: AppContext, key: string): Promise<Buffer | null> {
  const stat = await context.storage.stat(key);
  if (!stat || stat.size === 0) return null;
  const stream = await context.storage.getRange(key, 0, stat.size - 1);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
