import { POST_MESSAGES } from "@plaza/contracts/posts";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { launchBrowser, navigateInApp, newPage, PHONE_VIEWPORT, screenshot } from "./support/browser";
import { emulateScheme, holdRequests, lowContrastTexts, luminanceOf } from "./support/page-colours";
import { type RunningServer, startServer } from "./support/server";
import { pollUntil, settled } from "./support/wait";

/**
 * Issue 10 "Polish": dark mode that follows the system, skeletons while loading, optimistic likes with rollback,
 * lazy images and a phone layout without sideways scrolling, on every main screen.
 */

const BOSS_EMAIL = "polish-boss@plaza.test";
let server: RunningServer;
let reader: RegisteredAccount;
let author: RegisteredAccount;
let owner: RegisteredAccount;
let boss: RegisteredAccount;
let postId = "";
const contexts: BrowserContext[] = [];

async function call(account: RegisteredAccount, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      origin: server.baseUrl,
      cookie: `plaza_session=${account.sessionCookie}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** Uploads a small generated picture through the signed-URL flow and returns the address a post accepts. */
async function uploadPicture(account: RegisteredAccount): Promise<string> {
  const { uploadURL } = (await call(account, "POST", "/api/objects/upload")) as { uploadURL: string };
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#2e86de" } })
    .png()
    .toBuffer();
  const response = await fetch(new URL(uploadURL, server.baseUrl), {
    method: "PUT",
    headers: { "content-type": "image/png", origin: server.baseUrl, cookie: `plaza_session=${account.sessionCookie}` },
    body: bytes,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  const { objectUrl } = (await response.json()) as { objectUrl: string };
  // The upload answers at once; the picture job makes the sizes the address serves (on PostgreSQL a moment later).
  await pollUntil(async () => (await fetch(new URL(objectUrl, server.baseUrl))).ok, {
    what: "the picture job to make the upload's sizes",
    timeoutMs: 60_000,
  });
  return objectUrl;
}

beforeAll(async () => {
  server = await startServer({ env: { SUPERUSER_EMAILS: BOSS_EMAIL } });
  [reader, author, owner, boss] = await Promise.all([
    registerViaApi(server.baseUrl, { firstName: "Rita", lastName: "Reader" }),
    registerViaApi(server.baseUrl, { firstName: "Alma", lastName: "Author", profileType: "creator" }),
    registerViaApi(server.baseUrl, { firstName: "Olaf", lastName: "Owner", profileType: "business" }),
    registerViaApi(server.baseUrl, { email: BOSS_EMAIL, username: "polish_boss" }),
  ]);
  const picture = await uploadPicture(author);
  const post = (await call(author, "POST", "/api/posts", {
    title: "Harbour at dusk",
    content: "The boats came in late today.",
    mediaUrls: [picture],
  })) as { id: string };
  postId = post.id;
  await call(reader, "POST", "/api/follows", { followingId: author.user.id });
  const business = (await call(owner, "POST", "/api/businesses", { name: "Polished Beans", category: "cafe" })) as {
    id: string;
  };
  // A full Active Coupons card on the home screen (it shows three).
  for (const title of ["Free refill", "Half-price cake", "Second cup free"]) {
    await call(owner, "POST", "/api/coupons", {
      businessId: business.id,
      title,
      description: "At the counter",
      discountType: "freeItem",
      discountValue: 0,
      maxRedemptions: 20,
    });
  }
  await call(owner, "PATCH", `/api/businesses/${business.id}`, { isPublished: true });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

const shared = new Map<string, BrowserContext>();

/** One Chromium per device for the whole file (a launch costs seconds); the session cookie is swapped per screen. */
async function browserOf(account: RegisteredAccount | null, device: "desktop" | "phone" = "desktop") {
  let context = shared.get(device);
  if (!context) {
    context = await launchBrowser({ device });
    contexts.push(context);
    shared.set(device, context);
  }
  await context.clearCookies();
  if (account) await addSessionCookie(context, server.baseUrl, account.sessionCookie);
  return context;
}

interface Screen {
  name: string;
  account: () => RegisteredAccount | null;
  path: () => string;
  /** Text that shows once the screen has loaded. */
  ready: string | RegExp;
}

const SCREENS: Screen[] = [
  { name: "landing", account: () => null, path: () => "/", ready: "Get Started" },
  { name: "home", account: () => reader, path: () => "/", ready: "Harbour at dusk" },
  { name: "profile", account: () => reader, path: () => `/profile/${author.user.id}`, ready: "Alma Author" },
  { name: "post", account: () => reader, path: () => `/posts/${postId}`, ready: "Harbour at dusk" },
  { name: "messages", account: () => reader, path: () => "/messages", ready: "No conversations yet" },
  { name: "settings", account: () => reader, path: () => "/settings", ready: "Account Settings" },
  { name: "dashboard", account: () => owner, path: () => "/business-dashboard", ready: "Business Dashboard" },
  { name: "admin", account: () => boss, path: () => "/admin", ready: "Admin Dashboard" },
  { name: "wallet", account: () => author, path: () => "/wallet", ready: "No earnings yet." },
  {
    name: "agreement",
    account: () => reader,
    path: () => "/user-agreement",
    ready: /I have read|No user agreement found/,
  },
  { name: "not-found", account: () => reader, path: () => "/no-such-page", ready: "404 Page Not Found" },
];

async function openScreen(page: Page, screen: Screen) {
  await page.goto(`${server.baseUrl}${screen.path()}`, { waitUntil: "networkidle" });
  await page.getByText(screen.ready).first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
}

describe("dark mode follows the system", () => {
  test("every main screen has a dark background in dark mode, a light one in light mode, and AA text contrast", async () => {
    const failures: string[] = [];
    for (const screen of SCREENS) {
      const { page, errors } = await newPage(await browserOf(screen.account()));
      await page.emulateMedia({ colorScheme: "dark" });
      await openScreen(page, screen);
      await settled(page);
      const body = await luminanceOf(page, "body");
      const card = await luminanceOf(page, '[data-slot="card"]');
      expect(body, `${screen.name} body in dark mode`).toBeLessThan(0.05);
      expect(card, `${screen.name} card in dark mode`).toBeLessThan(0.05);
      for (const failure of await lowContrastTexts(page)) failures.push(`dark ${screen.name} ${failure}`);
      // The other tabs of the screen, in dark mode too.
      const tabs = page.getByRole("tab");
      for (let index = 1; index < (await tabs.count()); index += 1) {
        await tabs.nth(index).click();
        await page.waitForLoadState("networkidle");
        await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
        await settled(page);
        const tab = (await tabs.nth(index).textContent()) ?? String(index);
        for (const failure of await lowContrastTexts(page)) failures.push(`dark ${screen.name}/${tab} ${failure}`);
      }
      if (screen.name === "home" || screen.name === "dashboard") await screenshot(page, `dark-${screen.name}`);

      await emulateScheme(page, "light");
      await settled(page);
      expect(await luminanceOf(page, "body"), `${screen.name} body in light mode`).toBeGreaterThan(0.8);
      for (const failure of await lowContrastTexts(page)) failures.push(`light ${screen.name} ${failure}`);
      // The not-found screen's own document answers 404 (issue 52), which Chromium reports as a failed resource.
      const ownStatus = `status of 404 (Not Found) (${server.baseUrl}${screen.path()})`;
      expect(errors.filter((error) => screen.name !== "not-found" || !error.includes(ownStatus))).toEqual([]);
      await page.close();
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

describe("the theme switch", () => {
  test("Settings → Preferences: Dark wins over a light system and lasts a reload, Light over a dark one, then the device's", async () => {
    const { page, errors } = await newPage(await browserOf(reader));
    const choose = async (label: string) => {
      await page.getByRole("combobox", { name: "Theme" }).click();
      await page.getByRole("option", { name: label }).click();
      await settled(page);
    };
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${server.baseUrl}/settings`, { waitUntil: "networkidle" });
    await page.getByRole("tab", { name: "Preferences" }).click();
    await choose("Dark");
    expect(await luminanceOf(page, "body")).toBeLessThan(0.05);
    await page.reload({ waitUntil: "networkidle" });
    await settled(page);
    expect(await luminanceOf(page, "body"), "dark after a reload").toBeLessThan(0.05);

    await emulateScheme(page, "dark");
    await page.getByRole("tab", { name: "Preferences" }).click();
    await choose("Light");
    expect(await luminanceOf(page, "body")).toBeGreaterThan(0.8);
    await choose("Same as the device");
    expect(await luminanceOf(page, "body"), "the device's dark").toBeLessThan(0.05);
    await emulateScheme(page, "light");
    await settled(page);
    expect(await luminanceOf(page, "body"), "the device's light").toBeGreaterThan(0.8);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/**
 * Opens `path` as a move inside the app (from Settings, which the server does not render), so the page asks the API
 * itself: a page loaded at its address comes with its data from the server, with no skeleton to see.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto(`${server.baseUrl}/settings`);
  await page.getByRole("heading", { name: "Account Settings" }).waitFor();
  await navigateInApp(page, path);
}

describe("skeletons and optimistic likes", () => {
  test("the feed shows skeletons while its answer is held; a like counts before the server answers and rolls back on refusal", async () => {
    const { page, errors } = await newPage(await browserOf(reader), {
      ignoreConsole: [/status of 403 \(Forbidden\) \(https?:\/\/[^/]+\/api\/likes\)$/],
    });
    const feed = holdRequests(page, /\/api\/posts\/feed/, "GET");
    await feed.start();
    await openInApp(page, "/");
    await feed.waitForRequest();
    const busy = page.locator('[aria-busy="true"]').filter({ has: page.getByTestId("post-skeleton") });
    await busy.first().waitFor();
    expect(await page.getByTestId("post-skeleton").count()).toBe(3);
    await feed.release();
    const card = page.getByTestId("post-card").filter({ hasText: "Harbour at dusk" });
    await card.waitFor();
    expect(await page.getByTestId("post-skeleton").count()).toBe(0);
    const likeCount = card.getByTestId("like-count");
    expect(await likeCount.textContent()).toBe("0");

    // The like shows at once, while the server has not answered yet.
    const like = holdRequests(page, /\/api\/likes/, "POST");
    await like.start();
    await card.getByRole("button", { name: "Like" }).click();
    await like.waitForRequest();
    // The optimistic update is in the cache before the request leaves; React draws it a moment later.
    await expect.poll(() => likeCount.textContent()).toBe("1");
    expect(await card.getByRole("button", { name: "Unlike" }).getAttribute("aria-pressed")).toBe("true");
    await like.release();
    await page.waitForResponse((response) => response.url().includes("/api/likes"));
    await card.getByRole("button", { name: "Unlike" }).and(page.locator(":enabled")).waitFor();
    expect(await likeCount.textContent()).toBe("1");

    // An unlike the server refuses: the count drops at once, then comes back with the error toast.
    const unlike = holdRequests(page, /\/api\/likes\//, "DELETE");
    await unlike.start();
    await card.getByRole("button", { name: "Unlike" }).click();
    await unlike.waitForRequest();
    await expect.poll(() => likeCount.textContent()).toBe("0");
    await unlike.release({ status: 403, body: { message: "Refused for the test" } });
    await page.getByText(POST_MESSAGES.likeFailed).first().waitFor();
    await expect.poll(() => likeCount.textContent()).toBe("1");
    expect(await card.getByRole("button", { name: "Unlike" }).getAttribute("aria-pressed")).toBe("true");
    expect(errors.filter((error) => !error.includes("/api/likes"))).toEqual([]);
  });

  test("the home's side column keeps its place when the coupons arrive (no layout shift)", async () => {
    const { page } = await newPage(await browserOf(reader));
    const coupons = holdRequests(page, /\/api\/coupons\/active/, "GET");
    await coupons.start();
    await openInApp(page, "/");
    await coupons.waitForRequest();
    const friendActivity = page.getByRole("heading", { name: "Friend Activity" });
    await page.getByRole("status", { name: "Loading coupons..." }).waitFor();
    const before = await friendActivity.boundingBox();
    await coupons.release();
    await page.getByText("Second cup free").waitFor();
    const after = await friendActivity.boundingBox();
    // Two small placeholders moved the card below them down by a whole coupon card and more (0.06 CLS).
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThan(40);
  });

  test("the profile shows its header skeleton while the profile is held", async () => {
    const { page } = await newPage(await browserOf(reader));
    const profile = holdRequests(page, new RegExp(`/api/users/${author.user.id}$`), "GET");
    await profile.start();
    await openInApp(page, `/profile/${author.user.id}`);
    await profile.waitForRequest();
    await page.getByTestId("profile-header-skeleton").waitFor();
    expect(await page.getByRole("status", { name: "Loading profile..." }).getAttribute("aria-busy")).toBe("true");
    await profile.release();
    await page.getByRole("heading", { name: "Alma Author" }).waitFor();
  });
});

describe("images and phone layout", () => {
  test("every picture on the feed, profile and post page loads lazily with async decoding", async () => {
    const { page } = await newPage(await browserOf(reader));
    for (const path of ["/", `/profile/${author.user.id}`, `/posts/${postId}`]) {
      await page.goto(`${server.baseUrl}${path}`, { waitUntil: "networkidle" });
      await page.locator("img").first().waitFor({ state: "attached" });
      const images = await page.$$eval("img", (all) =>
        all.map((image) => ({
          src: image.getAttribute("src"),
          loading: image.getAttribute("loading"),
          decoding: image.getAttribute("decoding"),
          hasSize: image.hasAttribute("width") || getComputedStyle(image).aspectRatio !== "auto",
        })),
      );
      expect(images.length, path).toBeGreaterThan(0);
      for (const image of images) {
        expect(image, path).toMatchObject({ loading: "lazy", decoding: "async", hasSize: true });
      }
    }
  });

  test("at 375 px no main screen scrolls sideways and dialogs fit the screen", async () => {
    const overflowing: string[] = [];
    for (const screen of SCREENS) {
      const { page } = await newPage(await browserOf(screen.account(), "phone"));
      await openScreen(page, screen);
      const width = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      expect(width.inner).toBe(PHONE_VIEWPORT.width);
      if (width.scroll > width.inner) overflowing.push(`${screen.name}: ${width.scroll}px`);
      // Every tab of the screen too (dashboard, admin, settings, profile, home).
      const tabs = page.getByRole("tab");
      for (let index = 0; index < (await tabs.count()); index += 1) {
        const tab = tabs.nth(index);
        const name = (await tab.textContent()) ?? String(index);
        await tab.click();
        await page.waitForLoadState("networkidle");
        await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scroll > PHONE_VIEWPORT.width) overflowing.push(`${screen.name} / ${name}: ${scroll}px`);
      }
      if (screen.name === "home") {
        await screenshot(page, "phone-home");
        // The bars' dialogs fit the phone screen (on a phone, Messages is a tab that opens /messages).
        for (const opener of ["Create", "Location filter", "Notifications"]) {
          await page.getByRole("button", { name: opener, exact: true }).click();
          const dialog = page.getByRole("dialog");
          await dialog.waitFor();
          const box = await dialog.boundingBox();
          expect(box?.x ?? -1, opener).toBeGreaterThanOrEqual(0);
          expect((box?.x ?? 0) + (box?.width ?? 999), opener).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), opener).toBeLessThanOrEqual(
            PHONE_VIEWPORT.width,
          );
          await page.keyboard.press("Escape");
          await dialog.waitFor({ state: "detached" });
        }
      }
      await page.close();
    }
    expect(overflowing).toEqual([]);
  }, 240_000);
});
