import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { PostView } from "@plaza/contracts/posts";
import { UPLOAD_TEXTS, type UploadedObjectView, VIDEO_MAX_BYTES, VIDEO_TEXTS } from "@plaza/contracts/uploads";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadTestImage } from "../../../test/factories/uploads";
import { buildUser } from "../../../test/factories/users";
import { missingTools } from "../../../test/requires-tool";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { uploads } from "../../db/schema/uploads";
import { spoolRoot } from "./upload-body";
import { processPendingVideos, VIDEO_LEASE_MS } from "./video-processing.service";

/** The test videos are made, and the results measured, with the machine's ffmpeg and ffprobe. */
const noFfmpeg = missingTools("video uploads", ["ffmpeg", "ffprobe"]);
let harness: TestApp;
let workDir: string;
/** Tiny test videos made by ffmpeg (lavfi test pattern and tone), carrying metadata that must not survive. */
const videos: Record<"mov" | "webm" | "long" | "broken", Buffer> = {} as never;

function ffmpeg(args: string[]) {
  execFileSync("ffmpeg", ["-v", "error", "-y", ...args], { stdio: "pipe" });
}

function ffprobe(file: string): {
  format: { tags?: Record<string, string>; duration: string };
  streams: { codec_name?: string }[];
} {
  return JSON.parse(
    execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file], {
      encoding: "utf8",
    }),
  );
}

