import { once } from "node:events";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../test/factories/users";
import { buildTestApp, type TestApp } from "../../test/test-app";
import { DISCARD_MAX_BYTES } from "./oversized-body";

/**
 * A body over the limit gets a 413 answer the client can read (docs/PRODUCT.md "Fidelity fixes"), over a real TCP
 * socket: a client streaming far more than the limit must receive the JSON answer, not a reset connection.
 */
let harness: TestApp;
let port: number;

beforeAll(async () => {
  harness = await buildTestApp();
  await harness.app.listen({ port: 0, host: "127.0.0.1" });
  port = (harness.app.server.address() as AddressInfo).port;
});
afterAll(() => harness.close());

interface StreamedAnswer {
  status?: number;
  body?: string;
  error?: string;
}

const CHUNK_BYTES = 64 * 1024;

/**
 * A client that sends the whole request, then reads the answer (as many HTTP libraries do): over a raw TCP socket it
 * writes the head and `totalBytes` of body in chunks as fast as the socket takes them (chunked transfer coding unless
 * `content-length` is given), without reading, then reads the answer. A reset anywhere is what its user would see.
 */
async function sendWholeThenRead(options: {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The body's first bytes; filler follows up to totalBytes. */
  start: string;
  totalBytes: number;
}): Promise<StreamedAnswer> {
  const socket = connect({ host: "127.0.0.1", port });
  socket.pause();
  const received: Buffer[] = [];
  let failure: string | undefined;
  const closed = new Promise<void>((resolve) => {
    socket.on("error", (error: NodeJS.ErrnoException) => {
      failure ??= `${error.code ?? ""} ${error.message}`;
    });
    socket.on("close", () => resolve());
  });
  await once(socket, "connect");
  const isChunked = !("content-length" in options.headers);
  const head = [
    `${options.method} ${options.path} HTTP/1.1`,
    "host: 127.0.0.1",
    ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`),
    ...(isChunked ? ["transfer-encoding: chunked"] : []),
    "",
    "",
  ].join("\r\n");
  const write = async (data: string | Buffer) => {
    if (socket.destroyed || failure) return;
    if (!socket.write(data)) await Promise.race([once(socket, "drain").catch(() => undefined), closed]);
  };
  await write(head);
  const filler = Buffer.alloc(CHUNK_BYTES, "a");
  const body = (sent: number) =>
    sent === 0
      ? Buffer.concat([Buffer.from(options.start), filler]).subarray(0, CHUNK_BYTES)
      : filler.subarray(0, Math.min(CHUNK_BYTES, options.totalBytes - sent));
  for (let sent = 0; sent < options.totalBytes && !failure && !socket.destroyed; sent += CHUNK_BYTES) {
    const chunk = body(sent);
    await write(
      isChunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]) : chunk,
    );
  }
  if (isChunked) await write("0\r\n\r\n");
  // Now read the answer: its head, then as many body bytes as it declares.
  socket.on("data", (chunk: Buffer) => {
    received.push(chunk);
    const text = Buffer.concat(received).toString("utf8");
    const headEnd = text.indexOf("\r\n\r\n");
    const length = /content-length: (\d+)/i.exec(text)?.[1];
    if (headEnd >= 0 && length && Buffer.byteLength(text) >= headEnd + 4 + Number(length)) socket.end();
  });
  socket.resume();
  await closed;
  const text = Buffer.concat(received).toString("utf8");
  const headEnd = text.indexOf("\r\n\r\n");
  if (headEnd < 0) return { error: failure ?? "no answer" };
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  return { status, body: text.slice(headEnd + 4), ...(failure ? { error: failure } : {}) };
}

const FIVE_MB = 5 * 1024 * 1024;

describe("a body over the limit, streamed over TCP", () => {
  it.each([
    ["without a length (chunked)", {}],
    ["with its length declared", { "content-length": String(FIVE_MB) }],
  ])("5 MB of JSON %s: the client reads a 413 JSON answer", async (_case, extraHeaders) => {
    const answer = await sendWholeThenRead({
      method: "POST",
      path: "/api/auth/login",
      headers: { "content-type": "application/json", ...extraHeaders },
      start: '{"email":"someone@example.test","password":"',
      totalBytes: FIVE_MB,
    });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body ?? "")).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "Request body is too large",
    });
  });

  it("stops reading past the bound: a sender that goes on and on is cut off", async () => {
    const answer = await sendWholeThenRead({
      method: "POST",
      path: "/api/auth/login",
      headers: { "content-type": "application/json" },
      start: "[",
      totalBytes: DISCARD_MAX_BYTES + 8 * 1024 * 1024,
    });
    expect(answer.error).toMatch(/EPIPE|ECONNRESET/);
  });

  it("an upload over its limit: the client reads a 413 JSON answer", async () => {
    const { client } = await buildUser(harness.app);
    const ticket = (await client.post("/api/objects/upload")).json<{ uploadURL: string }>();
    const answer = await sendWholeThenRead({
      method: "PUT",
      path:
        new URL(ticket.uploadURL, "http://localhost").pathname + new URL(ticket.uploadURL, "http://localhost").search,
      headers: { "content-type": "image/png", cookie: client.cookie ?? "" },
      start: "GIF89a",
      totalBytes: 15 * 1024 * 1024,
    });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body ?? "")).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });
});
