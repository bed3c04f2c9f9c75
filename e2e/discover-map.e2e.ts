import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/** Three places in central Paris: two cafes next to each other (one cluster when zoomed out) and a gym. */
const PLACES = [
  { name: "Cafe Rivoli", category: "cafe", latitude: 48.8606, longitude: 2.3376 },
  { name: "Cafe Louvre", category: "cafe", latitude: 48.861, longitude: 2.3364 },
  { name: "Marais Fitness", category: "fitness", latitude: 48.8566, longitude: 2.3622 },
] as const;
const PARIS = { latitude: 48.8566, longitude: 2.3522 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let server: RunningServer;
let viewer: RegisteredAccount;
let owner: RegisteredAccount;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  const base = server.baseUrl;
  const owners = await Promise.all(PLACES.map(() => registerViaApi(base, { profileType: "business" })));
  const [jess, me, newOwner] = await Promise.all([
    registerViaApi(base, { firstName: "Jess", lastName: "Lee" }),
    registerViaApi(base, { firstName: "Vera" }),
    registerViaApi(base, { firstName: "Nico", profileType: "business" }),
  ]);
  viewer = me;
  owner = newOwner;
  const as = (account: RegisteredAccount, method: string, path: string, body?: unknown) =>
    expectApiOk<{ id: string } & Record<string, unknown>>(base, account.sessionCookie, method, path, body);
  for (const [index, place] of PLACES.entries()) {
    const account = owners[index] as RegisteredAccount;
    const business = await as(account, "POST", "/api/businesses", place);
    await as(account, "POST", "/api/coupons", {
      businessId: business.id,
      title: "Free coffee",
      discountType: "freeItem",
      discountValue: 0,
    });
    await as(account, "PATCH", `/api/businesses/${business.id}`, { isPublished: true });
    if (place.category === "fitness") {
      // Jess, whom the viewer follows, checked in at the gym: a friends' pick.
      const { code } = (await as(account, "GET", `/api/businesses/${business.id}/visit-code`)) as unknown as {
        code: string;
      };
      await as(jess, "POST", `/api/businesses/${business.id}/checkins`, { ...place, visitCode: code });
    }
  }
  await as(viewer, "POST", "/api/follows", { followingId: jess.user.id });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

async function signedIn(account: RegisteredAccount): Promise<BrowserContext> {
  const context = await launchBrowser();
  contexts.push(context);
  await addSessionCookie(context, server.baseUrl, account.sessionCookie);
  await context.grantPermissions(["geolocation"], { origin: server.baseUrl });
  await context.setGeolocation(PARIS);
  return context;
}

/** Names in the Discover list, in order. */
async function listedNames(page: Page): Promise<string[]> {
  const names = await page.getByTestId("discover-list").locator("p.font-semibold").allTextContents();
  return names.map((name) => name.trim());
}

/** Clicks the map `dx`/`dy` pixels from its centre. */
async function clickMap(page: Page, testId: string, dx: number, dy: number) {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not on screen`);
  await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
}

describe("Discover with a map, and the location picker", () => {
  test("Discover shows markers, filters by category and sorts by friends' picks; phones switch list and map", async () => {
    const context = await signedIn(viewer);
    const { page, errors } = await newPage(context, { viewport: DESKTOP });
    await page.goto(`${server.baseUrl}/discover`, { waitUntil: "networkidle" });
    await page.getByText("Marais Fitness").first().waitFor();
    // Side by side at 1280 px: the map holds a pin or a cluster for every business (tiles or not).
    const map = page.getByTestId("markers-map");
    await map.waitFor();
    await expect
      .poll(async () => {
        const pins = await map.locator(".plaza-pin").count();
        const clustered = (await map.locator(".plaza-cluster").allTextContents()).reduce(
          (sum, n) => sum + Number(n),
          0,
        );
        return pins + clustered;
      })
      .toBe(3);

    await page.getByRole("button", { name: "Cafe", exact: true }).click();
    await expect.poll(() => listedNames(page)).toEqual(expect.arrayContaining(["Cafe Rivoli", "Cafe Louvre"]));
    expect(await listedNames(page)).toHaveLength(2);
    await page.getByRole("button", { name: "All", exact: true }).click();

    await page.getByRole("combobox", { name: "Sort by" }).click();
    await page.getByRole("option", { name: "Friends' picks" }).click();
    await expect.poll(() => listedNames(page)).toEqual(["Marais Fitness"]);
    await page.getByTestId("friend-picks").getByText("Jess checked in").waitFor();
    await page.getByRole("combobox", { name: "Sort by" }).click();
    await page.getByRole("option", { name: "Nearest" }).click();
    await expect.poll(() => listedNames(page)).toHaveLength(3);
    await screenshot(page, "discover-map-1280");

    // "Search this area": after the map moves, the list is re-asked for the map's circle.
    // The mouse works in the viewport: a newcomer's home (the welcome and follow suggestions above the tabs) puts
    // the map's centre below the fold at 1280 x 800, so bring the map into view before measuring it.
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    if (!box) throw new Error("no map");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20, { steps: 5 });
    await page.mouse.up();
    const areaRequest = page.waitForRequest((request) => /\/api\/businesses\?.*radius=/.test(request.url()));
    await page.getByRole("button", { name: "Search this area" }).click();
    expect((await areaRequest).url()).toMatch(/latitude=48\.\d+&longitude=2\.\d+&radius=/);
    await page.getByText("Showing businesses in the map area").waitFor();

    // On a phone: the list first, the map behind a switch.
    await page.setViewportSize(PHONE);
    await page.goto(`${server.baseUrl}/discover`, { waitUntil: "networkidle" });
    await page.getByText("Marais Fitness").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "discover-list-390");
    await page.getByRole("button", { name: "Map", exact: true }).click();
    await page.getByTestId("markers-map").locator(".plaza-pin, .plaza-cluster").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "discover-map-390");
    expect(errors).toEqual([]);
  });

  test("a place picked on the map fills the composer's coordinates and place, and the business form's", async () => {
    const context = await signedIn(viewer);
    const { page, errors } = await newPage(context, { viewport: PHONE });
    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const composer = page.getByRole("dialog");
    await composer.getByRole("button", { name: "Use current location" }).click();
    await expect.poll(() => composer.getByLabel("City").inputValue(), { timeout: 10_000 }).toBe("Paris");
    await composer.getByRole("button", { name: "Pick on map" }).click();
    const picker = composer.getByTestId("location-picker-map");
    await picker.locator(".plaza-pin").waitFor();
    const before = await composer.getByTestId("place-name").getAttribute("title");
    await picker.scrollIntoViewIfNeeded();
    await clickMap(page, "location-picker-map", 60, -40);
    await expect.poll(() => composer.getByTestId("place-name").getAttribute("title")).not.toBe(before);
    await composer.getByText("Near Paris, France").waitFor();
    expect(await composer.getByLabel("Country").inputValue()).toBe("France");
    await screenshot(page, "picker-composer-390");
    await page.keyboard.press("Escape");

    // The business form: coordinates typed, then moved by a click on the map.
    const ownerContext = await signedIn(owner);
    const { page: dashboard, errors: ownerErrors } = await newPage(ownerContext, { viewport: DESKTOP });
    await dashboard.goto(`${server.baseUrl}/business-dashboard`, { waitUntil: "networkidle" });
    await dashboard.getByRole("button", { name: "Create Business Profile" }).click();
    const form = dashboard.getByRole("dialog");
    await form.getByRole("button", { name: "Use my current location" }).click();
    await expect.poll(() => form.getByLabel("Latitude").inputValue()).toBe(PARIS.latitude.toFixed(6));
    const mapInForm = form.getByTestId("location-picker-map");
    await mapInForm.locator(".plaza-pin").waitFor();
    await mapInForm.scrollIntoViewIfNeeded();
    await clickMap(dashboard, "location-picker-map", -50, 30);
    await expect.poll(() => form.getByLabel("Latitude").inputValue()).not.toBe(PARIS.latitude.toFixed(6));
    const latitude = Number(await form.getByLabel("Latitude").inputValue());
    const longitude = Number(await form.getByLabel("Longitude").inputValue());
    // Down and left of the centre: a little south and west of it, still in Paris.
    expect(latitude).toBeLessThan(PARIS.latitude);
    expect(longitude).toBeLessThan(PARIS.longitude);
    await form.getByTestId("place-name").getByText("Paris, France").waitFor();
    await screenshot(dashboard, "picker-business-form-1280");

    expect(errors).toEqual([]);
    // Before the business exists, GET /api/users/{id}/business answers 404 (the dashboard then offers to create one).
    const noBusinessYet = /status of 404 \(Not Found\) \(https?:\/\/[^/]+\/api\/users\/[0-9a-f-]+\/business\)$/;
    expect(ownerErrors.filter((entry) => !noBusinessYet.test(entry))).toEqual([]);
  });
});
