import type { BrowserContext, Page, Worker } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addSessionCookie, DEFAULT_PASSWORD, registerViaApi, signInViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { DESKTOP_VIEWPORT, launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";
import { pollUntil } from "./support/wait";

/**
 * The installable app (issue 19): manifest, icons and service worker as served, the worker controlling the page,
 * the offline page with the network cut, a pushed notification shown and its click opening the target, and
 * Chromium's own installability check. One server and one browser for the whole file.
 */
let server: RunningServer;
let browser: BrowserContext;
let page: Page;
let errors: string[];
let worker: Worker;
let userId: string;
let sessionCookie: string;
let email: string;

const PHONE_390 = { width: 390, height: 844 };

/** The parts of the service worker's global scope these tests use (the e2e project has no WebWorker lib). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  PushEvent: new (type: string, init: { data: string }) => Event;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

beforeAll(async () => {
  server = await startServer();
  const account = await registerViaApi(server.baseUrl, { firstName: "Pia", lastName: "Walker" });
  userId = account.user.id;
  sessionCookie = account.sessionCookie;
  email = account.credentials.email;
  browser = await launchBrowser();
  await addSessionCookie(browser, server.baseUrl, account.sessionCookie);
  await browser.grantPermissions(["notifications"], { origin: server.baseUrl });
  ({ page, errors } = await newPage(browser));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("installable app", () => {
  test("the manifest, icons and service worker are served with the right types and caching", async () => {
    const manifest = await fetch(`${server.baseUrl}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as {
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(body.display).toBe("standalone");
    expect(body.start_url).toBe("/");
    for (const icon of body.icons) {
      const response = await fetch(`${server.baseUrl}${icon.src}`);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
    }
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );

    const sw = await fetch(`${server.baseUrl}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get("content-type")).toMatch(/javascript/);
    expect(sw.headers.get("cache-control")).toBe("no-cache");
    const source = await sw.text();
    expect(source).not.toContain("__PLAZA_PRECACHE__");
    expect(source).toContain('"/offline.html"');
  });

  test("the service worker registers once the first screen has settled, not at its load event", async () => {
    const fresh = await launchBrowser();
    try {
      const { page: landing } = await newPage(fresh);
      await landing.goto(`${server.baseUrl}/`, { waitUntil: "load" });
      await landing.getByRole("heading", { level: 1 }).first().waitFor();
      // Installing it downloads every built file: not while the first screen still competes for the phone.
      expect(
        await landing.evaluate(async () => (await navigator.serviceWorker.getRegistration("/")) ?? null),
      ).toBeNull();
      // …then it registers by itself (SERVICE_WORKER_DELAY_MS after load, at the next idle moment).
      const scope = await landing.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${server.baseUrl}/`);
    } finally {
      await fresh.close();
    }
  });

  test("the service worker registers and controls the app", async () => {
    await page.goto(`${server.baseUrl}/settings`);
    await page.getByRole("heading", { name: "Account Settings" }).waitFor();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.baseUrl}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const found = browser.serviceWorkers().find((candidate) => candidate.url().endsWith("/sw.js"));
    expect(found).toBeDefined();
    if (found) worker = found;
  });

  test("Chromium finds nothing that stops installing it", async () => {
    const cdp = await browser.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { url, errors: manifestErrors } = (await cdp.send("Page.getAppManifest")) as {
      url: string;
      errors: unknown[];
    };
    expect(url).toBe(`${server.baseUrl}/manifest.webmanifest`);
    expect(manifestErrors).toEqual([]);
    await cdp.detach();
  });

  test("Settings offers push notifications on this device", async () => {
    await page.getByRole("tab", { name: "Preferences" }).click();
    await page.getByText("Push notifications on this device").waitFor();
    // Chromium here has no push service to subscribe with, but the switch is offered: permission is granted.
    await page.getByRole("button", { name: "Turn on for this device" }).waitFor();
    await page.setViewportSize(PHONE_390);
    await page.getByText("Push notifications on this device").scrollIntoViewIfNeeded();
    await screenshot(page, "pwa-settings-push-390");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_390.width);
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await screenshot(page, "pwa-settings-push-1280");
  });

  test("a pushed notification shows its text, and a click opens its target in the app", async () => {
    const target = `/profile/${userId}`;
    await worker.evaluate((url) => {
      const scope = self as unknown as WorkerScope;
      const message = {
        id: "n-1",
        title: "Plaza",
        body: "Maya Lopez started following you",
        url,
        icon: "/icons/icon-192.png",
      };
      // A push as the browser delivers it (the decrypted payload); the worker's push handler shows it.
      try {
        scope.dispatchEvent(new scope.PushEvent("push", { data: JSON.stringify(message) }));
      } catch {
        // waitUntil refuses a synthetic event after the handler already called showNotification.
      }
    }, target);
    const shown = await pollUntil(
      () =>
        worker.evaluate(async () => {
          const scope = self as unknown as WorkerScope;
          const [notification] = await scope.registration.getNotifications({ tag: "n-1" });
          return notification
            ? { title: notification.title, body: notification.body, icon: notification.icon, data: notification.data }
            : null;
        }),
      { what: "the pushed notification to show" },
    );
    expect(shown).toEqual({
      title: "Plaza",
      body: "Maya Lopez started following you",
      icon: `${server.baseUrl}/icons/icon-192.png`,
      data: { url: target },
    });

    await worker.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications({ tag: "n-1" });
      if (!notification) throw new Error("the notification is gone");
      scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification }));
    });
    await page.waitForURL(`${server.baseUrl}${target}`);
    await page.getByText("Pia Walker").first().waitFor();
  });

  test("offline, the installed app shows the last loaded feed page and recent messages, marked as offline", async () => {
    const friend = await registerViaApi(server.baseUrl, { firstName: "Omar", lastName: "Haddad" });
    const postText = "Fresh figs at the Saturday market, stall 12.";
    const messageText = "Saving you a basket of figs!";
    await expectApiOk(server.baseUrl, sessionCookie, "POST", "/api/follows", { followingId: friend.user.id });
    await expectApiOk(server.baseUrl, friend.sessionCookie, "POST", "/api/posts", { title: "Figs", content: postText });
    const { conversationId } = await expectApiOk<{ conversationId: string }>(
      server.baseUrl,
      friend.sessionCookie,
      "POST",
      "/api/messages",
      { recipientId: userId, content: messageText },
    );
    // Online: the feed and the conversation are read as always, and kept on the device.
    await page.setViewportSize(PHONE_390);
    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByText(postText).waitFor();
    const kept = () => page.evaluate(() => window.localStorage.getItem("plaza:offline-cache:v1") ?? "");
    await expect.poll(kept).toContain(postText);
    await page.goto(`${server.baseUrl}/messages/${conversationId}`, { waitUntil: "networkidle" });
    await page.getByTestId("message").getByText(messageText).waitFor();
    // A reload elsewhere keeps what the earlier page load kept.
    await expect.poll(kept).toContain(messageText);
    expect(await kept()).toContain(postText);

    await browser.setOffline(true);
    try {
      await page.goto(`${server.baseUrl}/`);
      await page.getByTestId("offline-banner").waitFor();
      await page.getByText(postText).waitFor();
      await screenshot(page, "pwa-offline-feed-390");
      await page.goto(`${server.baseUrl}/messages/${conversationId}`);
      await page.getByTestId("message").getByText(messageText).waitFor();
      await page.getByTestId("offline-banner").waitFor();
      await screenshot(page, "pwa-offline-messages-390");
    } finally {
      await browser.setOffline(false);
    }
    // Back online: the banner goes, and the app reads fresh data again.
    await page.getByTestId("offline-banner").waitFor({ state: "detached" });
    await page.getByTestId("message").getByText(messageText).waitFor();

    // Logging out deletes what was kept: the next person on this device sees nothing of it, offline or not.
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    expect(await kept()).toBe("");
    expect(await page.evaluate(() => caches.has("plaza-offline"))).toBe(false);
    // Signed in again for the tests that follow.
    await addSessionCookie(browser, server.baseUrl, await signInViaApi(server.baseUrl, email, DEFAULT_PASSWORD));
    expect(errors).toEqual([]);
  });

  test("with the network cut and nothing kept, a navigation shows the offline page", async () => {
    await browser.setOffline(true);
    try {
      await page.setViewportSize(PHONE_390);
      await page.goto(`${server.baseUrl}/messages`);
      await page.getByRole("heading", { name: "You're offline" }).waitFor();
      expect(page.url()).toBe(`${server.baseUrl}/messages`);
      expect(await page.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe(
        `${server.baseUrl}/messages`,
      );
      await screenshot(page, "pwa-offline-390");
      await page.setViewportSize(DESKTOP_VIEWPORT);
      await screenshot(page, "pwa-offline-1280");
    } finally {
      await browser.setOffline(false);
    }
    // Back online, the offline page reloads by itself: the app opens at the page that was asked for.
    await page.locator("#root header").first().waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/messages`);
    expect(errors).toEqual([]);
  });
});
