import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { UPLOAD_MAX_BYTES } from "@plaza/contracts/constants";
import {
  UPLOAD_TEXTS,
  type UploadedObjectView,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
  VIDEO_TEXTS,
} from "@plaza/contracts/uploads";
import type { AppContext } from "../../app-context";
import { AppError, badRequest, forbidden, notFound } from "../../lib/app-error";
import { clientMediaAddress, type ObjectStat } from "../../lib/object-storage";
import { type PictureFormat, sniffPicture } from "./picture-format";
import { MAX_INPUT_PIXELS, readPictureSize, storedPictureSize } from "./picture-header";
import {
  awaitPictureReady,
  contentTypeOfPicture,
  PICTURE_PROCESSING_JOB,
  pictureKeys,
} from "./picture-processing.service";
import { consume, readHead, spoolDirectory, spoolToFile, tooLarge } from "./upload-body";
import { findUpload, insertUpload, markPictureReceived, markVideoReceived, type UploadRow } from "./uploads.repository";
import { hasFfmpeg, probeVideo, sniffVideo } from "./video";
import { videoKeys } from "./video-processing.service";

/** How long a signed upload URL stays valid. */
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
/** Uploads per user per hour (ASVS 12.1.3 quota). */
export const UPLOADS_PER_HOUR = 100;

const OBJECT_URL_PATTERN = /^\/uploads\/([0-9a-f-]{36})\.(?:webp|mp4)$/;
const STORED_ADDRESS_PREFIX = "/uploads/";
/** The signed address the bytes are PUT to (see createUploadUrl). */
const UPLOAD_URL_PATTERN = /^\/api\/uploads\/([0-9a-fA-F-]{36})$/;

/** 415: the bytes are not one of the four picture formats (nor a video). */
const unsupportedPicture = () => new AppError("UNSUPPORTED_MEDIA_TYPE", 415, UPLOAD_TEXTS.unsupportedPicture);

/** How many first bytes tell a video from a picture (sniffVideo). */
const SNIFF_BYTES = 16;

const hashToken = (token: string) => createHash("sha256").update(token).digest();

export function objectUrlFor(uploadId: string): string {
  return `/uploads/${uploadId}.webp`;
}

/** The address of a video upload's re-encoded MP4. */
export function videoUrlFor(uploadId: string): string {
  return `/uploads/${uploadId}.mp4`;
}

/** The address of one stored width of an upload's image. */
export function variantUrlFor(uploadId: string, width: number): string {
  return `/uploads/${uploadId}-${width}.webp`;
}