beforeAll(async () => {
  harness = await buildTestApp();
  workDir = mkdtempSync(join(tmpdir(), "plaza-video-test-"));
  if (noFfmpeg) return;
  const source = ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=15:duration=2"];
  const tone = ["-f", "lavfi", "-i", "sine=frequency=440:duration=2"];
  const secrets = ["-metadata", "title=SECRET-TITLE", "-metadata", "location=+52.5200+013.4050/"];
  ffmpeg([
    ...source,
    ...tone,
    ...secrets,
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-c:a",
    "aac",
    "-shortest",
    "-movflags",
    "+faststart",
    join(workDir, "a.mov"),
  ]);
  ffmpeg([...source, ...secrets, "-c:v", "libvpx", "-b:v", "200k", join(workDir, "a.webm")]);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=64x48:rate=1:duration=190",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    join(workDir, "long.mp4"),
  ]);
  videos.mov = readFileSync(join(workDir, "a.mov"));
  videos.webm = readFileSync(join(workDir, "a.webm"));
  videos.long = readFileSync(join(workDir, "long.mp4"));
  // The index (moov) is whole but the frames are cut off: ffprobe reads it, the re-encode cannot.
  videos.broken = videos.mov.subarray(0, 4000);
}, 120_000);
afterAll(async () => {
  await harness.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function putVideo(client: TestClient, bytes: Buffer, contentType = "application/octet-stream") {
  const ticket = (await client.post("/api/objects/upload")).json<{ uploadURL: string }>();
  return client.request({
    method: "PUT",
    url: ticket.uploadURL,
    payload: bytes,
    headers: { "content-type": contentType },
  });
}

const uploadIdOf = (url: string) => url.slice("/uploads/".length).replace(/\.(mp4|webp)$/, "");

// ffmpeg runs at a lower priority (nice 10) than the API, so on a busy machine a re-encode takes its time.
describe("video uploads (docs/PRODUCT.md 'Media')", { timeout: 120_000 }, () => {
  it.skipIf(noFfmpeg)(
    "re-encodes a mov to H.264/AAC MP4 with faststart, a poster and no metadata, processing → ready",
    async () => {
      const { client } = await buildUser(harness.app);
      // Named and typed as a picture: the kind is told from the bytes.
      const stored = await putVideo(client, videos.mov, "image/png");
      expect(stored.statusCode).toBe(200);
      const object = stored.json<UploadedObjectView>();
      expect(object).toMatchObject({ type: "video", width: 320, height: 240 });
      expect(object.objectUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.mp4$/);

      const created = await client.post("/api/posts", {
        title: "Clip",
        content: "Two seconds",
        media: [{ url: object.objectUrl, alt: "Test pattern" }],
      });
      expect(created.statusCode).toBe(201);
      const post = created.json<PostView>();
      expect(post.mediaType).toBe("video");
      expect(post.media[0]).toMatchObject({ type: "video", url: object.objectUrl, alt: "Test pattern" });
      expect(["processing", "ready"]).toContain(post.media[0]?.status);

      await harness.context.background.idle();
      const ready = (await client.get(`/api/posts/${post.id}`)).json<PostView>().media[0];
      expect(ready).toMatchObject({ type: "video", status: "ready", width: 320, height: 240, durationSeconds: 2 });
      expect(ready?.posterUrl).toMatch(/-poster\.webp$/);
      // A placeholder from the poster frame (a ThumbHash, base64), as pictures have, while the poster loads.
      expect(ready?.placeholder).toMatch(/^[A-Za-z0-9+/]{10,}={0,2}$/);

      const anonymous = new TestClient(harness.app);
      const poster = await anonymous.get(ready?.posterUrl ?? "");
      expect(poster.statusCode).toBe(200);
      expect(poster.headers["content-type"]).toBe("image/webp");
      const served = await anonymous.get(object.objectUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("video/mp4");
      expect(served.headers["accept-ranges"]).toBe("bytes");
      const file = join(workDir, "served.mp4");
      writeFileSync(file, served.rawPayload);
      const facts = ffprobe(file);
      expect(facts.streams.map((stream) => stream.codec_name).sort()).toEqual(["aac", "h264"]);
      expect(facts.format.tags?.title).toBeUndefined();
      expect(facts.format.tags?.location).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from("SECRET-TITLE"))).toBe(false);
      // faststart: the index (moov) comes before the frames (mdat).
      expect(served.rawPayload.indexOf("moov")).toBeLessThan(served.rawPayload.indexOf("mdat"));

      // Served in ranges.
      const part = await anonymous.request({ method: "GET", url: object.objectUrl, headers: { range: "bytes=0-99" } });
      expect(part.statusCode).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes 0-99/${served.rawPayload.length}`);
      expect(part.rawPayload.equals(served.rawPayload.subarray(0, 100))).toBe(true);
      const beyond = await anonymous.request({
        method: "GET",
        url: object.objectUrl,
        headers: { range: `bytes=${served.rawPayload.length}-` },
      });
      expect(beyond.statusCode).toBe(416);
      // The received original is gone once processed.
      expect(await harness.context.storage.get(`${uploadIdOf(object.objectUrl)}-original.mp4`)).toBeNull();
    },
  );

  it.skipIf(noFfmpeg)(
    "streams a video to disk as it arrives: past 100 MB it stops reading, answers 413 and keeps no file",
    async () => {
      const { client } = await buildUser(harness.app);
      const ticket = (await client.post("/api/objects/upload")).json<{ uploadURL: string }>();
      // A real video's start, then zeros well past the limit, sent without a Content-Length (chunked, as a
      // browser streams it): only reading it can tell it is too large.
      const chunk = Buffer.alloc(1024 * 1024);
      const sendable = VIDEO_MAX_BYTES + 50 * chunk.length;
      let produced = 0;
      function* body() {
        produced += videos.mov.length;
        yield videos.mov;
        while (produced < sendable) {
          produced += chunk.length;
          yield chunk;
        }
      }
      const refused = await client.request({
        method: "PUT",
        url: ticket.uploadURL,
        payload: Readable.from(body()),
        headers: { "content-type": "video/mp4" },
      });
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({ message: VIDEO_TEXTS.tooLarge, code: "PAYLOAD_TOO_LARGE" });
      expect(produced, "reading stopped at the limit").toBeLessThan(sendable);
      const spool = spoolRoot(harness.context);
      expect(existsSync(spool) ? readdirSync(spool) : []).toEqual([]);

      // Announced too large: refused before any of it is stored.
      const announced = await client.request({
        method: "PUT",
        url: ticket.uploadURL,
        payload: videos.mov,
        headers: { "content-type": "video/mp4", "content-length": String(VIDEO_MAX_BYTES + 1) },
      });
      expect(announced.statusCode).toBe(413);
      expect(announced.json().message).toBe(VIDEO_TEXTS.tooLarge);

      // The link was not used up: the same video, whole and in a stream, goes through.
      const accepted = await client.request({
        method: "PUT",
        url: ticket.uploadURL,
        payload: Readable.from([videos.mov.subarray(0, 10), videos.mov.subarray(10)]),
        headers: { "content-type": "video/mp4" },
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ type: "video", width: 320, height: 240 });
      expect(readdirSync(spool)).toEqual([]);
      await harness.context.background.idle();
    },
    60_000,
  );

  it.skipIf(noFfmpeg)(
    "accepts webm, refuses over 3 minutes, non-video bytes and a video as a profile photo or beside pictures",
    async () => {
      const { client } = await buildUser(harness.app);
      const webm = await putVideo(client, videos.webm, "video/webm");
      expect(webm.statusCode).toBe(200);
      const long = await putVideo(client, videos.long, "video/mp4");
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe(VIDEO_TEXTS.tooLong);
      const fake = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom"), Buffer.alloc(200, 7)]);
      const notVideo = await putVideo(client, fake, "video/mp4");
      expect(notVideo.statusCode).toBe(400);
      expect(notVideo.json().message).toBe(VIDEO_TEXTS.notAVideo);

      const videoUrl = webm.json<UploadedObjectView>().objectUrl;
      const photo = await client.request({
        method: "PUT",
        url: "/api/profile/photo",
        payload: { profileImageUrl: videoUrl },
      });
      expect(photo.statusCode).toBe(400);
      expect(photo.json().message).toBe(UPLOAD_TEXTS.notAnImage);
      const picture = await uploadTestImage(client);
      const mixed = await client.post("/api/posts", {
        title: "Mixed",
        content: "x",
        media: [{ url: picture }, { url: videoUrl }],
      });
      expect(mixed.statusCode).toBe(400);
      await harness.context.background.idle();
    },
  );

  it.skipIf(noFfmpeg)("marks a broken video failed, and the post says so", async () => {
    const { client } = await buildUser(harness.app);
    const stored = await putVideo(client, videos.broken);
    expect(stored.statusCode).toBe(200);
    const { objectUrl } = stored.json<UploadedObjectView>();
    const post = (
      await client.post("/api/posts", { title: "Broken", content: "x", mediaUrls: [objectUrl] })
    ).json<PostView>();
    await harness.context.background.idle();
    const item = (await client.get(`/api/posts/${post.id}`)).json<PostView>().media[0];
    expect(item).toMatchObject({ type: "video", status: "failed", posterUrl: null });
    expect((await new TestClient(harness.app).get(objectUrl)).statusCode).toBe(404);
  });

  it.skipIf(noFfmpeg)(
    "survives a restart: a video whose process died is taken over once its lease has passed",
    async () => {
      const { client } = await buildUser(harness.app);
      const stored = await putVideo(client, videos.mov);
      const id = uploadIdOf(stored.json<UploadedObjectView>().objectUrl);
      await harness.context.background.idle();
      // As if a process had claimed it and died mid-way: back to processing, its lease still running.
      const leaseUntil = new Date(harness.context.clock.now().getTime() + VIDEO_LEASE_MS);
      await harness.context.storage.put(`${id}-original.mp4`, videos.mov, "video/mp4");
      await harness.context.db
        .update(uploads)
        .set({ processingStatus: "processing", processingLeaseUntil: leaseUntil })
        .where(eq(uploads.id, id));
      expect(await processPendingVideos(harness.context)).toBe(0);
      harness.clock.advance(VIDEO_LEASE_MS + 1000);
      expect(await processPendingVideos(harness.context)).toBe(1);
      const [row] = await harness.context.db.select().from(uploads).where(eq(uploads.id, id));
      expect(row?.processingStatus).toBe("ready");
    },
  );

  it("refuses a video with a clear message where ffmpeg is missing; pictures still work", async () => {
    const withoutFfmpeg = await buildTestApp({ FFMPEG_PATH: "/nonexistent/ffmpeg" });
    try {
      const { client } = await buildUser(withoutFfmpeg.app);
      const refused = await putVideo(client, videos.mov, "video/quicktime");
      expect(refused.statusCode).toBe(415);
      expect(refused.json().message).toBe(VIDEO_TEXTS.needsFfmpeg);
      expect(await uploadTestImage(client)).toMatch(/\.webp$/);
    } finally {
      await withoutFfmpeg.close();
    }
  });
});
