import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildBusiness } from "../../../test/factories/businesses";
import { buildUser } from "../../../test/factories/users";
import { type S3Emulator, startS3Emulator } from "../../../test/s3-emulator";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { S3Storage } from "../../lib/object-storage-s3";
import { clientAddressOf, resolveOwnUpload } from "./uploads.service";

/** Issue 24 "Object storage": uploads in an S3 bucket (a real S3 server over HTTP) or on local disk, served alike. */
let emulator: S3Emulator;
let photo: Buffer;
beforeAll(async () => {
  emulator = await startS3Emulator();
  photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#cc6633" } })
    .jpeg()
    .toBuffer();
});
afterAll(() => emulator?.close());

/** A finished upload of `client`'s, by its stored address (`/uploads/{key}`). */
async function uploadWith(client: TestClient): Promise<string> {
  const ticket = (await client.post("/api/objects/upload")).json<{ uploadURL: string; objectUrl: string }>();
  const response = await client.request({
    method: "PUT",
    url: ticket.uploadURL,
    payload: photo,
    headers: { "content-type": "image/jpeg" },
  });
  expect(response.statusCode).toBe(200);
  // The picture job stores the WebP sizes (it runs in the background, asked for by the upload).
  await client.settle();
  return `/uploads/${ticket.objectUrl.split("/").at(-1)}`;
}

async function uploadPhoto(harness: TestApp) {
  const { client, user } = await buildUser(harness.app);
  const ticket = (await client.post("/api/objects/upload")).json<{ uploadURL: string; objectUrl: string }>();
  const response = await client.request({
    method: "PUT",
    url: ticket.uploadURL,
    payload: photo,
    headers: { "content-type": "image/jpeg" },
  });
  expect(response.statusCode).toBe(200);
  await client.settle();
  // Behind a CDN the ticket already names the CDN address; the key is its last part either way.
  const key = ticket.objectUrl.split("/").at(-1) ?? "";
  return { client, user, objectUrl: `/uploads/${key}`, key };
}

