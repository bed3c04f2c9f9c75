import { MESSAGING_SCREEN_TEXTS } from "@plaza/contracts/messaging";
import type { BrowserContext } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * Issue 33: typing…, Seen and photos in a conversation, in two browsers, at 390 and 1280 px (screenshots in
 * e2e/artifacts/ for a person to look at).
 */

let server: RunningServer;
let aliceBrowser: BrowserContext;
let bobBrowser: BrowserContext;
let alice: RegisteredAccount;
let bob: RegisteredAccount;
const LIVE_TIMEOUT_MS = 5_000;

beforeAll(async () => {
  server = await startServer();
  alice = await registerViaApi(server.baseUrl, { firstName: "Alice", lastName: "Lindqvist-Hernandez" });
  bob = await registerViaApi(server.baseUrl, { firstName: "Bob", lastName: "Baker" });
  aliceBrowser = await launchBrowser();
  bobBrowser = await launchBrowser();
  await addSessionCookie(aliceBrowser, server.baseUrl, alice.sessionCookie);
  await addSessionCookie(bobBrowser, server.baseUrl, bob.sessionCookie);
});

afterAll(async () => {
  await aliceBrowser?.close();
  await bobBrowser?.close();
  await server?.stop();
});

const picture = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#e76f51"/><circle cx="400" cy="300" r="180" fill="#f4a261"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

for (const width of [390, 1280]) {
  test(`at ${width} px: typing…, a photo with the lightbox, and Seen once read`, async () => {
    const viewport = { width, height: 800 };
    const { page: alicePage, errors: aliceErrors } = await newPage(aliceBrowser, { viewport });
    await alicePage.goto(`${server.baseUrl}/messages?user=${bob.user.id}`, { waitUntil: "networkidle" });
    const aliceInput = alicePage.getByPlaceholder(MESSAGING_SCREEN_TEXTS.inputPlaceholder);
    await aliceInput.fill(`Hello at ${width}`);
    await aliceInput.press("Enter");
    await alicePage.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationPath = new URL(alicePage.url()).pathname;

    const { page: bobPage, errors: bobErrors } = await newPage(bobBrowser, { viewport });
    await bobPage.goto(`${server.baseUrl}${conversationPath}`, { waitUntil: "networkidle" });
    await bobPage.getByTestId("message-list").getByText(`Hello at ${width}`).waitFor();

    // Bob opened it: Alice sees "Seen" under her message, live.
    await alicePage.getByTestId("message-seen").waitFor({ timeout: LIVE_TIMEOUT_MS });

    // Bob types: Alice sees "typing…".
    await bobPage.getByPlaceholder(MESSAGING_SCREEN_TEXTS.inputPlaceholder).pressSequentially("Let me s");
    await alicePage.getByTestId("typing-indicator").waitFor({ timeout: LIVE_TIMEOUT_MS });
    await screenshot(alicePage, `messages-typing-${width}`);

    // Alice sends a photo; Bob sees it in the thread and opens it full screen.
    await alicePage.getByTestId("message-photo-input").setInputFiles({
      name: "stall.png",
      mimeType: "image/png",
      buffer: await picture(),
    });
    const send = alicePage.getByRole("button", { name: "Send message" });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    // The conversation is the same at both widths: the newest photo is the last one.
    const photo = bobPage.getByRole("button", { name: /Open photo 1 of 1 from/ }).last();
    await photo.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect.poll(() => photo.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);
    // The newest message (the photo, loaded after the scroll) is in view.
    await expect
      .poll(() =>
        photo.evaluate((element) => {
          const list = element.closest("[data-testid=message-list]")?.getBoundingClientRect();
          return list !== undefined && element.getBoundingClientRect().bottom <= list.bottom + 1;
        }),
      )
      .toBe(true);
    await screenshot(bobPage, `messages-photo-${width}`);
    await photo.click();
    await bobPage.getByRole("dialog").getByRole("button", { name: "Close" }).click();

    // The composer sits at the bottom of a phone's screen: nothing but the tab bar under it.
    if (width < 768) {
      const composerBottom = await bobPage
        .getByPlaceholder(MESSAGING_SCREEN_TEXTS.inputPlaceholder)
        .evaluate((input) => input.closest("form")?.getBoundingClientRect().bottom ?? 0);
      const tabBarTop = await bobPage
        .getByRole("navigation")
        .last()
        .evaluate((nav) => nav.getBoundingClientRect().top);
      expect(tabBarTop - composerBottom).toBeLessThan(40);
      expect(tabBarTop - composerBottom).toBeGreaterThanOrEqual(0);
    } else {
      // Laptop: the conversation list shows the whole name.
      const name = alicePage.getByTestId(`conversation-${bob.user.username}`).getByText("Bob Baker");
      await name.waitFor();
      const bobsList = bobPage
        .getByTestId(`conversation-${alice.user.username}`)
        .getByText("Alice Lindqvist-Hernandez");
      expect(await bobsList.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    await screenshot(alicePage, `messages-seen-${width}`);
    expect(aliceErrors).toEqual([]);
    expect(bobErrors).toEqual([]);
    await Promise.all([alicePage.close(), bobPage.close()]);
  });
}
