import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/** Where the business stands; the browser reports a position 50 m away whenever it is asked. */
const SHOP = { latitude: 48.8584, longitude: 2.2945 };
const BROWSER_POSITION = { latitude: 48.85885, longitude: 2.2945 };

let server: RunningServer;
const contexts: BrowserContext[] = [];
let businessId = "";

/**
 * Runs before any page script: every call to navigator.geolocation.getCurrentPosition / watchPosition is counted
 * (in sessionStorage, so the count survives navigations in the tab) and answered with BROWSER_POSITION.
 */
function recordGeolocationCalls(position: { latitude: number; longitude: number }) {
  const count = (name: string) => {
    const calls = JSON.parse(sessionStorage.getItem("geolocation-calls") ?? "[]") as string[];
    calls.push(`${name} on ${location.pathname}`);
    sessionStorage.setItem("geolocation-calls", JSON.stringify(calls));
  };
  const answer = (success: PositionCallback) =>
    setTimeout(() =>
      success({
        coords: { ...position, accuracy: 10, altitude: null, altitudeAccuracy: null, heading: null, speed: null },
        timestamp: Date.now(),
      } as GeolocationPosition),
    );
  Object.defineProperty(Geolocation.prototype, "getCurrentPosition", {
    value(success: PositionCallback) {
      count("getCurrentPosition");
      answer(success);
    },
  });
  Object.defineProperty(Geolocation.prototype, "watchPosition", {
    value(success: PositionCallback) {
      count("watchPosition");
      answer(success);
      return 1;
    },
  });
}

const geolocationCalls = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem("geolocation-calls") ?? "[]") as string[]);

async function signedInContext(account: RegisteredAccount): Promise<BrowserContext> {
  const context = await launchBrowser();
  contexts.push(context);
  await addSessionCookie(context, server.baseUrl, account.sessionCookie);
  await context.addInitScript(recordGeolocationCalls, BROWSER_POSITION);
  return context;
}

beforeAll(async () => {
  server = await startServer();
  const owner = await registerViaApi(server.baseUrl, { profileType: "business", firstName: "Olive" });
  const business = await expectApiOk<{ id: string }>(server.baseUrl, owner.sessionCookie, "POST", "/api/businesses", {
    name: "Corner Bakery",
    category: "cafe",
    ...SHOP,
  });
  businessId = business.id;
  await expectApiOk(server.baseUrl, owner.sessionCookie, "POST", "/api/coupons", {
    businessId,
    title: "Free bun",
    discountType: "freeItem",
    discountValue: 0,
  });
  await expectApiOk(server.baseUrl, owner.sessionCookie, "PATCH", `/api/businesses/${businessId}`, {
    isPublished: true,
  });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

describe("location tracking follows the user's preference", () => {
  test("off (the default): no screen asks for a position by itself; Discover offers a button that does", async () => {
    const account = await registerViaApi(server.baseUrl, { firstName: "Private" });
    expect(account.user.allowLocationTracking).toBe(false);
    const context = await signedInContext(account);
    const { page, errors } = await newPage(context);

    // Every screen that can use a position: the feed with its location filter and the post composer, Discover,
    // Trending, a business profile and its check-in (opened by a scanned QR code too).
    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Location filter" }).click();
    await page.getByRole("dialog").getByText("Location Filter").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByRole("dialog").getByText("Create Post").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("tab", { name: "Trending" }).click();
    await page.waitForLoadState("networkidle");
    await page.goto(`${server.baseUrl}/discover`, { waitUntil: "networkidle" });
    await page.getByText("Corner Bakery").first().waitFor();
    await page.getByRole("button", { name: "Check In" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Share my location" }).waitFor();
    await page.keyboard.press("Escape");
    await page.goto(`${server.baseUrl}/business/${businessId}`, { waitUntil: "networkidle" });
    await page.goto(`${server.baseUrl}/business/${businessId}?visitCode=123456`, { waitUntil: "networkidle" });
    await page.getByRole("dialog").getByRole("button", { name: "Share my location" }).waitFor();
    await page.goto(`${server.baseUrl}/discover`, { waitUntil: "networkidle" });
    await page.getByText("Corner Bakery").first().waitFor();
    expect(await geolocationCalls(page)).toEqual([]);
    expect(await page.getByText("50 m").count()).toBe(0);

    // The offer: one press asks once, and the list is then nearest first with distances.
    await page.getByRole("button", { name: "Show nearest first" }).click();
    await page.getByText("50 m").waitFor();
    expect(await geolocationCalls(page)).toEqual(["getCurrentPosition on /discover"]);
    expect(errors).toEqual([]);
  });

  test("on: Discover asks for the position as it opens and lists the nearest businesses first", async () => {
    const account = await registerViaApi(server.baseUrl, { firstName: "Sharing" });
    const { firstName, lastName, username } = account.user;
    await expectApiOk(server.baseUrl, account.sessionCookie, "PATCH", "/api/users/profile", {
      firstName,
      lastName,
      username,
      allowLocationTracking: true,
    });
    const context = await signedInContext(account);
    const { page, errors } = await newPage(context);
    await page.goto(`${server.baseUrl}/discover`, { waitUntil: "networkidle" });
    await page.getByText("50 m").waitFor();
    expect(await geolocationCalls(page)).toEqual(["getCurrentPosition on /discover"]);
    expect(await page.getByRole("button", { name: "Show nearest first" }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