describe.each([
  ["local disk", () => ({})],
  ["S3", () => emulator.env],
])("serving stored objects from %s", (backend, settings) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await buildTestApp(settings());
  });
  afterAll(() => harness?.close());

  it("serves an upload whole, with immutable cache headers, an ETag and Accept-Ranges; 304 on revalidation", async () => {
    const { objectUrl } = await uploadPhoto(harness);
    const anonymous = new TestClient(harness.app);
    const served = await anonymous.get(objectUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["accept-ranges"]).toBe("bytes");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    expect(served.headers["content-length"]).toBe(String(served.rawPayload.length));
    expect((await sharp(served.rawPayload).metadata()).width).toBe(900);
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const getRange = vi.spyOn(harness.context.storage, "getRange");
    const head = await anonymous.request({ method: "HEAD", url: objectUrl });
    expect(getRange, "HEAD does not fetch the bytes").not.toHaveBeenCalled();
    getRange.mockRestore();
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(served.rawPayload.length));
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);
    const again = await anonymous.get(objectUrl, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("answers range requests with 206 and Content-Range, and 416 past the end", async () => {
    const { objectUrl } = await uploadPhoto(harness);
    const anonymous = new TestClient(harness.app);
    const whole = (await anonymous.get(objectUrl)).rawPayload;
    const size = whole.length;

    const first = await anonymous.get(objectUrl, { range: "bytes=0-99" });
    expect(first.statusCode).toBe(206);
    expect(first.headers["content-range"]).toBe(`bytes 0-99/${size}`);
    expect(first.headers["content-length"]).toBe("100");
    expect(first.rawPayload).toEqual(whole.subarray(0, 100));

    const tail = await anonymous.get(objectUrl, { range: "bytes=-10" });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers["content-range"]).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(tail.rawPayload).toEqual(whole.subarray(size - 10));

    const rest = await anonymous.get(objectUrl, { range: `bytes=${size - 5}-` });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload).toEqual(whole.subarray(size - 5));

    const beyond = await anonymous.get(objectUrl, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${size}`);

    const stale = await anonymous.get(objectUrl, { range: "bytes=0-9", "if-range": '"another-version"' });
    expect(stale.statusCode, "If-Range with another ETag gets the whole object").toBe(200);
    expect(stale.rawPayload).toEqual(whole);
  });

  it("streams a large object (a video-sized file) whole and in the middle", async () => {
    const large = Buffer.alloc(6 * 1024 * 1024);
    for (let index = 0; index < large.length; index += 4096) large.writeUInt32BE(index, index);
    await harness.context.storage.put("large-clip.mp4", large, "video/mp4");
    const anonymous = new TestClient(harness.app);
    const whole = await anonymous.get("/uploads/large-clip.mp4");
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("video/mp4");
    expect(whole.rawPayload.equals(large)).toBe(true);
    const middle = await anonymous.get("/uploads/large-clip.mp4", { range: "bytes=3000000-3999999" });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(large.subarray(3_000_000, 4_000_000))).toBe(true);
  });

  it("answers 404 for a missing object and 400 for a name that is not an object key", async () => {
    const anonymous = new TestClient(harness.app);
    const missing = await anonymous.get("/uploads/00000000-0000-4000-8000-000000000000.webp");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-store");
    expect((await anonymous.get("/uploads/missing.mp4", { range: "bytes=0-1" })).statusCode).toBe(404);
    for (const name of ["..%2Fsecret.webp", "UPPER.webp", "x.html", "x.svg"]) {
      expect((await anonymous.get(`/uploads/${name}`)).statusCode, name).toBe(400);
    }
  });

  if (backend === "S3") {
    it("puts the re-encoded upload in the bucket (read back with the SDK), not on the local disk", async () => {
      const { key } = await uploadPhoto(harness);
      const storage = harness.context.storage;
      expect(storage).toBeInstanceOf(S3Storage);
      const object = await (storage as S3Storage).client.send(
        new GetObjectCommand({ Bucket: emulator.bucket, Key: key }),
      );
      expect(object.ContentType).toBe("image/webp");
      const stored = Buffer.from(
        await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      );
      expect((await sharp(stored).metadata()).format).toBe("webp");
      const served = await new TestClient(harness.app).get(`/uploads/${key}`);
      expect(served.rawPayload.equals(stored)).toBe(true);
      expect(existsSync(join(harness.context.env.DATA_DIR, "uploads", key))).toBe(false);
    });
  }
});

describe("S3 with a CDN in front (S3_PUBLIC_URL)", () => {
  const cdn = "https://media.example.com/plaza";
  let harness: TestApp;
  beforeAll(async () => {
    harness = await buildTestApp({ ...emulator.env, S3_PUBLIC_URL: cdn });
  });
  afterAll(() => harness?.close());

  it("links objects from the CDN, redirects old links there, and takes the CDN address back as ours", async () => {
    const { client, user, objectUrl, key } = await uploadPhoto(harness);
    expect(clientAddressOf(harness.context, objectUrl)).toBe(`${cdn}/${key}`);
    expect(clientAddressOf(harness.context, "https://elsewhere.example/x.webp")).toBe(
      "https://elsewhere.example/x.webp",
    );

    const redirected = await new TestClient(harness.app).get(objectUrl);
    expect(redirected.statusCode).toBe(301);
    expect(redirected.headers.location).toBe(`${cdn}/${key}`);

    expect(await resolveOwnUpload(harness.context, `${cdn}/${key}`, user.id)).toBe(objectUrl);
    const saved = await client.put("/api/profile/photo", { profileImageUrl: `${cdn}/${key}` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profileImageUrl).toBe(`${cdn}/${key}`);
    const forged = await client.put("/api/profile/photo", { profileImageUrl: `${cdn}/../${key}` });
    expect(forged.statusCode).toBe(400);
  });

  it("hands out CDN addresses everywhere media is shown: photos, logos, covers, post media, widths, mediaUrls", async () => {
    const { client, user, objectUrl, key } = await uploadPhoto(harness);
    const cdnOf = (stored: string) => `${cdn}/${stored.replace("/uploads/", "")}`;
    const ticket = (await client.post("/api/objects/upload")).json<{ objectUrl: string }>();
    expect(ticket.objectUrl, "the upload ticket names the CDN address").toMatch(`${cdn}/`);

    // Stored as our own address, read back through every presenter as the CDN's.
    expect((await client.put("/api/profile/photo", { profileImageUrl: objectUrl })).statusCode).toBe(200);
    expect((await client.get("/api/auth/user")).json().profileImageUrl).toBe(`${cdn}/${key}`);
    expect((await client.get(`/api/users/${user.id}`)).json().profileImageUrl).toBe(`${cdn}/${key}`);
    const [stored] = await harness.context.db
      .execute<{ profile_image_url: string }>(sql`select profile_image_url from users where id = ${user.id}`)
      .then((result) => (result as unknown as { rows: { profile_image_url: string }[] }).rows);
    expect(stored?.profile_image_url, "the database keeps the stored address").toBe(objectUrl);

    const created = await client.post("/api/posts", {
      title: "Wide",
      content: "A wide picture",
      media: [{ url: `${cdn}/${key}`, alt: "Orange" }],
    });
    expect(created.statusCode).toBe(201);
    const read = (await client.get(`/api/posts/${created.json().id}`)).json();
    expect(read.author.profileImageUrl).toBe(`${cdn}/${key}`);
    expect(read.mediaUrl).toBe(`${cdn}/${key}`);
    expect(read.mediaUrls).toEqual([`${cdn}/${key}`]);
    expect(read.imageUrl).toBe(`${cdn}/${key}`);
    expect(read.media[0].url).toBe(`${cdn}/${key}`);
    expect(read.media[0].variants.map((variant: { url: string }) => variant.url)).toEqual([
      cdnOf(objectUrl.replace(".webp", "-480.webp")),
      `${cdn}/${key}`,
    ]);
    const feed = (await client.get(`/api/users/${user.id}/posts`)).json();
    expect(JSON.stringify(feed)).not.toContain('"/uploads/');

    const { owner, business } = await buildBusiness(harness.app);
    const logo = await uploadWith(owner);
    const cover = await uploadWith(owner);
    const saved = await owner.patch(`/api/businesses/${business.id}`, { logoUrl: logo, coverImageUrl: cover });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      logoUrl: cdnOf(logo),
      logoImageUrl: cdnOf(logo),
      coverImageUrl: cdnOf(cover),
    });
    expect((await owner.get(`/api/businesses/${business.id}`)).json().logoUrl).toBe(cdnOf(logo));
  });

  it("lets pages load pictures and videos from the CDN (CSP)", async () => {
    const page = await new TestClient(harness.app).get("/healthz");
    const csp = page.headers["content-security-policy"] as string;
    expect(csp).toMatch(/img-src [^;]*https:\/\/media\.example\.com/);
    expect(csp).toMatch(/media-src [^;]*https:\/\/media\.example\.com/);
  });
});

describe("S3 store unreachable", () => {
  let harness: TestApp;
  beforeAll(async () => {
    const gone = await startS3Emulator("plaza-gone");
    await gone.close();
    harness = await buildTestApp(gone.env);
  });
  afterAll(() => harness?.close());

  it("answers 503 with Retry-After (not 500), and the upload link stays usable for a retry", async () => {
    const { client } = await buildUser(harness.app);
    const ticket = (await client.post("/api/objects/upload")).json<{ uploadURL: string; objectUrl: string }>();
    const put = () =>
      client.request({
        method: "PUT",
        url: ticket.uploadURL,
        payload: photo,
        headers: { "content-type": "image/jpeg" },
      });
    for (const answer of [await put(), await put()]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers["retry-after"]).toBeDefined();
      expect(answer.json()).toMatchObject({ code: "STORAGE_UNAVAILABLE" });
    }
    const served = await new TestClient(harness.app).get(ticket.objectUrl);
    expect(served.statusCode).toBe(503);
  });
});

describe("local disk that cannot be written (full, read-only, failing)", () => {
  let harness: TestApp;
  let parent: string;
  beforeAll(async () => {
    // Running as root, permissions stop nothing: a data directory below a regular file cannot be written.
    parent = mkdtempSync(join(tmpdir(), "plaza-broken-disk-"));
    writeFileSync(join(parent, "file"), "not a directory");
    harness = await buildTestApp({ DATA_DIR: join(parent, "file", "data") });
  });
  afterAll(async () => {
    await harness?.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it("answers 503 with Retry-After like an S3 outage, not 500", async () => {
    const { client } = await buildUser(harness.app);
    const ticket = (await client.post("/api/objects/upload")).json<{ uploadURL: string }>();
    const answer = await client.request({
      method: "PUT",
      url: ticket.uploadURL,
      payload: photo,
      headers: { "content-type": "image/jpeg" },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["retry-after"]).toBeDefined();
    expect(answer.json()).toMatchObject({ code: "STORAGE_UNAVAILABLE" });
  });
});
