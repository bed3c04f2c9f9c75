import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readPictureSize } from "./picture-header";

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#e76f51" } });

describe("readPictureSize", () => {
  it("reads the size of each format from its header, as libvips decodes it", async () => {
    expect(readPictureSize(await canvas(300, 200).jpeg().toBuffer(), "jpeg")).toEqual({ width: 300, height: 200 });
    expect(readPictureSize(await canvas(301, 7).png().toBuffer(), "png")).toEqual({ width: 301, height: 7 });
    expect(readPictureSize(await canvas(17, 400).gif().toBuffer(), "gif")).toEqual({ width: 17, height: 400 });
    expect(readPictureSize(await canvas(640, 480).webp().toBuffer(), "webp")).toEqual({ width: 640, height: 480 });
    expect(readPictureSize(await canvas(640, 481).webp({ lossless: true }).toBuffer(), "webp")).toEqual({
      width: 640,
      height: 481,
    });
    const withAlpha = await sharp({ create: { width: 33, height: 44, channels: 4, background: "#0008" } })
      .webp()
      .toBuffer();
    expect(readPictureSize(withAlpha, "webp")).toEqual({ width: 33, height: 44 });
  });

  it("reports a JPEG turned a quarter by its EXIF orientation upright, as the picture job stores it", async () => {
    const turned = await canvas(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(readPictureSize(turned, "jpeg")).toEqual({ width: 200, height: 300 });
    const upsideDown = await canvas(300, 200).jpeg().withMetadata({ orientation: 3 }).toBuffer();
    expect(readPictureSize(upsideDown, "jpeg")).toEqual({ width: 300, height: 200 });
  });

  it("finds no size in a cut-off or made-up header", async () => {
    const jpeg = await canvas(300, 200).jpeg().toBuffer();
    expect(readPictureSize(jpeg.subarray(0, 20), "jpeg")).toBeNull();
    expect(readPictureSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "jpeg")).toBeNull();
    expect(readPictureSize(Buffer.from("GIF89a"), "gif")).toBeNull();
    expect(readPictureSize(Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 "), "webp")).toBeNull();
    const png = await canvas(10, 10).png().toBuffer();
    expect(readPictureSize(png.subarray(0, 16), "png")).toBeNull();
    const zeroWide = Buffer.from(png);
    zeroWide.writeUInt32BE(0, 16);
    expect(readPictureSize(zeroWide, "png")).toBeNull();
  });
});
