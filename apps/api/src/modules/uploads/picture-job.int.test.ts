import type { PostView } from "@plaza/contracts/posts";
import { UPLOAD_TEXTS, type UploadedObjectView } from "@plaza/contracts/uploads";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { postMedia } from "../../db/schema/posts";
import { uploads } from "../../db/schema/uploads";
import { InProcessQueue } from "../../jobs/in-process-queue";
import { JOB_KINDS } from "../../jobs/kinds";
import { PICTURE_LEASE_MS, PICTURE_PROCESSING_JOB, processPendingPictures } from "./picture-processing.service";

/**
 * Issue 52: a picture upload stores the original and answers at once; the picture job (the real in-process queue,
 * as a worker runs it: this app has WORKERS=off, so its uploads only ask for the job) makes the WebP sizes and
 * updates the posts holding the picture.
 */
let harness: TestApp;
let worker: InProcessQueue<TestApp["context"]>;
/** 2000×1200 with the camera's metadata: four stored widths (480, 960, 1600 and the full one). */
let photo: Buffer;

beforeAll(async () => {
  harness = await buildTestApp({ WORKERS: "off" });
  worker = new InProcessQueue(harness.context, harness.context.background.log, JOB_KINDS, {
    works: true,
    onRun: (run) => harness.context.background.track(run),
  });
  photo = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: "#2a9d8f" } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam", Copyright: "OWNER-5252" } })
    .toBuffer();
});
afterAll(async () => {
  await worker.stop();
  await harness.close();
});

async function upload(client: TestClient, body: Buffer, contentType = "image/jpeg") {
  const ticket = (await client.post("/api/objects/upload")).json<{ uploadURL: string; objectUrl: string }>();
  const response = await client.request({
    method: "PUT",
    url: ticket.uploadURL,
    payload: body,
    headers: { "content-type": contentType },
  });
  return { response, objectUrl: ticket.objectUrl, uploadId: ticket.objectUrl.slice("/uploads/".length, -5) };
}

/** What a worker does when asked: runs the picture job through the queue and waits for it. */
async function runPictureJob() {
  await worker.request(PICTURE_PROCESSING_JOB);
  await harness.context.background.idle();
}

