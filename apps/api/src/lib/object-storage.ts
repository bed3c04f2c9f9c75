import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

/**
 * Where uploaded objects live. Local disk under DATA_DIR by default; an S3-compatible store can implement the
 * same interface (see README "Scaling out").
 */
export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when it does not exist. */
  get(key: string): Promise<Buffer | null>;
}

const SAFE_KEY = /^[a-z0-9-]+\.(webp)$/;

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
}
