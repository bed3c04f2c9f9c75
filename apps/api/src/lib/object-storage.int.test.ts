import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Emulator, startS3Emulator } from "../../test/s3-emulator";
import { LocalDiskStorage, type ObjectStorage } from "./object-storage";
import { S3Storage } from "./object-storage-s3";

let emulator: S3Emulator;
let dataDir: string;
beforeAll(async () => {
  emulator = await startS3Emulator();
  dataDir = mkdtempSync(join(tmpdir(), "plaza-storage-"));
});
afterAll(async () => {
  await emulator?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const s3Settings = () => ({
  endpoint: emulator.endpoint,
  bucket: emulator.bucket,
  region: "us-east-1",
  accessKeyId: emulator.env.S3_ACCESS_KEY_ID,
  secretAccessKey: emulator.env.S3_SECRET_ACCESS_KEY,
  publicUrl: undefined,
});

const backends: [string, () => ObjectStorage][] = [
  ["local disk", () => new LocalDiskStorage(dataDir)],
  ["S3 (emulator over HTTP)", () => new S3Storage(s3Settings())],
];

describe.each(backends)("object storage: %s", (_name, create) => {
  const bytes = Buffer.from("0123456789abcdefghij");

  it("puts, gets and stats an object", async () => {
    const storage = create();
    await storage.put("photo-1.webp", bytes, "image/webp");
    expect(await storage.get("photo-1.webp")).toEqual(bytes);
    expect(await storage.stat("photo-1.webp")).toEqual({ size: 20, contentType: "image/webp" });
  });

  it("streams a byte range, both ends included", async () => {
    const storage = create();
    await storage.put("clip-1.mp4", bytes, "video/mp4");
    const stream = await storage.getRange("clip-1.mp4", 5, 9);
    expect(stream).not.toBeNull();
    expect(await text(stream as NodeJS.ReadableStream)).toBe("56789");
    expect(await text((await storage.getRange("clip-1.mp4", 0, 19)) as NodeJS.ReadableStream)).toBe(bytes.toString());
  });

  it("answers null for a missing object, and delete removes one (twice is fine)", async () => {
    const storage = create();
    expect(await storage.get("missing.webp")).toBeNull();
    expect(await storage.stat("missing.webp")).toBeNull();
    expect(await storage.getRange("missing.webp", 0, 1)).toBeNull();
    await storage.put("gone.png", bytes, "image/png");
    await storage.delete("gone.png");
    await storage.delete("gone.png");
    expect(await storage.stat("gone.png")).toBeNull();
    expect(await storage.get("gone.png")).toBeNull();
  });

  it("refuses keys outside [a-z0-9-].(webp|jpg|png|mp4): writes throw, reads find nothing", async () => {
    const storage = create();
    for (const key of ["../escape.webp", "UPPER.webp", "a/b.webp", "x.html", ".hidden.webp", "x.webp.exe", ""]) {
      await expect(storage.put(key, bytes, "image/webp")).rejects.toThrow(/unsafe object key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe object key/);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.stat(key)).toBeNull();
      expect(await storage.getRange(key, 0, 1)).toBeNull();
    }
    await expect(storage.getRange("photo-1.webp", 5, 2)).rejects.toThrow(/invalid byte range/);
  });

  it("has no public address without S3_PUBLIC_URL", () => {
    expect(create().publicUrl("photo-1.webp")).toBeNull();
  });
});

describe("S3 storage specifics", () => {
  it("stores the media type and immutable cache headers on the object (for a CDN in front)", async () => {
    const storage = new S3Storage(s3Settings());
    await storage.put("cached.jpg", Buffer.from("jpeg"), "image/jpeg");
    const object = await storage.client.send(new GetObjectCommand({ Bucket: emulator.bucket, Key: "cached.jpg" }));
    expect(object.ContentType).toBe("image/jpeg");
    expect(object.CacheControl).toBe("public, max-age=31536000, immutable");
  });

  it("links objects from S3_PUBLIC_URL when it is set (one slash between, valid keys only)", () => {
    const storage = new S3Storage({ ...s3Settings(), publicUrl: "https://cdn.example.com/media/" });
    expect(storage.publicUrl("abc-1.webp")).toBe("https://cdn.example.com/media/abc-1.webp");
    expect(storage.publicUrl("../x.webp")).toBeNull();
  });

  it("fails loudly (not as 'missing') when the store refuses the credentials", async () => {
    const storage = new S3Storage({ ...s3Settings(), secretAccessKey: "wrong" });
    await expect(storage.put("denied.webp", Buffer.from("x"), "image/webp")).rejects.toThrow();
  });
});
