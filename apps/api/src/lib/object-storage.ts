import { createReadStream } from "node:fs";
import { copyFile, mkdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

/**
 * Where uploaded objects live: local disk under DATA_DIR/uploads by default, an S3-compatible store when the S3_*
 * settings are given (object-storage-s3.ts). Objects are written once under a fresh key and never changed, so
 * they may be cached for ever.
 */
export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file's bytes under `key`, streamed (a video is never read whole into memory); the file is left as it is. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** The object's bytes, or null when it does not exist. For small objects; serve large ones with getRange. */
  get(key: string): Promise<Buffer | null>;
  /** Size and media type, or null when the object does not exist. */
  stat(key: string): Promise<ObjectStat | null>;
  /** Bytes `start` to `endInclusive` (both within the object) as a stream, or null when it does not exist. */
  getRange(key: string, start: number, endInclusive: number): Promise<NodeJS.ReadableStream | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The address clients load the object from directly (a CDN in front of the bucket), or null: served by the API. */
  publicUrl(key: string): string | null;
}

export interface ObjectStat {
  size: number;
  contentType: string;
}

/**
 * The store could not be reached or refused to work (network, credentials, its own outage): not the client's
 * fault, so the API answers 503 with Retry-After and logs the cause.
 */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
  constructor(operation: string, key: string, cause: unknown) {
    super(`object storage unavailable: ${operation} ${key}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

/** The media type of each kind of object we store; the key's extension decides it. */
const CONTENT_TYPE_BY_EXTENSION = {
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  mp4: "video/mp4",
} as const;

/** Every object key: lower-case letters, digits and dashes, and one of our extensions (no path, no dot-files). */
export const OBJECT_KEY_PATTERN = /^[a-z0-9-]+\.(webp|jpg|png|gif|mp4)$/;

export function isObjectKey(key: string): boolean {
  return OBJECT_KEY_PATTERN.test(key);
}

/** Throws for a key that is not an object key: the one check both storages run before they touch anything. */
export function assertObjectKey(key: string): void {
  if (!isObjectKey(key)) throw new Error(`unsafe object key ${JSON.stringify(key)}`);
}

/** The media type an object is served as, told from its key alone (never from what was stored with it). */
export function contentTypeOfKey(key: string): string {
  const extension = OBJECT_KEY_PATTERN.exec(key)?.[1] as keyof typeof CONTENT_TYPE_BY_EXTENSION | undefined;
  if (!extension) throw new Error(`unsafe object key ${JSON.stringify(key)}`);
  return CONTENT_TYPE_BY_EXTENSION[extension];
}

/** How a stored object's address is kept in the database, and handed out when no CDN is in front. */
const STORED_ADDRESS_PREFIX = "/uploads/";

/**
 * The stored address of one of our objects (`/uploads/{key}`) as clients load it: from the CDN in front of the
 * bucket when S3_PUBLIC_URL is set; anything else (another site, a page path, no CDN) unchanged.
 */
export function clientMediaAddress(storage: ObjectStorage, address: string): string {
  if (!address.startsWith(STORED_ADDRESS_PREFIX)) return address;
  const key = address.slice(STORED_ADDRESS_PREFIX.length);
  return (isObjectKey(key) && storage.publicUrl(key)) || address;
}

/** Objects never change once written (a fresh key per upload), so caches may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Throws for a byte range that is not `start` ≤ `endInclusive`, both whole and not negative. */
export function assertRange(start: number, endInclusive: number): void {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(endInclusive) || start < 0 || endInclusive < start) {
    throw new Error(`invalid byte range ${start}-${endInclusive}`);
  }
}

function isMissingFile(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * A failure of the disk itself (full, read-only, no permission, I/O error, out of file handles, …) rather than of
 * the request: any error with an errno code. Reported as StorageUnavailableError, so the API answers 503 with
 * Retry-After as for an unreachable S3 store, not a bare 500.
 */
function isDiskError(error: unknown): error is NodeJS.ErrnoException {
  return (
    typeof (error as NodeJS.ErrnoException)?.code === "string" &&
    /^E[A-Z0-9]+$/.test((error as NodeJS.ErrnoException).code ?? "")
  );
}

/** Runs one disk operation: a missing file is `missing` (when given), a disk failure the storage's. */
async function onDisk<T>(operation: string, key: string, call: () => Promise<T>, missing?: () => T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (missing && isMissingFile(error)) return missing();
    if (isDiskError(error)) throw new StorageUnavailableError(operation, key, error);
    throw error;
  }
}

export class LocalDiskStorage implements ObjectStorage {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = resolve(dataDir, "uploads");
  }

  async put(key: string, body: Buffer): Promise<void> {
    assertObjectKey(key);
    await this.writeAtomically("put", key, (temporary) => writeFile(temporary, body));
  }

  async putFile(key: string, path: string): Promise<void> {
    assertObjectKey(key);
    await this.writeAtomically("putFile", key, (temporary) => copyFile(path, temporary));
  }

  /** Write then rename, so a reader never sees half a file; a failed write leaves no temporary file behind. */
  private async writeAtomically(operation: string, key: string, write: (temporary: string) => Promise<void>) {
    await onDisk(operation, key, async () => {
      await mkdir(this.root, { recursive: true });
      const temporary = join(this.root, `.${key}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
      try {
        await write(temporary);
        await rename(temporary, join(this.root, key));
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => undefined);
        throw error;
      }
    });
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isObjectKey(key)) return null;
    return onDisk(
      "get",
      key,
      () => readFile(join(this.root, key)),
      () => null,
    );
  }

  async stat(key: string): Promise<ObjectStat | null> {
    if (!isObjectKey(key)) return null;
    return onDisk(
      "stat",
      key,
      async () => {
        const info = await stat(join(this.root, key));
        return info.isFile() ? { size: info.size, contentType: contentTypeOfKey(key) } : null;
      },
      () => null,
    );
  }

  async getRange(key: string, start: number, endInclusive: number): Promise<NodeJS.ReadableStream | null> {
    assertRange(start, endInclusive);
    if (!isObjectKey(key)) return null;
    const stream = createReadStream(join(this.root, key), { start, end: endInclusive });
    // Opening is asynchronous: wait for it, so a missing file is a null here rather than an error mid-response.
    return onDisk(
      "getRange",
      key,
      () =>
        new Promise<NodeJS.ReadableStream>((resolveStream, reject) => {
          stream.once("ready", () => {
            stream.off("error", reject);
            resolveStream(stream);
          });
          stream.once("error", reject);
        }),
      () => null,
    );
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    await onDisk(
      "delete",
      key,
      () => unlink(join(this.root, key)),
      () => undefined,
    );
  }

  publicUrl(): string | null {
    return null;
  }
}
