import type { PictureFormat } from "./picture-format";

/** Longest side of a stored image; larger ones are scaled down. */
export const MAX_IMAGE_SIDE = 2048;
/** Smaller widths stored beside the full image for srcset (only those narrower than it: never upscaled). */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;
/** Pictures larger than this many pixels are refused before they are decoded (the upload reads the header). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The size a picture of `size` is stored at: inside MAX_IMAGE_SIDE, never enlarged (as processPicture resizes). */
export function storedPictureSize(size: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(size.width, size.height));
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/**
 * A picture's size read from its header alone, without decoding it (no sharp in the API process): what the upload
 * request answers at once, while the picture job makes the stored sizes. JPEG's EXIF orientation is applied (a
 * picture the job turns upright is reported upright). Null when the header is missing, cut off or names no size.
 */
export function readPictureSize(bytes: Buffer, format: PictureFormat): { width: number; height: number } | null {
  const size =
    format === "png"
      ? pngSize(bytes)
      : format === "gif"
        ? gifSize(bytes)
        : format === "webp"
          ? webpSize(bytes)
          : jpegSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

function pngSize(bytes: Buffer) {
  // Signature (8), then the IHDR chunk: length (4), "IHDR", width, height.
  if (bytes.length < 24 || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function gifSize(bytes: Buffer) {
  if (bytes.length < 10) return null;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

function webpSize(bytes: Buffer) {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString("latin1", 12, 16);
  if (chunk === "VP8X") return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === "VP8 ") {
    // A key frame's start code, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

/** Start-of-frame markers (SOF0–SOF15 but DHT, JPG and DAC, which share the range). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Buffer) {
  let orientation = 1;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    const segment = offset + 4;
    if (isStartOfFrame(marker)) {
      if (segment + 5 > bytes.length) return null;
      const height = bytes.readUInt16BE(segment + 1);
      const width = bytes.readUInt16BE(segment + 3);
      // Orientations 5–8 turn the picture a quarter: the upright picture is as wide as the stored one is high.
      return orientation >= 5 ? { width: height, height: width } : { width, height };
    }
    if (marker === 0xe1 && bytes.toString("latin1", segment, segment + 6) === "Exif\0\0") {
      orientation = exifOrientation(bytes.subarray(segment + 6, offset + 2 + length)) ?? orientation;
    }
    offset += 2 + length;
  }
  return null;
}

/** The EXIF orientation tag (0x0112) of IFD0, 1–8, or null. */
function exifOrientation(tiff: Buffer): number | null {
  if (tiff.length < 8) return null;
  const order = tiff.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") return null;
  const isLittle = order === "II";
  const u16 = (at: number) => (isLittle ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (isLittle ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const directory = u32(4);
  if (directory + 2 > tiff.length) return null;
  const entries = u16(directory);
  for (let index = 0; index < entries; index += 1) {
    const entry = directory + 2 + index * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}
