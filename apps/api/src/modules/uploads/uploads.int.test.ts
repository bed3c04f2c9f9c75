import { UPLOAD_TEXTS } from "@plaza/contracts/uploads";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { resolveOwnUpload } from "./uploads.service";

let harness: TestApp;
let photo: Buffer;

beforeAll(async () => {
  harness = await buildTestApp();
  // A JPEG carrying EXIF (camera and GPS-like metadata) that must not survive.
  photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3366cc" } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam", Copyright: "Somebody" } })
    .toBuffer();
});
afterAll(() => harness.close());

async function requestUploadUrl(client: TestClient) {
  const response = await client.post("/api/objects/upload");
  expect(response.statusCode).toBe(200);
  return response.json<{ uploadURL: string; objectUrl: string }>();
}

function putBytes(client: TestClient, url: string, body: Buffer, contentType = "image/jpeg") {
  return client.request({ method: "PUT", url, payload: body, headers: { "content-type": contentType } });
}

describe("uploads", () => {
  it("POST /api/objects/upload needs a session (401)", async () => {
    expect((await new TestClient(harness.app).post("/api/objects/upload")).statusCode).toBe(401);
  });

  it("stores a re-encoded image without metadata (the picture job), served as a sandboxed image", async () => {
    const { client, user } = await buildUser(harness.app);
    const { uploadURL, objectUrl } = await requestUploadUrl(client);
    const response = await putBytes(client, uploadURL, photo);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ objectUrl, width: 1200, height: 800 });
    // Made by the picture job, which the upload asked for.
    await client.settle();

    const served = await new TestClient(harness.app).get(objectUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from("SecretCam"))).toBe(false);

    expect(await resolveOwnUpload(harness.context, objectUrl, user.id)).toBe(objectUrl);
  });

  it("refuses bytes that are not an image, whatever the content type says", async () => {
    const { client } = await buildUser(harness.app);
    const { uploadURL } = await requestUploadUrl(client);
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const response = await putBytes(client, uploadURL, html, "image/png");
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ message: "Upload a JPEG, PNG, WebP or GIF picture" });
  });

  it("refuses another user's URL, a wrong token, a second use and an expired URL", async () => {
    const { client: owner } = await buildUser(harness.app);
    const { client: stranger } = await buildUser(harness.app);
    const { uploadURL } = await requestUploadUrl(owner);
    expect((await putBytes(stranger, uploadURL, photo)).statusCode).toBe(403);
    expect((await putBytes(owner, uploadURL.replace(/token=.*/, "token=forged"), photo)).statusCode).toBe(403);
    expect((await putBytes(owner, uploadURL, photo)).statusCode).toBe(200);
    const reused = await putBytes(owner, uploadURL, photo);
    expect(reused.statusCode).toBe(403);
    expect(reused.json().message).toBe("This upload link has already been used");

    const { uploadURL: later } = await requestUploadUrl(owner);
    harness.clock.advance(16 * 60 * 1000);
    const expired = await putBytes(owner, later, photo);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe("This upload link has expired");
  });

  it("refuses files over 10 MB with 413", async () => {
    const { client } = await buildUser(harness.app);
    const { uploadURL } = await requestUploadUrl(client);
    // A JPEG's first bytes, then too many of them.
    const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(tooBig);
    const response = await putBytes(client, uploadURL, tooBig);
    expect(response.statusCode).toBe(413);
  });

  it("accepts only our own, ready uploads of the same user as photo addresses", async () => {
    const { client, user } = await buildUser(harness.app);
    const { user: other } = await buildUser(harness.app);
    const { uploadURL, objectUrl } = await requestUploadUrl(client);
    await expect(resolveOwnUpload(harness.context, objectUrl, user.id)).rejects.toThrow("Only photos uploaded");
    await putBytes(client, uploadURL, photo);
    await expect(resolveOwnUpload(harness.context, objectUrl, other.id)).rejects.toThrow("Only photos uploaded");
    for (const bad of ["javascript:alert(1)", "https://evil.example/x.webp", "/uploads/../../etc/passwd"]) {
      await expect(resolveOwnUpload(harness.context, bad, user.id)).rejects.toThrow("Only photos uploaded");
    }
  });
});

