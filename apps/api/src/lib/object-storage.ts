import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded objects live. Local disk under DATA_DIR by default; an S3-compatible store can implement the
 * same interface (see README "Scaling out").
 */
export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when it does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** Size and type of an object, or null when it does not exist. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  /** Bytes start..endInclusive of an object as a stream, or null when it does not exist. */
  getRange(key: string, start: number, endInclusive: number): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** Where browsers can fetch the object directly (a CDN), or null when the API serves it. */
  publicUrl(key: string): string | null;
}

const SAFE_KEY = /^[a-z0-9-]+\.(webp|jpg|png|mp4)$/;
const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  mp4: "video/mp4",
};

export class LocalDiskStorage implements ObjectStorage {
  private readonly root: string;
  constructor(dataDir: string) {
    this.root = resolve(dataDir, "uploads");
  }

  async put(key: string, body: Buffer): Promise<void> {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe object key ${key}`);
    await mkdir(this.root, { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = join(this.root, `.${key}.${process.pid}.tmp`);
    await writeFile(temporary, body);
    await rename(temporary, join(this.root, key));
  }

  async get(key: string): Promise<Buffer | null> {
    if (!SAFE_KEY.test(key)) return null;
    try {
      return await readFile(join(this.root, key));
    } catch {
      return null;
    }
  }

  async stat(key: string): Promise<{ size: number; contentType: string } | null> {
    if (!SAFE_KEY.test(key)) return null;
    try {
      const info = await stat(join(this.root, key));
      const extension = key.slice(key.lastIndexOf(".") + 1);
      return { size: info.size, contentType: CONTENT_TYPES[extension] ?? "application/octet-stream" };
    } catch {
      return null;
    }
  }

  async getRange(key: string, start: number, endInclusive: number): Promise<Readable | null> {
    if (!(await this.stat(key))) return null;
    return createReadStream(join(this.root, key), { start, end: endInclusive });
  }

  async delete(key: string): Promise<void> {
    if (!SAFE_KEY.test(key)) return;
    await rm(join(this.root, key), { force: true });
  }

  publicUrl(): string | null {
    return null;
  }
}
