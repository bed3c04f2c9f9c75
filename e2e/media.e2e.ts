import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { missingTools } from "../apps/api/test/requires-tool";
import { addSessionCookie, registerViaApi } from "./support/accounts";
import { launchBrowser, newPage } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";
import { settled } from "./support/wait";

/** The test clip is made with the machine's ffmpeg. */
const noFfmpeg = missingTools("the video post browser test", ["ffmpeg"]);

const ARTIFACTS_DIR = fileURLToPath(new URL("./artifacts", import.meta.url));
/** Where an element screenshot goes (e2e/artifacts, gitignored). */
function artifact(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return join(ARTIFACTS_DIR, name);
}

let server: RunningServer;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  context = await launchBrowser();
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
});

/** A picture with its caption written along the bottom edge: cropping would cut the caption off. */
async function captioned(width: number, height: number, color: string, caption: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="${color}"/>
<rect x="0" y="${height - 70}" width="${width}" height="70" fill="#000" fill-opacity="0.5"/>
<text x="20" y="${height - 25}" font-family="DejaVu Sans" font-size="36" fill="#fff">${caption}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The children of a process that run the picture process script (dist/picture-process.js), from /proc. */
function pictureProcessesOf(parent: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        const parentId = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        const command = readFileSync(`/proc/${name}/cmdline`, "utf8");
        return parentId === parent && command.includes("picture-process.js") ? [Number(name)] : [];
      } catch {
        return []; // gone meanwhile
      }
    });
}

/** The index the carousel shows, from its dots. */
function shownPhoto(card: ReturnType<Page["getByTestId"]>) {
  return card.locator('button[aria-current="true"]').getAttribute("aria-label");
}