/** Issues a signed, expiring URL the signed-in user can PUT one image to. */
export async function createUploadUrl(
  context: AppContext,
  ownerId: string,
): Promise<{ uploadURL: string; objectUrl: string; expiresAt: string }> {
  const quota = await context.rateLimiter.hit(`uploads:${ownerId}`, UPLOADS_PER_HOUR, 60 * 60 * 1000);
  if (!quota.allowed) {
    throw new AppError("RATE_LIMITED", 429, UPLOAD_TEXTS.quota, {
      headers: { "retry-after": String(Math.ceil(quota.retryAfterMs / 1000)) },
    });
  }
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(context.clock.now().getTime() + UPLOAD_URL_TTL_MS);
  const upload = await insertUpload(context.db, {
    ownerId,
    tokenHash: hashToken(token).toString("hex"),
    expiresAt,
  });
  return {
    uploadURL: `/api/uploads/${upload.id}?token=${token}`,
    objectUrl: objectUrlFor(upload.id),
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * The upload route's call: the request body as Fastify hands it (the raw stream this module's content-type parser
 * leaves unread; nothing for an empty body) and the Content-Length header as sent. See receiveUpload.
 */
export function receiveUploadRequest(
  context: AppContext,
  request: { uploadId: string; token: string; ownerId: string; body: unknown; contentLength: string | undefined },
): Promise<UploadedObjectView> {
  return receiveUpload(context, {
    uploadId: request.uploadId,
    token: request.token,
    ownerId: request.ownerId,
    body: isStream(request.body) ? request.body : Buffer.alloc(0),
    declaredLength: declaredLengthOf(request.contentLength),
  });
}

function isStream(body: unknown): body is NodeJS.ReadableStream {
  return body instanceof Readable || (typeof body === "object" && body !== null && "pipe" in body);
}

/** The announced body size, when the header holds one. */
function declaredLengthOf(header: string | undefined): number | undefined {
  if (!header || !/^\d+$/.test(header)) return undefined;
  return Number(header);
}

/**
 * Receives the bytes for a signed URL: only its owner, only once, only before it expires. The kind is told from
 * the first bytes (never the name or header). A picture (at most 10 MB, held in memory) is re-encoded to WebP,
 * which drops every piece of metadata (EXIF, location, ICC) and anything hidden in the original file. A video is
 * streamed to a file as it arrives (memory does not grow with its size) and stops being read past 100 MB.
 */
export async function receiveUpload(
  context: AppContext,
  input: {
    uploadId: string;
    token: string;
    ownerId: string;
    body: Buffer | NodeJS.ReadableStream;
    /** The Content-Length the client announced, if any: a body announced too large is refused unread. */
    declaredLength?: number;
  },
): Promise<UploadedObjectView> {
  const upload = await findUpload(context.db, input.uploadId);
  if (!upload) throw notFound(UPLOAD_TEXTS.invalidUrl);
  const expected = Buffer.from(upload.tokenHash, "hex");
  const given = hashToken(input.token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given) || upload.ownerId !== input.ownerId) {
    throw forbidden(UPLOAD_TEXTS.invalidUrl, "UPLOAD_URL_INVALID");
  }
  if (upload.status !== "pending") throw forbidden(UPLOAD_TEXTS.alreadyUsed, "UPLOAD_URL_USED");
  if (upload.expiresAt <= context.clock.now()) throw forbidden(UPLOAD_TEXTS.expired, "UPLOAD_URL_EXPIRED");

  const stream = Buffer.isBuffer(input.body) ? Readable.from([input.body]) : input.body;
  const head = await readHead(stream, SNIFF_BYTES);
  // Told from the bytes alone: only JPEG, PNG, WebP and GIF ever reach the decoder (an SVG's filters, or any
  // other format libvips can read, cost seconds of CPU from a few hundred bytes).
  const format = sniffPicture(head.bytes);
  if (!format) {
    if (sniffVideo(head.bytes)) return receiveVideo(context, upload.id, head, input.declaredLength);
    throw unsupportedPicture();
  }
  if ((input.declaredLength ?? 0) > UPLOAD_MAX_BYTES) throw tooLarge(UPLOAD_TEXTS.tooLarge);
  const chunks = [head.bytes];
  let length = head.bytes.length;
  if (!head.isWhole) {
    await consume(stream, (chunk) => {
      length += chunk.length;
      if (length > UPLOAD_MAX_BYTES) throw tooLarge(UPLOAD_TEXTS.tooLarge);
      chunks.push(chunk);
    });
  }
  if (length > UPLOAD_MAX_BYTES) throw tooLarge(UPLOAD_TEXTS.tooLarge);
  return receivePicture(context, upload.id, Buffer.concat(chunks, length), format);
}

/**
 * A picture's bytes, checked here so the uploader hears at once what is wrong: its size from the header (400 when
 * there is none, or over MAX_INPUT_PIXELS); the original is stored (never served: it still holds the uploader's
 * metadata) and the picture job makes the WebP sizes in the background (picture-processing.service.ts). The upload
 * is usable at once, shown as processing until then. Answers the size the stored picture will have.
 */
