import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error the emulator ships no type declarations
import S3rver from "@20minutes/s3rver";

/** The credentials the emulator checks request signatures against. */
const EMULATOR_KEY = "S3RVER";

export interface S3Emulator {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point the API at this emulator's bucket. */
  env: Record<"S3_ENDPOINT" | "S3_BUCKET" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY", string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible HTTP server (s3rver: the S3 REST API over a temp folder, request signatures checked) on a
 * free local port, with one empty bucket. Talked to over HTTP by the AWS SDK, exactly as a real store would be.
 */
export async function startS3Emulator(
  bucket = "plaza-test",
  options: {
    /**
     * Accept a bucket listing's request signature: s3rver computes a different one than the AWS SDK signs for
     * ListObjects (v1 and v2, path-style), which real S3 and MinIO accept. Only the backup's listing needs it.
     */
    allowMismatchedSignatures?: boolean;
  } = {},
): Promise<S3Emulator> {
  const directory = mkdtempSync(join(tmpdir(), "plaza-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
    allowMismatchedSignatures: options.allowMismatchedSignatures ?? false,
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: EMULATOR_KEY,
      S3_SECRET_ACCESS_KEY: EMULATOR_KEY,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
