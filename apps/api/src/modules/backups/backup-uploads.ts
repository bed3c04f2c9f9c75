import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, link, mkdir, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { S3Settings } from "../../config/env";
import { isObjectKey } from "../../lib/object-storage";
import { openS3Storage } from "../../lib/object-storage-s3";
import type { ArchivedFile, ListedObject, UploadsManifest } from "./backup-manifest";

/** Uploaded objects are checked this many at a time against the bucket. */
const S3_CHECKS_AT_ONCE = 8;

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** The object keys in a local uploads folder (a missing folder holds none; writes in progress are dot-files). */
async function localKeys(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter(isObjectKey).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** A file in `into`: hard-linked when the disk allows (objects are never changed once written), else copied. */
async function linkOrCopy(from: string, into: string): Promise<void> {
  try {
    await link(from, into);
  } catch {
    await copyFile(from, into);
  }
}

/**
 * Puts every uploaded file of `uploadsDir` into `stagingDir` and lists it with its size and sha256. A file deleted
 * while this runs is left out (the database dump was taken first, so nothing it names is missed but such files).
 */
export async function stageLocalUploads(uploadsDir: string, stagingDir: string): Promise<ArchivedFile[]> {
  await mkdir(stagingDir, { recursive: true });
  const files: ArchivedFile[] = [];
  for (const key of await localKeys(uploadsDir)) {
    const target = join(stagingDir, key);
    try {
      await linkOrCopy(join(uploadsDir, key), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    files.push({ key, size: (await stat(target)).size, sha256: await sha256OfFile(target) });
  }
  return files;
}

/** Every object of the bucket with its size and ETag (the bytes stay in the bucket). */
export async function listS3Objects(settings: S3Settings): Promise<UploadsManifest> {
  const storage = await openS3Storage(settings);
  const { ListObjectsV2Command } = await import("@aws-sdk/client-s3");
  const objects: ListedObject[] = [];
  let token: string | undefined;
  do {
    const page = await storage.client.send(
      new ListObjectsV2Command({ Bucket: storage.bucket, ContinuationToken: token }),
    );
    for (const item of page.Contents ?? []) {
      if (item.Key) objects.push({ key: item.Key, size: item.Size ?? 0, etag: item.ETag ?? "" });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  storage.client.destroy();
  return { storage: "s3", bucket: storage.bucket, objects };
}

/** True when the local uploads folder holds no object. */
export async function isUploadsFolderEmpty(uploadsDir: string): Promise<boolean> {
  return (await localKeys(uploadsDir)).length === 0;
}

/** Copies the archived files into the uploads folder; each difference from the manifest, as a sentence. */
export async function restoreLocalUploads(files: ArchivedFile[], fromDir: string, uploadsDir: string) {
  await mkdir(uploadsDir, { recursive: true });
  const problems: string[] = [];
  for (const file of files) {
    if (!isObjectKey(file.key)) {
      problems.push(`${JSON.stringify(file.key)} is not an upload's name`);
      continue;
    }
    const target = join(uploadsDir, file.key);
    try {
      await copyFile(join(fromDir, file.key), target);
    } catch {
      problems.push(`file ${file.key} is missing from the archive`);
      continue;
    }
    if ((await sha256OfFile(target)) !== file.sha256) problems.push(`file ${file.key} differs from the backup's`);
  }
  return problems;
}

/** Checks that every listed object is in the bucket with its size; each difference, as a sentence. */
export async function checkS3Objects(settings: S3Settings, objects: ListedObject[]): Promise<string[]> {
  const storage = await openS3Storage(settings);
  const problems: string[] = [];
  const queue = [...objects];
  const check = async () => {
    for (let object = queue.shift(); object; object = queue.shift()) {
      const found = isObjectKey(object.key) ? await storage.stat(object.key) : null;
      if (!found) problems.push(`object ${object.key} is not in bucket ${storage.bucket}`);
      else if (found.size !== object.size)
        problems.push(`object ${object.key} has ${found.size} bytes, not ${object.size}`);
    }
  };
  await Promise.all(Array.from({ length: S3_CHECKS_AT_ONCE }, check));
  storage.client.destroy();
  return problems;
}