describe("only JPEG, PNG, WebP and GIF bytes are decoded (docs/PRODUCT.md 'Media')", () => {
  // 269 bytes that keep libvips busy for seconds: a page-sized turbulence filter.
  const turbulenceSvg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="8000" height="8000"><filter id="t" x="0" y="0" ' +
      'width="100%" height="100%"><feTurbulence baseFrequency="0.9" numOctaves="10"/></filter>' +
      '<rect width="100%" height="100%" filter="url(#t)"/></svg>',
  );
  const refusal = { message: UPLOAD_TEXTS.unsupportedPicture };

  it("refuses an SVG (415), whatever type it is sent as, without decoding it", async () => {
    const { client } = await buildUser(harness.app);
    for (const contentType of ["image/svg+xml", "image/png", "application/octet-stream"]) {
      const { uploadURL, objectUrl } = await requestUploadUrl(client);
      const started = performance.now();
      const response = await putBytes(client, uploadURL, turbulenceSvg, contentType);
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toMatchObject(refusal);
      expect(performance.now() - started, "answered before any rendering").toBeLessThan(1000);
      expect((await new TestClient(harness.app).get(objectUrl)).statusCode).toBe(404);
    }
  });

  it("refuses a text file named .png and an AVIF picture with 415", async () => {
    const { client } = await buildUser(harness.app);
    const { uploadURL } = await requestUploadUrl(client);
    const text = await putBytes(client, uploadURL, Buffer.from("hello, this is photo.png\n"), "image/png");
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject(refusal);

    const avif = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#aa3300" } })
      .avif()
      .toBuffer();
    const { uploadURL: second } = await requestUploadUrl(client);
    const avifResponse = await putBytes(client, second, avif, "image/avif");
    expect(avifResponse.statusCode).toBe(415);
    expect(avifResponse.json()).toMatchObject(refusal);
  });

  it("accepts JPEG, PNG, WebP and GIF, whatever type they are sent as", async () => {
    const { client } = await buildUser(harness.app);
    const base = () => sharp({ create: { width: 300, height: 200, channels: 3, background: "#118844" } });
    const pictures = {
      jpeg: await base().jpeg().toBuffer(),
      png: await base().png().toBuffer(),
      webp: await base().webp().toBuffer(),
      gif: await base().gif().toBuffer(),
    };
    for (const [name, bytes] of Object.entries(pictures)) {
      const { uploadURL, objectUrl } = await requestUploadUrl(client);
      const response = await putBytes(client, uploadURL, bytes, "application/octet-stream");
      expect(response.statusCode, name).toBe(200);
      expect(response.json(), name).toMatchObject({ objectUrl, width: 300, height: 200, type: "image" });
    }
  });

  it("refuses a picture whose first bytes promise one format and whose body is another", async () => {
    const { client } = await buildUser(harness.app);
    const { uploadURL } = await requestUploadUrl(client);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    // A GIF header glued onto a PNG: libvips would not read it as the GIF the sniff saw.
    const mixed = Buffer.concat([Buffer.from("GIF89a"), png]);
    const response = await putBytes(client, uploadURL, mixed, "image/gif");
    expect([400, 415]).toContain(response.statusCode);
  });
});

describe("the first API's upload flow: the uploadURL sent back as the address (docs/PRODUCT.md 'Fidelity fixes')", () => {
  it("maps the uploader's own finished uploadURL to its stored object, as a profile photo and as post media", async () => {
    const { client, user } = await buildUser(harness.app);
    const { uploadURL, objectUrl } = await requestUploadUrl(client);
    expect((await putBytes(client, uploadURL, photo)).statusCode).toBe(200);

    const saved = await client.put("/api/profile/photo", { profileImageUrl: uploadURL });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profileImageUrl).toBe(objectUrl);
    expect((await client.get(`/api/users/${user.id}`)).json().profileImageUrl).toBe(objectUrl);

    const post = await client.post("/api/posts", { content: "From the pier", mediaUrls: [uploadURL] });
    expect(post.statusCode).toBe(201);
    expect(post.json().mediaUrls).toEqual([objectUrl]);
    const absolute = `http://localhost:5000${uploadURL}`;
    const viaOrigin = await client.post("/api/posts", { content: "Again", mediaUrls: [absolute] });
    expect(viaOrigin.statusCode, "another origin than PUBLIC_URL (unset) is not ours").toBe(400);
  });

  it("refuses someone else's, an unfinished, a forged or a tokenless uploadURL with a clear 400", async () => {
    const { client } = await buildUser(harness.app);
    const { client: other } = await buildUser(harness.app);
    const othersTicket = await requestUploadUrl(other);
    await putBytes(other, othersTicket.uploadURL, photo);
    const pending = await requestUploadUrl(client);
    const mine = await requestUploadUrl(client);
    await putBytes(client, mine.uploadURL, photo);
    for (const address of [
      othersTicket.uploadURL,
      pending.uploadURL,
      mine.uploadURL.replace(/token=.*/, "token=forged-token-of-the-right-size"),
      mine.uploadURL.split("?")[0] as string,
      `//evil.example${mine.uploadURL}`,
    ]) {
      const photoResponse = await client.put("/api/profile/photo", { profileImageUrl: address });
      expect(photoResponse.statusCode, address).toBe(400);
      expect(photoResponse.json().message).toBe("Only photos uploaded to Plaza can be used");
      const postResponse = await client.post("/api/posts", { content: "x", mediaUrls: [address] });
      expect(postResponse.statusCode, address).toBe(400);
    }
  });
});
