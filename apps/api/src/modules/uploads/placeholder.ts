import { rgbaToThumbHash } from "thumbhash";

/** ThumbHash works from a picture of at most 100×100. */
const PLACEHOLDER_SIDE = 100;

/** A ThumbHash (base64) of an image, from a re-encode of at most 100×100. */
export async function thumbHashOf(sharp: typeof import("sharp").default, image: Buffer): Promise<string> {
  const { data, info } = await sharp(image)
    .resize({ width: PLACEHOLDER_SIDE, height: PLACEHOLDER_SIDE, fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64");
}