async function receivePicture(
  context: AppContext,
  uploadId: string,
  body: Buffer,
  format: PictureFormat,
): Promise<UploadedObjectView> {
  const size = readPictureSize(body, format);
  if (!size || size.width * size.height > MAX_INPUT_PIXELS) throw badRequest(UPLOAD_TEXTS.notAnImage);
  const contentType = contentTypeOfPicture(format);
  await context.storage.put(pictureKeys(uploadId, contentType).original, body, contentType);
  const { width, height } = storedPictureSize(size);
  const isMarked = await markPictureReceived(context.db, uploadId, {
    contentType,
    byteSize: body.length,
    width,
    height,
  });
  if (!isMarked) throw forbidden(UPLOAD_TEXTS.alreadyUsed, "UPLOAD_URL_USED");
  // Asks for the picture job at once rather than at its next periodic turn (with WORKERS=off a worker takes it).
  void context.jobs.request(PICTURE_PROCESSING_JOB);
  return { objectUrl: objectUrlFor(uploadId), width, height, type: "image" };
}

/**
 * A video's bytes (its kind told from the first bytes): refused with a clear 4xx when ffmpeg is missing, when it
 * is over 100 MB or 3 minutes, or when ffprobe finds no picture in it; otherwise kept for the video job, which
 * re-encodes it in the background (the upload is usable in a post at once, shown as processing). The bytes go to
 * a file under DATA_DIR/tmp as they arrive, removed again whatever happens.
 */
