import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * Issue 19 "Notifications that reach people": a grouped notification names its post and opens it; presence shows
 * on a conversation and a profile while the other person has the app open.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LIVE_TIMEOUT_MS = 5_000;

let server: RunningServer;
let adaBrowser: BrowserContext;
let benBrowser: BrowserContext;
let ada: RegisteredAccount;
let ben: RegisteredAccount;
let postId: string;
let conversationId: string;

beforeAll(async () => {
  server = await startServer();
  const base = server.baseUrl;
  let maya: RegisteredAccount;
  [ada, ben, maya] = await Promise.all([
    registerViaApi(base, { firstName: "Ada", lastName: "Author" }),
    registerViaApi(base, { firstName: "Ben", lastName: "Baker" }),
    registerViaApi(base, { firstName: "Maya", lastName: "Moreno" }),
  ]);
  const post = await expectApiOk<{ id: string }>(base, ada.sessionCookie, "POST", "/api/posts", {
    title: "Sunset at the pier",
    content: "Golden hour over the water.",
  });
  postId = post.id;
  await expectApiOk(base, maya.sessionCookie, "POST", "/api/likes", { postId });
  await expectApiOk(base, ben.sessionCookie, "POST", "/api/likes", { postId });
  const message = await expectApiOk<{ conversationId: string }>(base, ben.sessionCookie, "POST", "/api/messages", {
    recipientId: ada.user.id,
    content: "Lovely photo! Coffee tomorrow?",
  });
  conversationId = message.conversationId;
  adaBrowser = await launchBrowser();
  benBrowser = await launchBrowser();
  await addSessionCookie(adaBrowser, base, ada.sessionCookie);
  await addSessionCookie(benBrowser, base, ben.sessionCookie);
});

afterAll(async () => {
  await adaBrowser?.close();
  await benBrowser?.close();
  await server?.stop();
});

async function openNotifications(page: Page) {
  await page.getByRole("button", { name: /^Notifications/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText("Ben Baker and 1 other liked “Sunset at the pier”").waitFor();
  return dialog;
}

async function hasNoHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test("a grouped notification names its post, shows its people, and a click opens the post", async () => {
  const phone = await newPage(adaBrowser, { viewport: PHONE });
  await phone.page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
  const phoneDialog = await openNotifications(phone.page);
  await phoneDialog.getByText("Ben Baker sent you a message").waitFor();
  expect(await phoneDialog.getByTestId("notification-avatars").first().locator("span").count()).toBeGreaterThan(1);
  expect(await hasNoHorizontalOverflow(phone.page)).toBe(true);
  await screenshot(phone.page, "notifications-list-390");
  await phone.page.close();

  const desktop = await newPage(adaBrowser, { viewport: DESKTOP });
  await desktop.page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
  const dialog = await openNotifications(desktop.page);
  await screenshot(desktop.page, "notifications-list-1280");
  await dialog.getByText("Ben Baker and 1 other liked “Sunset at the pier”").click();
  await desktop.page.waitForURL(`${server.baseUrl}/posts/${postId}`);
  await desktop.page.getByText("Golden hour over the water.").waitFor();
  expect(phone.errors).toEqual([]);
  expect(desktop.errors).toEqual([]);
});

test("while Ben has Plaza open, Ada sees 'Online now' on the conversation and his profile", async () => {
  const benTab = await newPage(benBrowser, { viewport: DESKTOP });
  await benTab.page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });

  for (const [viewport, name] of [
    [DESKTOP, "conversation-1280"],
    [PHONE, "conversation-390"],
  ] as const) {
    const { page, errors } = await newPage(adaBrowser, { viewport });
    await page.goto(`${server.baseUrl}/messages/${conversationId}`, { waitUntil: "networkidle" });
    await page.getByTestId("message-list").getByText("Lovely photo! Coffee tomorrow?").waitFor();
    await page.getByTestId("presence-label").getByText("Online now").waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, name);
    expect(errors).toEqual([]);
    await page.close();
  }

  const { page, errors } = await newPage(adaBrowser, { viewport: PHONE });
  await page.goto(`${server.baseUrl}/profile/${ben.user.id}`, { waitUntil: "networkidle" });
  await page.getByTestId("presence-label").getByText("Online now").waitFor();
  await screenshot(page, "profile-presence-390");
  expect(errors).toEqual([]);
  await benTab.page.close();
});
