import sharp from "sharp";
import type { TestClient } from "../test-app";

let testImage: Promise<Buffer> | null = null;

/**
 * Uploads an image through the real uploads API as the client's user and returns its object address.
 * `finish: false` stops after asking for the URL, leaving a pending upload; `settle: false` returns before the
 * picture job has made its sizes (it is then processing).
 */
export async function uploadTestImage(
  client: TestClient,
  options: { finish?: boolean; settle?: boolean } = {},
): Promise<string> {
  testImage ??= sharp({ create: { width: 64, height: 40, channels: 3, background: "#2a9d8f" } })
    .png()
    .toBuffer();
  const ticket = await client.post("/api/objects/upload");
  if (ticket.statusCode !== 200) throw new Error(`upload URL failed: ${ticket.statusCode} ${ticket.body}`);
  const { uploadURL, objectUrl } = ticket.json<{ uploadURL: string; objectUrl: string }>();
  if (options.finish === false) return objectUrl;
  const stored = await client.request({
    method: "PUT",
    url: uploadURL,
    payload: await testImage,
    headers: { "content-type": "image/png" },
  });
  if (stored.statusCode !== 200) throw new Error(`upload failed: ${stored.statusCode} ${stored.body}`);
  if (options.settle !== false) await client.settle();
  return objectUrl;
}
