import { MEDIA_MESSAGES, POST_ALT_TEXT_TOO_LONG, type PostView } from "@plaza/contracts/posts";
import { UPLOAD_TEXTS } from "@plaza/contracts/uploads";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { thumbHashToRGBA } from "thumbhash";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadTestImage } from "../../../test/factories/uploads";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { uploads } from "../../db/schema/uploads";

let harness: TestApp;
const wide = () => sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#3366cc" } });
const tall = () => sharp({ create: { width: 600, height: 1800, channels: 3, background: "#cc6633" } });

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

/** Uploads `image` through the real flow and returns its object address. */
async function upload(client: TestClient, image: Buffer, contentType = "image/jpeg"): Promise<string> {
  const ticket = (await client.post("/api/objects/upload")).json<{ uploadURL: string; objectUrl: string }>();
  const stored = await client.request({
    method: "PUT",
    url: ticket.uploadURL,
    payload: image,
    headers: { "content-type": contentType },
  });
  expect(stored.statusCode).toBe(200);
  // The picture job makes its sizes in the background (picture-job.int.test.ts): these tests read them made.
  await client.settle();
  return ticket.objectUrl;
}

const post = { title: "Market day", content: "Three stalls worth the walk." };

describe("post media galleries (docs/PRODUCT.md 'Media')", () => {
  it("keeps up to 4 pictures in order, each with its description, size, placeholder and stored widths", async () => {
    const { client } = await buildUser(harness.app);
    const first = await upload(client, await wide().jpeg().toBuffer());
    const second = await upload(client, await tall().png().toBuffer(), "image/png");
    const third = await uploadTestImage(client);
    const fourth = await uploadTestImage(client);
    const created = await client.post("/api/posts", {
      ...post,
      media: [
        { url: first, alt: "  The fruit stall  " },
        { url: second, alt: "A tall banner" },
        { url: third },
        { url: fourth, alt: "" },
      ],
    });
    expect(created.statusCode).toBe(201);
    const view = created.json<PostView>();
    expect(view.media.map((item) => [item.url, item.alt])).toEqual([
      [first, "The fruit stall"],
      [second, "A tall banner"],
      [third, null],
      [fourth, null],
    ]);
    // The single-media fields older clients read mirror the first item.
    expect(view).toMatchObject({ mediaUrl: first, imageUrl: first, altText: "The fruit stall", mediaType: "image" });
    expect(view.mediaUrls).toEqual([first, second, third, fourth]);

    const [big, high, small] = view.media;
    expect(big).toMatchObject({ type: "image", width: 2000, height: 1000, status: "ready" });
    expect(big?.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [480, 240],
      [960, 480],
      [1600, 800],
      [2000, 1000],
    ]);
    // Never upscaled: a 600 px wide picture has only the 480 width beside itself; a 64 px one only itself.
    expect(high).toMatchObject({ width: 600, height: 1800 });
    expect(high?.variants.map((variant) => variant.width)).toEqual([480, 600]);
    expect(small?.variants.map((variant) => variant.width)).toEqual([64]);

    for (const item of view.media) {
      expect(item.placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);
      const decoded = thumbHashToRGBA(Buffer.from(item.placeholder ?? "", "base64"));
      expect(decoded.w).toBeGreaterThan(0);
      // The placeholder keeps the picture's shape (the tall one decodes taller than wide).
      if (item === high) expect(decoded.h).toBeGreaterThan(decoded.w);
    }

    // Every stored width is served, at its size.
    const anonymous = new TestClient(harness.app);
    for (const variant of big?.variants ?? []) {
      const served = await anonymous.get(variant.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect((await sharp(served.rawPayload).metadata()).width).toBe(variant.width);
    }

    // Read back in the same order from the post, the feed and the author's list.
    const single = (await client.get(`/api/posts/${view.id}`)).json<PostView>();
    expect(single.media).toEqual(view.media);
    const feed = (await client.get("/api/posts/feed")).json<PostView[]>();
    expect(feed.find((item) => item.id === view.id)?.media).toEqual(view.media);
    const list = (await client.get(`/api/users/${view.authorId}/posts`)).json<PostView[]>();
    expect(list.find((item) => item.id === view.id)?.media).toEqual(view.media);
  });

  it("refuses a fifth item, media and mediaUrls together, a repeated picture and a long description (400)", async () => {
    const { client } = await buildUser(harness.app);
    const urls = [];
    for (let index = 0; index < 5; index += 1) urls.push(await uploadTestImage(client));
    const five = await client.post("/api/posts", { ...post, media: urls.map((url) => ({ url })) });
    expect(five.statusCode).toBe(400);
    expect(five.json().message).toBe(MEDIA_MESSAGES.tooMany);
    const fiveOld = await client.post("/api/posts", { ...post, mediaUrls: urls });
    expect(fiveOld.statusCode).toBe(400);
    expect(fiveOld.json().message).toBe(MEDIA_MESSAGES.tooMany);

    const both = await client.post("/api/posts", { ...post, media: [{ url: urls[0] }], mediaUrls: [urls[1]] });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(MEDIA_MESSAGES.eitherField);
    const twice = await client.post("/api/posts", { ...post, media: [{ url: urls[0] }, { url: urls[0] }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(MEDIA_MESSAGES.duplicate);
    const longAlt = await client.post("/api/posts", { ...post, media: [{ url: urls[0], alt: "x".repeat(301) }] });
    expect(longAlt.statusCode).toBe(400);
    expect(longAlt.json().message).toBe(POST_ALT_TEXT_TOO_LONG);
    const foreign = await client.post("/api/posts", { ...post, media: [{ url: "https://elsewhere.example/a.jpg" }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(UPLOAD_TEXTS.notOurs);

    // Nothing was half-written: the user has no posts.
    const mine = (await client.get(`/api/users/${(await client.get("/api/auth/user")).json().id}/posts`)).json();
    expect(mine).toEqual([]);
  });

  it("refuses pictures and a video together, and two videos (400)", async () => {
    const { client } = await buildUser(harness.app);
    const picture = await uploadTestImage(client);
    const videos = [await uploadTestImage(client), await uploadTestImage(client)];
    // Stored videos are told apart by the content type the server recorded for them.
    for (const url of videos) {
      const id = url.slice("/uploads/".length, -".webp".length);
      await harness.context.db.update(uploads).set({ contentType: "video/mp4" }).where(eq(uploads.id, id));
    }
    const mixed = await client.post("/api/posts", { ...post, media: [{ url: picture }, { url: videos[0] }] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(MEDIA_MESSAGES.mixed);
    const two = await client.post("/api/posts", { ...post, mediaUrls: videos });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(MEDIA_MESSAGES.oneVideo);
  });

  it("keeps the first API's single-image payload working: mediaUrls with altText becomes one described item", async () => {
    const { client } = await buildUser(harness.app);
    const url = await uploadTestImage(client);
    const created = await client.post("/api/posts", { ...post, mediaUrls: [url], altText: "A red door" });
    expect(created.statusCode).toBe(201);
    expect(created.json<PostView>().media).toEqual([
      expect.objectContaining({ type: "image", url, alt: "A red door", width: 64, height: 40 }),
    ]);
    const plain = await client.post("/api/posts", post);
    expect(plain.json<PostView>()).toMatchObject({ media: [], mediaUrl: null, altText: null });
  });

  it("shows no media of a locked post to someone who has not paid", async () => {
    const { client } = await buildUser(harness.app, { profileType: "creator" });
    const url = await uploadTestImage(client);
    const created = await client.post("/api/posts", { ...post, postType: "premium", price: 3, media: [{ url }] });
    expect(created.json<PostView>().media).toHaveLength(1);
    const { client: stranger } = await buildUser(harness.app);
    const seen = (await stranger.get(`/api/posts/${created.json<PostView>().id}`)).json<PostView>();
    expect(seen).toMatchObject({ isLocked: true, media: [], mediaUrl: null });
  });

  it("stores every width without the camera's metadata (EXIF, GPS)", async () => {
    const { client } = await buildUser(harness.app);
    const photo = await wide()
      .jpeg()
      .withExif({
        IFD0: { Make: "SecretCam", Copyright: "OWNER-4242" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "52/1 31/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "13/1 24/1 0/1",
        },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const url = await upload(client, photo);
    const view = (await client.post("/api/posts", { ...post, media: [{ url }] })).json<PostView>();
    const variants = view.media[0]?.variants ?? [];
    expect(variants).toHaveLength(4);
    for (const variant of variants) {
      const served = await new TestClient(harness.app).get(variant.url);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from("OWNER-4242"))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from("SecretCam"))).toBe(false);
    }
  });
});
