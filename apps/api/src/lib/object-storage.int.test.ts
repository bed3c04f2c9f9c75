import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Emulator, startS3Emulator } from "../../test/s3-emulator";
import { LocalDiskStorage, type ObjectStorage, StorageUnavailableError } from "./object-storage";
import { openS3Storage } from "./object-storage-s3";

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

const backends: [string, () => Promise<ObjectStorage>][] = [
  ["local disk", async () => new LocalDiskStorage(dataDir)],
  ["S3 (emulator over HTTP)", () => openS3Storage(s3Settings())],
];

describe.each(backends)("object storage: %s", (_name, create) => {
  const bytes = Buffer.from("0123456789abcdefghij");

  it("puts, gets and stats an object", async () => {
    const storage = await create();
    await storage.put("photo-1.webp", bytes, "image/webp");
    expect(await storage.get("photo-1.webp")).toEqual(bytes);
    expect(await storage.stat("photo-1.webp")).toEqual({ size: 20, contentType: "image/webp" });
  });

  it("stores a file's bytes (putFile), leaving the file where it was", async () => {
    const storage = await create();
    const file = join(dataDir, "source.bin");
    writeFileSync(file, bytes);
    await storage.putFile("from-file.mp4", file, "video/mp4");
    expect(await storage.get("from-file.mp4")).toEqual(bytes);
    expect(await storage.stat("from-file.mp4")).toEqual({ size: 20, contentType: "video/mp4" });
    expect(readdirSync(dataDir)).toContain("source.bin");
  });

  it("streams a byte range, both ends included", async () => {
    const storage = await create();
    await storage.put("clip-1.mp4", bytes, "video/mp4");
    const stream = await storage.getRange("clip-1.mp4", 5, 9);
    expect(stream).not.toBeNull();
    expect(await text(stream as NodeJS.ReadableStream)).toBe("56789");
    expect(await text((await storage.getRange("clip-1.mp4", 0, 19)) as NodeJS.ReadableStream)).toBe(bytes.toString());
  });

  it("answers null for a missing object, and delete removes one (twice is fine)", async () => {
    const storage = await create();
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
    const storage = await create();
    for (const key of ["../escape.webp", "UPPER.webp", "a/b.webp", "x.html", ".hidden.webp", "x.webp.exe", ""]) {
      await expect(storage.put(key, bytes, "image/webp")).rejects.toThrow(/unsafe object key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe object key/);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.stat(key)).toBeNull();
      expect(await storage.getRange(key, 0, 1)).toBeNull();
    }
    await expect(storage.getRange("photo-1.webp", 5, 2)).rejects.toThrow(/invalid byte range/);
  });

  it("has no public address without S3_PUBLIC_URL", async () => {
    expect((await create()).publicUrl("photo-1.webp")).toBeNull();
  });
});

describe("local disk that fails", () => {
  const bytes = Buffer.from("0123456789");

  it("reports a disk that cannot be written as unavailable storage (503), not as a bug (500)", async () => {
    // Running as root, permissions stop nothing: a data directory below a regular file cannot be created.
    const blocker = join(dataDir, "a-file");
    writeFileSync(blocker, "not a directory");
    const storage: ObjectStorage = new LocalDiskStorage(join(blocker, "data"));
    await expect(storage.put("photo-2.webp", bytes, "image/webp")).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.putFile("clip-2.mp4", blocker, "video/mp4")).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(await storage.get("photo-2.webp"), "reads find nothing there").toBeNull();
  });

  it("reports a failed write (here EISDIR) as unavailable storage and leaves no temporary file", async () => {
    const root = join(dataDir, "eisdir");
    const storage: ObjectStorage = new LocalDiskStorage(root);
    mkdirSync(join(root, "uploads", "taken.webp"), { recursive: true });
    const failure = storage.put("taken.webp", bytes, "image/webp");
    await expect(failure).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(failure).rejects.toThrow(/object storage unavailable: put taken\.webp/);
    expect(readdirSync(join(root, "uploads"))).toEqual(["taken.webp"]);
    await expect(storage.get("taken.webp")).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

describe("S3 storage specifics", () => {
  it("stores the media type and immutable cache headers on the object (for a CDN in front)", async () => {
    const storage = await openS3Storage(s3Settings());
    await storage.put("cached.jpg", Buffer.from("jpeg"), "image/jpeg");
    const object = await storage.client.send(new GetObjectCommand({ Bucket: emulator.bucket, Key: "cached.jpg" }));
    expect(object.ContentType).toBe("image/jpeg");
    expect(object.CacheControl).toBe("public, max-age=31536000, immutable");
  });

  it("links objects from S3_PUBLIC_URL when it is set (one slash between, valid keys only)", async () => {
    const storage = await openS3Storage({ ...s3Settings(), publicUrl: "https://cdn.example.com/media/" });
    expect(storage.publicUrl("abc-1.webp")).toBe("https://cdn.example.com/media/abc-1.webp");
    expect(storage.publicUrl("../x.webp")).toBeNull();
  });

  it("fails loudly (not as 'missing') when the store refuses the credentials", async () => {
    const storage = await openS3Storage({ ...s3Settings(), secretAccessKey: "wrong" });
    await expect(storage.put("denied.webp", Buffer.from("x"), "image/webp")).rejects.toThrow();
  });
});
