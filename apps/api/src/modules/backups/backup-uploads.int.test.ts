import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Emulator, startS3Emulator } from "../../../test/s3-emulator";
import type { S3Settings } from "../../config/env";
import { openS3Storage } from "../../lib/object-storage-s3";
import { checkS3Objects, listS3Objects, restoreLocalUploads, stageLocalUploads } from "./backup-uploads";

/** The uploads part of `npm run backup` / `npm run restore`: local files with their sha256, or the bucket's list. */
describe("backup of the uploads", () => {
  const folder = mkdtempSync(join(tmpdir(), "plaza-backup-uploads-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("archives every object of the uploads folder with its sha256, not a write in progress, and restores them", async () => {
    const uploads = join(folder, "uploads");
    const staging = join(folder, "staging");
    mkdirSync(uploads);
    writeFileSync(join(uploads, "a1-480.webp"), "first");
    writeFileSync(join(uploads, "b2.mp4"), "second");
    writeFileSync(join(uploads, ".c3.webp.1.x.tmp"), "half written");
    const files = await stageLocalUploads(uploads, staging);
    expect(files).toEqual([
      { key: "a1-480.webp", size: 5, sha256: "a7937b64b8caa58f03721bb6bacf5c78cb235febe0e70b1b84cd99541461a08e" },
      { key: "b2.mp4", size: 6, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);

    const restored = join(folder, "restored");
    expect(await restoreLocalUploads(files, staging, restored)).toEqual([]);
    expect((await readdir(restored)).sort()).toEqual(["a1-480.webp", "b2.mp4"]);

    writeFileSync(join(staging, "b2.mp4"), "changed");
    const again = join(folder, "again");
    expect(await restoreLocalUploads([...files, { key: "d4.png", size: 1, sha256: "0" }], staging, again)).toEqual([
      "file b2.mp4 differs from the backup's",
      "file d4.png is missing from the archive",
    ]);
  });

  it("an uploads folder that does not exist holds no files", async () => {
    expect(await stageLocalUploads(join(folder, "none"), join(folder, "staging-none"))).toEqual([]);
  });
});

describe("backup of the uploads in S3", () => {
  let emulator: S3Emulator;
  let settings: S3Settings;
  beforeAll(async () => {
    emulator = await startS3Emulator("plaza-backup", { allowMismatchedSignatures: true });
    settings = {
      endpoint: emulator.endpoint,
      bucket: emulator.bucket,
      region: "us-east-1",
      accessKeyId: emulator.env.S3_ACCESS_KEY_ID,
      secretAccessKey: emulator.env.S3_SECRET_ACCESS_KEY,
      publicUrl: undefined,
    };
  });
  afterAll(async () => emulator?.close());

  it("lists the bucket's objects with sizes and ETags, and finds one gone at restore", async () => {
    const storage = await openS3Storage(settings);
    await storage.put("e5.webp", Buffer.from("picture"), "image/webp");
    await storage.put("f6.mp4", Buffer.from("a video"), "video/mp4");
    const listed = await listS3Objects(settings);
    expect(listed).toEqual({
      storage: "s3",
      bucket: "plaza-backup",
      objects: [
        { key: "e5.webp", size: 7, etag: expect.stringMatching(/^".+"$/) },
        { key: "f6.mp4", size: 7, etag: expect.stringMatching(/^".+"$/) },
      ],
    });
    if (listed.storage !== "s3") throw new Error("not an S3 listing");
    expect(await checkS3Objects(settings, listed.objects)).toEqual([]);
    await storage.delete("f6.mp4");
    expect(await checkS3Objects(settings, listed.objects)).toEqual(["object f6.mp4 is not in bucket plaza-backup"]);
  });
});