async function receiveVideo(
  context: AppContext,
  uploadId: string,
  head: { bytes: Buffer; isWhole: boolean; stream: NodeJS.ReadableStream },
  declaredLength: number | undefined,
): Promise<UploadedObjectView> {
  const binaries = { ffmpeg: context.env.FFMPEG_PATH, ffprobe: context.env.FFPROBE_PATH };
  if (!(await hasFfmpeg(binaries))) throw new AppError("VIDEO_UNSUPPORTED", 415, VIDEO_TEXTS.needsFfmpeg);
  if ((declaredLength ?? 0) > VIDEO_MAX_BYTES) throw tooLarge(VIDEO_TEXTS.tooLarge);
  const workDir = await spoolDirectory(context);
  try {
    const file = join(workDir, "input");
    const byteSize = await spoolToFile(head, file, VIDEO_MAX_BYTES, VIDEO_TEXTS.tooLarge);
    const facts = await probeVideo(binaries.ffprobe, file);
    if (!facts) throw badRequest(VIDEO_TEXTS.notAVideo);
    if (facts.durationSeconds > VIDEO_MAX_SECONDS + 0.5) throw badRequest(VIDEO_TEXTS.tooLong);
    await context.storage.putFile(videoKeys(uploadId).original, file, "video/mp4");
    const isMarked = await markVideoReceived(context.db, uploadId, {
      byteSize,
      width: facts.width,
      height: facts.height,
      durationSeconds: Math.round(facts.durationSeconds * 10) / 10,
    });
    if (!isMarked) throw forbidden(UPLOAD_TEXTS.alreadyUsed, "UPLOAD_URL_USED");
    // Asks for the video job at once rather than at its next periodic turn (with WORKERS=off a worker takes it).
    void context.jobs.request("video-processing");
    return { objectUrl: videoUrlFor(uploadId), width: facts.width, height: facts.height, type: "video" };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Accepts a photo or media address only when it is one of our own stored objects, uploaded by `ownerId` and
 * checked. Both addresses of an upload are understood: its object address (`/uploads/{id}.webp`) and, as the
 * spec's flow sends it, the signed `uploadURL` the bytes were PUT to (`/api/uploads/{id}?token=…`, its token
 * checked); and, with S3_PUBLIC_URL, its CDN address. Returns the canonical object address; anything else (other sites, javascript:, someone else's or an
 * unfinished upload, a wrong token) is a 400.
 */
export async function resolveOwnUpload(context: AppContext, url: string, ownerId: string): Promise<string> {
  const upload = await resolveOwnUploadRow(context, url, ownerId);
  // A photo address (profile, business) is a picture; videos go only into posts (resolveOwnUploadRow).
  if (upload.contentType?.startsWith("video/")) throw badRequest(UPLOAD_TEXTS.notAnImage);
  // Handed out as it is (no processing state shown where it is used): its sizes are made first.
  await awaitPictureReady(context, upload);
  return objectUrlFor(upload.id);
}

/** One of the owner's finished uploads, as resolveOwnUpload accepts it; its row tells size, widths and placeholder. */
export async function resolveOwnUploadRow(context: AppContext, url: string, ownerId: string): Promise<UploadRow> {
  const cdnKey = cdnObjectKeyOf(context, url);
  const address = cdnKey
    ? relativeAddressOf(`${STORED_ADDRESS_PREFIX}${cdnKey}`)
    : url.startsWith("/")
      ? relativeAddressOf(url)
      : ownAddressOf(url, context);
  const objectId = address ? OBJECT_URL_PATTERN.exec(address.pathname)?.[1] : undefined;
  const uploadUrlId = address ? UPLOAD_URL_PATTERN.exec(address.pathname)?.[1] : undefined;
  const uploadId = objectId ?? uploadUrlId;
  if (!address || !uploadId) throw badRequest(UPLOAD_TEXTS.notOurs);
  const upload = await findUpload(context.db, uploadId.toLowerCase());
  if (!upload || upload.ownerId !== ownerId || upload.status !== "ready") throw badRequest(UPLOAD_TEXTS.notOurs);
  if (!objectId && !isTokenOf(upload.tokenHash, address.searchParams.get("token"))) {
    throw badRequest(UPLOAD_TEXTS.notOurs);
  }
  return upload;
}

/** The object key of a CDN address (S3_PUBLIC_URL, as clientAddressOf hands it out), else null. */
function cdnObjectKeyOf(context: AppContext, url: string): string | null {
  const key = url.slice(url.lastIndexOf("/") + 1);
  return key && context.storage.publicUrl(key) === url ? key : null;
}

function isTokenOf(tokenHash: string, token: string | null): boolean {
  if (!token) return false;
  const expected = Buffer.from(tokenHash, "hex");
  const given = hashToken(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A path (with its query) on our own site. A path starting with "//" names another host and is refused. */
function relativeAddressOf(url: string): URL | null {
  if (url.startsWith("//") || url.startsWith("/\\")) return null;
  try {
    const parsed = new URL(url, "http://plaza.invalid");
    return parsed.origin === "http://plaza.invalid" ? parsed : null;
  } catch {
    return null;
  }
}

/** An absolute URL on our own public address, else null. */
function ownAddressOf(url: string, context: AppContext): URL | null {
  try {
    const parsed = new URL(url);
    const ownOrigin = context.env.PUBLIC_URL ? new URL(context.env.PUBLIC_URL).origin : null;
    return ownOrigin && parsed.origin === ownOrigin ? parsed : null;
  } catch {
    return null;
  }
}

/** Size and media type of a stored object, or null when there is none. */
export async function statObject(context: AppContext, key: string): Promise<ObjectStat | null> {
  return context.storage.stat(key);
}

/** Bytes `start` to `endInclusive` of a stored object as a stream (large objects are never held in memory). */
export async function openObjectRange(
  context: AppContext,
  key: string,
  start: number,
  endInclusive: number,
): Promise<NodeJS.ReadableStream | null> {
  return context.storage.getRange(key, start, endInclusive);
}

/**
 * The address a client loads a stored object from: straight from the CDN in front of the bucket when
 * S3_PUBLIC_URL is set, else our own `/uploads/{key}`. Takes a stored object address (`/uploads/{key}`); anything
 * else is returned as it is. Every answer's media fields go through this (plugins/media-addresses.ts).
 */
export function clientAddressOf(context: AppContext, storedAddress: string): string {
  return clientMediaAddress(context.storage, storedAddress);
}

/** Where the CDN serves an object, or null when objects are served by the API. */
export function publicObjectUrl(context: AppContext, key: string): string | null {
  return context.storage.publicUrl(key);
}