test("a 3-photo post: carousel by arrow, swipe and keys, lightbox with Esc, a tall photo never cropped", async () => {
  const author = await registerViaApi(server.baseUrl, { firstName: "Gala", lastName: "Gallery" });
  await addSessionCookie(context, server.baseUrl, author.sessionCookie);
  const { page, errors } = await newPage(context);
  await page.goto(`${server.baseUrl}/`);
  await page.getByText("Your feed is empty").waitFor();

  await page.getByRole("banner").getByRole("button", { name: "Create", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Market morning");
  await dialog.getByLabel("Content").fill("Three stalls worth the walk.");
  await dialog.locator("#post-media").setInputFiles([
    { name: "a.png", mimeType: "image/png", buffer: await captioned(1200, 800, "#2a9d8f", "Fruit stall") },
    { name: "b.png", mimeType: "image/png", buffer: await captioned(1000, 1000, "#e9c46a", "Cheese stall") },
    { name: "c.png", mimeType: "image/png", buffer: await captioned(600, 1500, "#e76f51", "TALL CAPTION") },
  ]);
  await dialog.getByAltText("Selected media 3").waitFor();
  await dialog.getByLabel("Image description (alt text), photo 1").fill("Fruit stall with pears");
  await dialog.getByLabel("Image description (alt text), photo 2").fill("Cheese wheels");
  await dialog.getByLabel("Image description (alt text), photo 3").fill("Tall banner of the market");
  await dialog.getByRole("button", { name: "Publish" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.setViewportSize({ width: 390, height: 844 });

  const card = page.getByTestId("post-card").filter({ hasText: "Market morning" });
  const gallery = card.getByTestId("media-gallery");
  await gallery.waitFor();
  // The box is reserved from the first picture's size (3:2) before anything loads, while the picture job still
  // makes the sizes too (the upload answered with the size read from the header).
  const box = await gallery.boundingBox();
  expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 1.5)).toBeLessThan(0.02);
  // The card re-reads itself until the job has made every picture: then each is shown with its stored widths.
  // What the card shows first (usually the pictures still processing; an artifact to look at, not checked).
  await card.screenshot({ path: artifact("media-gallery-first-390.png") });
  await expect.poll(() => card.getByTestId("media-status").count(), { timeout: 30_000 }).toBe(0);
  const first = card.getByRole("img", { name: "Fruit stall with pears" });
  expect(await first.getAttribute("srcset")).toMatch(/-480\.webp 480w, .*-960\.webp 960w, .*\.webp 1200w$/);
  expect(await first.getAttribute("sizes")).toBeTruthy();
  expect(await shownPhoto(card)).toBe("Show photo 1 of 3");

  // Arrow button, then a swipe (a pointer drag to the left), then the keyboard back.
  await gallery.getByRole("button", { name: "Next photo" }).click();
  await expect.poll(() => shownPhoto(card)).toBe("Show photo 2 of 3");
  await gallery.scrollIntoViewIfNeeded();
  const area = await gallery.boundingBox();
  if (!area) throw new Error("no gallery box");
  const y = area.y + area.height / 2;
  await page.mouse.move(area.x + area.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width * 0.5, y, { steps: 4 });
  await page.mouse.move(area.x + area.width * 0.2, y, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => shownPhoto(card)).toBe("Show photo 3 of 3");
  await gallery.focus();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => shownPhoto(card)).toBe("Show photo 2 of 3");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => shownPhoto(card)).toBe("Show photo 3 of 3");

  // The tall picture is shown whole: contained in the box, never cropped.
  const tall = card.getByRole("img", { name: "Tall banner of the market" });
  await expect.poll(() => tall.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  expect(await tall.evaluate((element) => getComputedStyle(element).objectFit)).toBe("contain");
  const tallBox = await tall.boundingBox();
  const galleryBox = await gallery.boundingBox();
  expect(tallBox?.height).toBeLessThanOrEqual((galleryBox?.height ?? 0) + 1);
  await card.screenshot({ path: artifact("media-gallery-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: artifact("media-gallery-1280.png") });

  // A tap opens the lightbox on that photo; ← moves, Esc closes and gives focus back.
  await gallery.getByRole("button", { name: "Open photo 3 of 3" }).click();
  const lightbox = page.getByRole("dialog", { name: "Photo 3 of 3" });
  await lightbox.waitFor();
  const big = lightbox.getByRole("img", { name: "Tall banner of the market" });
  await expect
    .poll(() => big.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
  await expect.poll(() => big.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
  await page.screenshot({ path: artifact("media-lightbox-1280.png") });
  await page.keyboard.press("ArrowLeft");
  const second = page.getByRole("dialog", { name: "Photo 2 of 3" });
  await second.waitFor();
  await second.getByRole("button", { name: "Zoom in" }).click();
  await second.getByRole("button", { name: "Zoom out" }).waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  await second.getByRole("button", { name: "Zoom out" }).click();
  await settled(page);
  await page.screenshot({ path: artifact("media-lightbox-390.png") });
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
  // Leaving the lightbox on photo 2 leaves the carousel there too.
  expect(await shownPhoto(card)).toBe("Show photo 2 of 3");
  // No horizontal overflow at phone width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);

  // The pictures were decoded by a picture process at a lower priority: libvips was never loaded in the API.
  const apiPid = server.pid as number;
  const [picturePid] = pictureProcessesOf(apiPid);
  expect(picturePid).toBeDefined();
  expect(getPriority(picturePid)).toBeGreaterThanOrEqual(10);
  expect(readFileSync(`/proc/${picturePid}/maps`, "utf8")).toContain("libvips");
  expect(readFileSync(`/proc/${apiPid}/maps`, "utf8")).not.toContain("libvips");
});

test.skipIf(noFfmpeg)(
  "a video post: processing, then an inline, muted player with its poster",
  async () => {
    const workDir = mkdtempSync(join(tmpdir(), "plaza-e2e-video-"));
    const file = join(workDir, "clip.mp4");
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=320x240:rate=15:duration=2",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      file,
    ]);
    const video = readFileSync(file);
    rmSync(workDir, { recursive: true, force: true });

    const author = await registerViaApi(server.baseUrl, { firstName: "Vic", lastName: "Video" });
    await addSessionCookie(context, server.baseUrl, author.sessionCookie);
    const { page, errors } = await newPage(context);
    await page.goto(`${server.baseUrl}/`);
    await page.getByText("Your feed is empty").waitFor();
    await page.getByRole("banner").getByRole("button", { name: "Create", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill("Test pattern");
    await dialog.getByLabel("Content").fill("Two seconds of colour bars.");
    await dialog.locator("#post-media").setInputFiles({ name: "clip.mp4", mimeType: "video/mp4", buffer: video });
    await dialog.getByLabel("Chosen video").waitFor();
    await dialog.getByRole("button", { name: "Publish" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.setViewportSize({ width: 390, height: 844 });

    const card = page.getByTestId("post-card").filter({ hasText: "Test pattern" });
    const player = card.locator("video");
    await player.waitFor({ timeout: 60_000 });
    expect(await player.getAttribute("poster")).toMatch(/-poster\.webp$/);
    expect(await player.evaluate((element: HTMLVideoElement) => [element.muted, element.playsInline])).toEqual([
      true,
      true,
    ]);
    await card.screenshot({ path: artifact("media-video-390.png") });
    expect(errors).toEqual([]);
  },
  90_000,
);
