import type { PictureFormat } from "./picture-format";
import { IMAGE_VARIANT_WIDTHS, MAX_IMAGE_SIDE, MAX_INPUT_PIXELS } from "./picture-header";
import { thumbHashOf } from "./placeholder";

/**
 * The decoding and re-encoding of pictures (sharp, i.e. libvips). It runs only in the picture processes
 * (picture-process.ts, started by picture-processes.ts), never in the API process: sharp's ~25 MB stay out of it,
 * and its CPU time goes at a lower priority than requests and sign-ins.
 */

/** One piece of work for a picture process. */
export type PictureTask =
  | { op: "picture"; body: Uint8Array; format: PictureFormat }
  | { op: "poster"; png: Uint8Array }
  | { op: "render-svg"; svg: Uint8Array };

/** A picture re-encoded to WebP: the full image (at most MAX_IMAGE_SIDE), its smaller widths and a placeholder. */
export interface ProcessedPicture {
  kind: "picture";
  data: Uint8Array;
  width: number;
  height: number;
  variants: { width: number; data: Uint8Array }[];
  placeholder: string;
}

export type PictureTaskResult =
  | ProcessedPicture
  /** libvips could not read it (corrupt, truncated, too many pixels). */
  | { kind: "not-an-image" }
  /** libvips read it as another format than the first bytes named. */
  | { kind: "wrong-format" }
  | { kind: "poster"; data: Uint8Array; placeholder: string }
  | { kind: "png"; data: Uint8Array };

let sharpModule: Promise<typeof import("sharp").default> | null = null;
/** Each picture is worked on by one libvips thread: a process never takes more than its share of a core. */
function loadSharp() {
  sharpModule ??= import("sharp").then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  });
  return sharpModule;
}

/** Loads sharp ahead of the first task (a process answers "ready" once it has). */
export async function preparePictureWork(): Promise<void> {
  await loadSharp();
}

/** Bytes as IPC hands them over (a Uint8Array) as a Buffer, not copied. */
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function runPictureTask(task: PictureTask): Promise<PictureTaskResult> {
  if (task.op === "picture") return processPicture(bufferOf(task.body), task.format);
  if (task.op === "poster") return encodePoster(bufferOf(task.png));
  return renderSvg(bufferOf(task.svg));
}

/**
 * Re-encodes a picture to WebP, which drops every piece of metadata (EXIF, location, ICC) and anything hidden in
 * the original file; the smaller widths and the placeholder come from the re-encoded image, so they carry none
 * either.
 */
async function processPicture(body: Buffer, format: PictureFormat): Promise<PictureTaskResult> {
  const sharp = await loadSharp();
  const input = () => sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  // libvips picks its decoder from the bytes too: it must be the one the sniff named (reading the header only).
  const decoded = await input()
    .metadata()
    .then((metadata) => metadata.format as string)
    .catch(() => null);
  if (decoded === null) return { kind: "not-an-image" };
  if (decoded !== format) return { kind: "wrong-format" };
  let encoded: { data: Buffer; info: { width: number; height: number } };
  try {
    encoded = await input()
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { kind: "not-an-image" };
  }
  const { width, height } = encoded.info;
  const variantWidths = IMAGE_VARIANT_WIDTHS.filter((variantWidth) => variantWidth < width);
  const variants = await Promise.all(
    variantWidths.map(async (variantWidth) => ({
      width: variantWidth,
      data: await sharp(encoded.data)
        .resize({ width: variantWidth, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
    })),
  );
  const placeholder = await thumbHashOf(sharp, encoded.data);
  return { kind: "picture", data: encoded.data, width, height, variants, placeholder };
}

/** A video's poster frame (PNG from ffmpeg) as WebP, with its placeholder. */
async function encodePoster(png: Buffer): Promise<PictureTaskResult> {
  const sharp = await loadSharp();
  const data = await sharp(png).webp({ quality: 80 }).toBuffer();
  return { kind: "poster", data, placeholder: await thumbHashOf(sharp, data) };
}

/** The demo town's own drawings (trusted SVG, never an upload's bytes) as PNG. */
async function renderSvg(svg: Buffer): Promise<PictureTaskResult> {
  const sharp = await loadSharp();
  return { kind: "png", data: await sharp(svg).png({ compressionLevel: 1 }).toBuffer() };
}
