/** The picture formats Plaza decodes, told from the first bytes only (never the name or the declared type). */
export type PictureFormat = "jpeg" | "png" | "webp" | "gif";

/** How many first bytes sniffPicture needs. */
export const PICTURE_SNIFF_BYTES = 12;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * JPEG, PNG, WebP or GIF by their magic bytes, else null. Everything else libvips could also read (SVG with its
 * filters, TIFF, HEIF/AVIF, PDF, raw formats…) is refused before any decoder sees it.
 */
export function sniffPicture(bytes: Buffer): PictureFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  if (bytes.length >= 6) {
    const start = bytes.toString("latin1", 0, 6);
    if (start === "GIF87a" || start === "GIF89a") return "gif";
  }
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") {
    return "webp";
  }
  return null;
}
