import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { DESKTOP_VIEWPORT, launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";
import { picturesSettled, settled } from "./support/wait";

// A business speaks as itself (issue 52): its comments and its conversations show the business's name and logo,
// never its owner's name nor the owner's online dot; and a server-rendered page shows the logo's <img> in its HTML,
// before (and without) any script, not the initials.

const BUSINESS_NAME = "Ground Up Coffee";
const OWNER_NAMES = ["Owen", "Fischer"];
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let owner: RegisteredAccount;
let reader: RegisteredAccount;
let logoUrl: string;
let readerPostId: string;
let businessPostId: string;
let conversationId: string;
const contexts: BrowserContext[] = [];

/** An uploaded picture of the account's: a coloured square, so a screenshot shows whether it is there. */
async function uploadSquare(account: RegisteredAccount, colour: string): Promise<string> {
  const base = server.baseUrl;
  const ticket = await expectApiOk<{ uploadURL: string; objectUrl: string }>(
    base,
    account.sessionCookie,
    "POST",
    "/api/objects/upload",
  );
  const bytes = await sharp({ create: { width: 160, height: 160, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const stored = await fetch(new URL(ticket.uploadURL, base), {
    method: "PUT",
    headers: { "content-type": "image/png", origin: base, cookie: `plaza_session=${account.sessionCookie}` },
    body: new Uint8Array(bytes),
  });
  expect(stored.status).toBe(200);
  return ticket.objectUrl;
}

beforeAll(async () => {
  server = await startServer();
  const base = server.baseUrl;
  owner = await registerViaApi(base, { firstName: "Owen", lastName: "Fischer", profileType: "business" });
  reader = await registerViaApi(base, { firstName: "Rita", lastName: "Reader" });
  const as = <T = { id: string }>(account: RegisteredAccount, method: string, path: string, body?: unknown) =>
    expectApiOk<T>(base, account.sessionCookie, method, path, body);
  // The owner's own photo, which must not show where the business speaks.
  await as(owner, "PUT", "/api/profile/photo", { profileImageUrl: await uploadSquare(owner, "#7c3aed") });
  const business = await as(owner, "POST", "/api/businesses", {
    name: BUSINESS_NAME,
    category: "cafe",
    latitude: 45.7,
    longitude: -121.5,
  });
  await as(owner, "POST", "/api/coupons", {
    businessId: business.id,
    title: "Free refill",
    discountType: "freeItem",
    discountValue: 0,
  });
  const logo = await uploadSquare(owner, "#c2410c");
  logoUrl = (
    await as<{ logoImageUrl: string }>(owner, "PATCH", `/api/businesses/${business.id}`, {
      logoUrl: logo,
      isPublished: true,
    })
  ).logoImageUrl;
  readerPostId = (await as(reader, "POST", "/api/posts", { title: "Morning walk", content: "Down by the river." })).id;
  await as(owner, "POST", `/api/posts/${readerPostId}/comments`, { content: "Come by for a coffee after!" });
  businessPostId = (await as(owner, "POST", "/api/posts", { content: "Fresh beans from Huila today." })).id;
  conversationId = (
    await as<{ conversationId: string }>(owner, "POST", "/api/messages", {
      recipientId: reader.user.id,
      content: "Hello Rita, your table is ready.",
    })
  ).conversationId;
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

async function readerContext(): Promise<BrowserContext> {
  const context = await launchBrowser();
  contexts.push(context);
  await addSessionCookie(context, server.baseUrl, reader.sessionCookie);
  return context;
}

/** The avatars on the page that show the logo, and whether each one's initials are out of sight. */
async function logoAvatars(page: Page) {
  return page.locator('[data-slot="avatar"]').evaluateAll(
    (avatars, logo) =>
      avatars
        // Those on screen (a phone keeps the conversation list in the page, out of sight).
        .filter((avatar) => avatar.querySelector(`img[src="${logo}"]`) && avatar.getBoundingClientRect().width > 0)
        .map((avatar) => {
          const image = avatar.querySelector("img") as HTMLImageElement;
          const fallback = avatar.querySelector('[data-slot="avatar-fallback"]') as HTMLElement | null;
          const style = getComputedStyle(image);
          return {
            isImageShown: style.display !== "none" && style.opacity !== "0" && image.getBoundingClientRect().width > 0,
            isFallbackShown: fallback !== null && getComputedStyle(fallback).display !== "none",
          };
        }),
    logoUrl,
  );
}

async function expectNoOwner(page: Page) {
  const text = (await page.locator("main").textContent()) ?? "";
  for (const name of OWNER_NAMES) expect(text).not.toContain(name);
  expect(await page.locator("main").innerHTML()).not.toContain("Online");
}

describe("a business speaks as itself", () => {
  test("a server-rendered page shows the logo's <img> before any script runs, not the initials", async () => {
    const context = await readerContext();
    const { page } = await newPage(context, { viewport: PHONE, waitForHydration: false });
    await page.route("**/*.js", (route) => route.abort());
    // Its post (the author's avatar) and its comment under someone else's post.
    for (const [postId, text] of [
      [businessPostId, "Fresh beans from Huila today."],
      [readerPostId, "Come by for a coffee after!"],
    ] as const) {
      await page.goto(new URL(`/posts/${postId}`, server.baseUrl).toString());
      await page.getByText(text).first().waitFor();
      expect(await page.evaluate(() => document.getElementById("plaza-server-state") !== null)).toBe(true);
      const avatars = await logoAvatars(page);
      expect(avatars.length).toBeGreaterThan(0);
      for (const avatar of avatars) expect(avatar).toEqual({ isImageShown: true, isFallbackShown: false });
      await picturesSettled(page);
      expect(
        await page
          .locator(`img[src="${logoUrl}"]`)
          .first()
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      ).toBeGreaterThan(0);
      await expectNoOwner(page);
      await screenshot(page, `business-persona-ssr-no-scripts-${postId === readerPostId ? "comment" : "post"}-390`);
    }
  });

  test("its comments and its conversation show the business's name and logo, no owner and no online dot", async () => {
    const context = await readerContext();
    for (const viewport of [PHONE, DESKTOP_VIEWPORT]) {
      const { page, errors } = await newPage(context, { viewport });
      await page.goto(new URL(`/posts/${readerPostId}`, server.baseUrl).toString());
      const comment = page.getByText("Come by for a coffee after!");
      await comment.waitFor();
      await expect.poll(() => page.getByText(BUSINESS_NAME).count()).toBeGreaterThan(0);
      await picturesSettled(page);
      await settled(page);
      const commentAvatars = await logoAvatars(page);
      expect(commentAvatars.length).toBeGreaterThan(0);
      for (const avatar of commentAvatars) expect(avatar).toEqual({ isImageShown: true, isFallbackShown: false });
      await expectNoOwner(page);
      await screenshot(page, `business-persona-comments-${viewport.width}`);

      await page.goto(new URL(`/messages/${conversationId}`, server.baseUrl).toString());
      // On a phone the conversation list is in the page but out of sight behind the open conversation.
      await page.getByText("Hello Rita, your table is ready.").filter({ visible: true }).first().waitFor();
      await expect.poll(() => page.getByText(BUSINESS_NAME).count()).toBeGreaterThan(0);
      await picturesSettled(page);
      await settled(page);
      const conversationAvatars = await logoAvatars(page);
      expect(conversationAvatars.length).toBeGreaterThan(0);
      for (const avatar of conversationAvatars) expect(avatar).toEqual({ isImageShown: true, isFallbackShown: false });
      await expectNoOwner(page);
      await screenshot(page, `business-persona-conversation-${viewport.width}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
