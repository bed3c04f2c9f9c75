import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "../config/env";
import {
  assertObjectKey,
  assertRange,
  contentTypeOfKey,
  IMMUTABLE_CACHE_CONTROL,
  isObjectKey,
  type ObjectStat,
  type ObjectStorage,
  StorageUnavailableError,
} from "./object-storage";

/** How long to wait for the store to accept a connection, and for the next bytes of an answer. */
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** The AWS SDK's S3 client, loaded when the S3_* settings are given: ~20 MB of memory a disk-only process never needs. */
type S3Sdk = typeof import("@aws-sdk/client-s3");

/** An S3Storage, with the SDK loaded first. */
export async function openS3Storage(settings: S3Settings): Promise<S3Storage> {
  return new S3Storage(settings, await import("@aws-sdk/client-s3"));
}

function isNotFound(sdk: S3Sdk, error: unknown): boolean {
  return (
    error instanceof sdk.S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

/** Runs one call to the store: a missing object is `missing` (when given), any other failure the store's. */
async function attempt<T>(
  sdk: S3Sdk,
  operation: string,
  key: string,
  call: () => Promise<T>,
  missing?: () => T,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (missing && isNotFound(sdk, error)) return missing();
    throw new StorageUnavailableError(operation, key, error);
  }
}

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) through the AWS SDK. Every API process of a
 * deployment sees the same objects, so any of them can serve an upload another one received.
 */
export class S3Storage implements ObjectStorage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly publicBase: string | null;
  /** Where the bucket is, for the start-up log line (no credentials). */
  readonly description: string;

  /** Give the SDK, loaded (openS3Storage does). */
  constructor(
    settings: S3Settings,
    private readonly sdk: S3Sdk,
  ) {
    this.bucket = settings.bucket;
    this.publicBase = settings.publicUrl ? settings.publicUrl.replace(/\/+$/, "") : null;
    this.client = new sdk.S3Client({
      region: settings.region,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // A custom endpoint (MinIO, Ceph, an emulator) names buckets in the path, not in a sub-domain.
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      // Checksums only where S3 requires them: many S3-compatible stores refuse the SDK's newer default ones.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
    const where = settings.endpoint ? new URL(settings.endpoint).origin : `AWS ${settings.region}`;
    this.description = `S3 bucket ${this.bucket} at ${where}${this.publicBase ? `, linked from ${this.publicBase}` : ""}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertObjectKey(key);
    const command = new this.sdk.PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      Body: body,
      ContentLength: body.length,
      ContentType: contentType,
      // What a CDN in front of the bucket passes on to browsers.
      CacheControl: IMMUTABLE_CACHE_CONTROL,
    });
    await attempt(this.sdk, "put", key, () => this.client.send(command));
  }

  async putFile(key: string, path: string, contentType: string): Promise<void> {
    assertObjectKey(key);
    const { size } = await stat(path);
    await attempt(this.sdk, "putFile", key, async () => {
      // A fresh stream per call: a body that was half read cannot be sent again.
      const body = createReadStream(path);
      try {
        await this.client.send(
          new this.sdk.PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: body,
            ContentLength: size,
            ContentType: contentType,
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
        );
      } finally {
        body.destroy();
      }
    });
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isObjectKey(key)) return null;
    return attempt(
      this.sdk,
      "get",
      key,
      async () => {
        const answer = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      },
      () => null,
    );
  }

  async stat(key: string): Promise<ObjectStat | null> {
    if (!isObjectKey(key)) return null;
    return attempt(
      this.sdk,
      "stat",
      key,
      async (): Promise<ObjectStat | null> => {
        const head = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? contentTypeOfKey(key) };
      },
      () => null,
    );
  }

  async getRange(key: string, start: number, endInclusive: number): Promise<NodeJS.ReadableStream | null> {
    assertRange(start, endInclusive);
    if (!isObjectKey(key)) return null;
    const command = new this.sdk.GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      Range: `bytes=${start}-${endInclusive}`,
    });
    return attempt(
      this.sdk,
      "getRange",
      key,
      async (): Promise<NodeJS.ReadableStream | null> => {
        const answer = await this.client.send(command);
        if (!(answer.Body instanceof Readable)) throw new Error("the S3 client did not answer with a Node stream");
        return answer.Body;
      },
      () => null,
    );
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    await attempt(this.sdk, "delete", key, () =>
      this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
    );
  }

  publicUrl(key: string): string | null {
    if (!this.publicBase || !isObjectKey(key)) return null;
    return `${this.publicBase}/${key}`;
  }
}
