import { describe, expect, it } from "vitest";
import { sniffPicture } from "./picture-format";

describe("sniffPicture", () => {
  it("knows the four picture formats by their first bytes", () => {
    expect(sniffPicture(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("jpeg");
    expect(sniffPicture(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe("png");
    expect(sniffPicture(Buffer.from("GIF89a\x01\x00"))).toBe("gif");
    expect(sniffPicture(Buffer.from("GIF87a\x01\x00"))).toBe("gif");
    expect(sniffPicture(Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 "))).toBe("webp");
  });

  it("refuses everything else, SVG, AVIF and TIFF included", () => {
    expect(sniffPicture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffPicture(Buffer.from('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffPicture(Buffer.from("\x00\x00\x00\x1cftypavif\x00\x00\x00\x00"))).toBeNull();
    expect(sniffPicture(Buffer.from("II*\x00\x08\x00\x00\x00"))).toBeNull();
    expect(sniffPicture(Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt "))).toBeNull();
    expect(sniffPicture(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffPicture(Buffer.alloc(0))).toBeNull();
  });
});
