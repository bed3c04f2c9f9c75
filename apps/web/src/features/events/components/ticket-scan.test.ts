import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { decodeQrFrame, type Frame } from "./ticket-scan";

/** A QR code drawn as RGBA pixels, `scale` pixels a module, with a quiet zone of four modules. */
function qrFrame(text: string, scale = 6): Frame {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const border = 4;
  const width = (modules.size + border * 2) * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let y = 0; y < width; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const row = Math.floor(y / scale) - border;
      const column = Math.floor(x / scale) - border;
      const isDark = row >= 0 && column >= 0 && row < modules.size && column < modules.size && modules.get(row, column);
      if (!isDark) continue;
      const offset = (y * width + x) * 4;
      data[offset] = 0;
      data[offset + 1] = 0;
      data[offset + 2] = 0;
    }
  }
  return { data, width, height: width };
}

describe("decodeQrFrame", () => {
  it("reads the ticket code back from a generated QR image", async () => {
    expect(await decodeQrFrame(qrFrame("7KQ2M9XH4P"))).toBe("7KQ2M9XH4P");
  });

  it("answers null for a frame with no code", async () => {
    const blank = { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 };
    expect(await decodeQrFrame(blank)).toBeNull();
  });
});