async function uploadRow(id: string) {
  const [row] = await harness.context.db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

const post = { title: "Harbour light", content: "The boats at six." };

describe("picture job", () => {
  it("answers the upload at once as processing; the job makes the sizes and the post turns ready", async () => {
    const { client } = await buildUser(harness.app);
    const { response, objectUrl, uploadId } = await upload(client, photo);
    expect(response.statusCode).toBe(200);
    expect(response.json<UploadedObjectView>()).toEqual({ objectUrl, width: 2000, height: 1200, type: "image" });
    expect(await uploadRow(uploadId)).toMatchObject({ processingStatus: "processing", contentType: "image/jpeg" });
    // Only the original is stored, and it is never served (it holds the camera's metadata).
    expect(await harness.context.storage.stat(`${uploadId}-original.jpg`)).not.toBeNull();
    expect((await new TestClient(harness.app).get(`/uploads/${uploadId}-original.jpg`)).statusCode).toBe(400);
    expect((await new TestClient(harness.app).get(objectUrl)).statusCode).toBe(404);

    // A post made meanwhile shows the picture processing, its box already sized.
    const created = await client.post("/api/posts", { ...post, media: [{ url: objectUrl, alt: "Boats" }] });
    expect(created.statusCode).toBe(201);
    const postId = created.json<PostView>().id;
    expect(created.json<PostView>().media[0]).toMatchObject({
      type: "image",
      status: "processing",
      width: 2000,
      height: 1200,
      placeholder: null,
      variants: [],
    });

    await runPictureJob();
    const ready = (await client.get(`/api/posts/${postId}`)).json<PostView>().media[0];
    expect(ready).toMatchObject({ type: "image", status: "ready", width: 2000, height: 1200, alt: "Boats" });
    expect(ready?.placeholder).toEqual(expect.any(String));
    expect(ready?.variants.map((variant) => variant.width)).toEqual([480, 960, 1600, 2000]);
    for (const variant of ready?.variants ?? []) {
      const served = await new TestClient(harness.app).get(variant.url);
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(variant.width);
      expect(served.rawPayload.includes(Buffer.from("SecretCam"))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from("OWNER-5252"))).toBe(false);
    }
    // The post's own copy of the media was updated too, and the original is gone.
    const [item] = await harness.context.db.select().from(postMedia).where(eq(postMedia.uploadId, uploadId));
    expect(item).toMatchObject({ width: 2000, height: 1200, variantWidths: [480, 960, 1600] });
    expect(item?.placeholder).toBe(ready?.placeholder);
    expect(await harness.context.storage.stat(`${uploadId}-original.jpg`)).toBeNull();
    expect(await uploadRow(uploadId)).toMatchObject({ processingStatus: "ready", contentType: "image/webp" });
  });

  it("marks a picture its process cannot decode failed, and the post says so", async () => {
    const { client } = await buildUser(harness.app);
    // Whole header (the size reads), body cut off: only decoding finds out.
    const corrupt = Buffer.concat([photo.subarray(0, 700), Buffer.alloc(3000, 0x55)]);
    const { response, objectUrl, uploadId } = await upload(client, corrupt);
    expect(response.statusCode).toBe(200);
    const created = await client.post("/api/posts", { ...post, media: [{ url: objectUrl }] });
    expect(created.statusCode).toBe(201);

    await runPictureJob();
    expect(await uploadRow(uploadId)).toMatchObject({ processingStatus: "failed", processingLeaseUntil: null });
    const view = (await client.get(`/api/posts/${created.json<PostView>().id}`)).json<PostView>();
    expect(view.media[0]).toMatchObject({ type: "image", status: "failed", variants: [] });
    expect(await harness.context.storage.stat(`${uploadId}-original.jpg`)).toBeNull();
    // Nowhere else either: as a profile photo it is a clear 400.
    const asPhoto = await client.put("/api/profile/photo", { profileImageUrl: objectUrl });
    expect(asPhoto.statusCode).toBe(400);
    expect(asPhoto.json().message).toBe(UPLOAD_TEXTS.failed);
  });

  it("does nothing twice: a run after the picture is ready, and a run under another's lease, take nothing", async () => {
    const { client } = await buildUser(harness.app);
    const { uploadId } = await upload(client, photo);
    expect(await processPendingPictures(harness.context)).toBe(1);
    const ready = await uploadRow(uploadId);
    expect(ready?.processingStatus).toBe("ready");
    await runPictureJob();
    expect(await processPendingPictures(harness.context)).toBe(0);
    expect(await uploadRow(uploadId)).toEqual(ready);

    // As if a worker had claimed it and died mid-way: processing, its lease still running, the original kept.
    const leaseUntil = new Date(harness.context.clock.now().getTime() + PICTURE_LEASE_MS);
    await harness.context.storage.put(`${uploadId}-original.jpg`, photo, "image/jpeg");
    await harness.context.db
      .update(uploads)
      .set({ processingStatus: "processing", processingLeaseUntil: leaseUntil, contentType: "image/jpeg" })
      .where(eq(uploads.id, uploadId));
    expect(await processPendingPictures(harness.context)).toBe(0);
    harness.clock.advance(PICTURE_LEASE_MS + 1000);
    expect(await processPendingPictures(harness.context)).toBe(1);
    expect(await uploadRow(uploadId)).toMatchObject({ processingStatus: "ready", variantWidths: [480, 960, 1600] });
  });

  it("keeps the checks that answer the uploader at once in the request: no size or too many pixels is a 400", async () => {
    const { client } = await buildUser(harness.app);
    const headerOnly = await upload(client, photo.subarray(0, 40));
    expect(headerOnly.response.statusCode).toBe(400);
    expect(headerOnly.response.json().message).toBe(UPLOAD_TEXTS.notAnImage);
    // A small PNG whose header claims 10000×10000 (100 megapixels): refused without decoding.
    const huge = Buffer.from(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    huge.writeUInt32BE(10_000, 16);
    huge.writeUInt32BE(10_000, 20);
    const tooMany = await upload(client, huge, "image/png");
    expect(tooMany.response.statusCode).toBe(400);
    expect(await uploadRow(tooMany.uploadId)).toMatchObject({ status: "pending", processingStatus: null });
  });

  it("makes a picture used as a profile photo before the job came to it, so its address serves at once", async () => {
    const { client } = await buildUser(harness.app);
    const { objectUrl, uploadId } = await upload(client, photo);
    expect((await uploadRow(uploadId))?.processingStatus).toBe("processing");
    const saved = await client.put("/api/profile/photo", { profileImageUrl: objectUrl });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profileImageUrl).toBe(objectUrl);
    expect((await new TestClient(harness.app).get(objectUrl)).statusCode).toBe(200);
    expect((await uploadRow(uploadId))?.processingStatus).toBe("ready");
  });
});
