import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service for tests: a local HTTP endpoint that records what the API posts, and a browser's side of a
 * subscription (real P-256 keys and auth secret) that decrypts it (RFC 8291 on RFC 8188 aes128gcm).
 */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export class TestPushService {
  readonly received: ReceivedPush[] = [];
  /** Paths answered with this status instead of 201 (e.g. 410 Gone). */
  readonly statusByPath = new Map<string, number>();
  private server: Server | null = null;
  private port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const path = request.url ?? "/";
        this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        response.statusCode = this.statusByPath.get(path) ?? 201;
        response.end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  endpoint(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  pushesTo(path: string): ReceivedPush[] {
    return this.received.filter((push) => push.path === path);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** A browser's subscription keys: the P-256 key pair and the 16-byte auth secret. */
export class BrowserSubscriptionKeys {
  private readonly ecdh = createECDH("prime256v1");
  readonly authSecret = randomBytes(16);
  readonly publicKey: Buffer;

  constructor() {
    this.publicKey = this.ecdh.generateKeys();
  }

  toJSON(endpoint: string) {
    return {
      endpoint,
      keys: { p256dh: this.publicKey.toString("base64url"), auth: this.authSecret.toString("base64url") },
    };
  }

  /** Decrypts an aes128gcm push body (RFC 8291 §3.4, RFC 8188 §2) to its text. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const keyIdLength = body[20] ?? 0;
    const serverPublicKey = body.subarray(21, 21 + keyIdLength);
    const record = body.subarray(21 + keyIdLength);
    if (record.length > recordSize) throw new Error("more than one record");
    const sharedSecret = this.ecdh.computeSecret(serverPublicKey);
    const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), this.publicKey, serverPublicKey]);
    const ikm = Buffer.from(hkdfSync("sha256", sharedSecret, this.authSecret, keyInfo, 32));
    const contentKey = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
    const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
    const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02 followed by zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error("missing last-record delimiter");
    return padded.subarray(0, end).toString("utf8");
  }
}

/**
 * Checks a VAPID Authorization header (RFC 8292: `vapid t=<JWT>, k=<public key>`): the JWT is ES256-signed by
 * that key for the endpoint's origin. Returns the key and the JWT's claims.
 */
export function verifyVapidHeader(header: string | undefined): { publicKey: string; claims: Record<string, unknown> } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? "");
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID header: ${header}`);
  const [token, publicKey] = [match[1], match[2]];
  const [head = "", payload = "", signature = ""] = token.split(".");
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const isValid = verify(
    "sha256",
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!isValid) throw new Error("VAPID signature does not verify");
  return { publicKey, claims: JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) };
}
