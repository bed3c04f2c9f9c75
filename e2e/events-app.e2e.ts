import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/** A café in central Paris and a picnic spot 1.5 km east of it; the browser stands between them. */
const CAFE = { latitude: 48.8606, longitude: 2.3376 };
const HERE = { latitude: 48.8566, longitude: 2.3522 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DAY_MS = 86_400_000;

let server: RunningServer;
let owner: RegisteredAccount;
let coHost: RegisteredAccount;
let picnicHost: RegisteredAccount;
let viewer: RegisteredAccount;
let businessId: string;
let cafeEventId: string;
let picnicEventId: string;
const contexts: BrowserContext[] = [];

/** An instant `days` from now at 18:00 UTC, as ISO 8601. */
const inDays = (days: number, hours = 0) => {
  const day = new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  return new Date(Date.parse(`${day}T18:00:00Z`) + hours * 3_600_000).toISOString();
};

beforeAll(async () => {
  server = await startServer();
  const base = server.baseUrl;
  const as = <T = { id: string }>(account: RegisteredAccount, method: string, path: string, body?: unknown) =>
    expectApiOk<T>(base, account.sessionCookie, method, path, body);
  [owner, coHost, picnicHost, viewer] = await Promise.all([
    registerViaApi(base, { firstName: "Olive", lastName: "Owner", profileType: "business" }),
    registerViaApi(base, { firstName: "Cody", lastName: "Cohost" }),
    registerViaApi(base, { firstName: "Pia", lastName: "Picnic" }),
    registerViaApi(base, { firstName: "Vera", lastName: "Viewer" }),
  ]);
  const friend = await registerViaApi(base, { firstName: "Jess", lastName: "Lee" });
  const business = await as(owner, "POST", "/api/businesses", {
    name: "Cafe Rivoli",
    category: "cafe",
    address: "1 Rue de Rivoli, Paris",
    timeZone: "Europe/Paris",
    ...CAFE,
  });
  businessId = business.id;
  await as(owner, "POST", "/api/coupons", {
    businessId,
    title: "Free coffee",
    discountType: "freeItem",
    discountValue: 0,
  });
  await as(owner, "PATCH", `/api/businesses/${businessId}`, { isPublished: true });
  const cafeEvent = await as(owner, "POST", "/api/events", {
    title: "Latte art night",
    description: "Baristas pour, the room votes.",
    startsAt: inDays(2),
    endsAt: inDays(2, 2),
    place: { businessId },
    category: "food",
    capacity: 30,
    coHostIds: [coHost.user.id],
  });
  cafeEventId = cafeEvent.id;
  const picnic = await as(picnicHost, "POST", "/api/events", {
    title: "Riverside picnic",
    startsAt: inDays(3),
    endsAt: inDays(3, 3),
    timeZone: "Europe/Paris",
    place: { name: "Quai de la Tournelle", address: "Quai de la Tournelle, Paris", latitude: 48.85, longitude: 2.355 },
    category: "community",
  });
  picnicEventId = picnic.id;
  // Jess, whom the viewer follows, is going to the café's event.
  await as(viewer, "POST", "/api/follows", { followingId: friend.user.id });
  await as(friend, "PUT", `/api/events/${cafeEventId}/rsvp`, { status: "going" });
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

async function signedIn(account: RegisteredAccount | null): Promise<BrowserContext> {
  const context = await launchBrowser({ timezoneId: "America/New_York", locale: "en-US" });
  contexts.push(context);
  if (account) await addSessionCookie(context, server.baseUrl, account.sessionCookie);
  await context.grantPermissions(["geolocation", "clipboard-read", "clipboard-write"], { origin: server.baseUrl });
  await context.setGeolocation(HERE);
  return context;
}

async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const cardTitled = (page: Page, title: string) => page.getByTestId("event-card").filter({ hasText: title });

test("/events: this week with a map, near you from the shared position, a category, going and hosting", async () => {
  const { page, errors } = await newPage(await signedIn(viewer), { viewport: DESKTOP });
  await page.goto(`${server.baseUrl}/events`);
  for (const tab of ["This week", "Near you", "Going", "Hosting"]) await page.getByRole("tab", { name: tab }).waitFor();
  await cardTitled(page, "Latte art night").waitFor();
  await cardTitled(page, "Riverside picnic").waitFor();
  // Both are on the map: two pins (or a cluster of them).
  await page.getByTestId("events-map").locator(".plaza-pin, .plaza-cluster").first().waitFor();
  await screenshot(page, "events-app-list-1280");
  await expectNoOverflow(page);

  // Near you: nothing is known yet, so it asks; the shared position finds both.
  await page.getByRole("tab", { name: "Near you" }).click();
  await page.getByText("Where are you?").waitFor();
  await page.getByRole("button", { name: "Use my position" }).click();
  await page.getByTestId("events-near-area").getByText("Within 10 miles of your position").waitFor();
  await cardTitled(page, "Latte art night").waitFor();
  await cardTitled(page, "Riverside picnic").waitFor();

  // A category keeps only its events; one without any says so.
  await page.getByLabel("Category").selectOption("community");
  await cardTitled(page, "Riverside picnic").waitFor();
  await expect.poll(() => cardTitled(page, "Latte art night").count()).toBe(0);
  await page.getByLabel("Category").selectOption("music");
  await page.getByText("No events near you").waitFor();
  await page.getByLabel("Category").selectOption("");

  // Going: empty until the viewer answers; Hosting: empty with what to do.
  await page.getByRole("tab", { name: "Going" }).click();
  await page.getByText("You are not going to anything yet").waitFor();
  await page.getByRole("tab", { name: "Hosting" }).click();
  await page.getByText("You are not hosting any events").waitFor();
  await page.getByText("Create an event and people nearby can find it.").waitFor();

  await page.setViewportSize(PHONE);
  await page.getByRole("tab", { name: "This week" }).click();
  await cardTitled(page, "Riverside picnic").waitFor();
  await page.getByTestId("events-map").locator(".plaza-pin, .plaza-cluster").first().waitFor();
  await screenshot(page, "events-app-list-390");
  await expectNoOverflow(page);
  expect(errors).toEqual([]);
}, 240_000);

test("/events/{id}: friends going, the place's map, share copies the link, and going shows on Going", async () => {
  const { page, errors } = await newPage(await signedIn(viewer), { viewport: DESKTOP });
  await page.goto(`${server.baseUrl}/events/${cafeEventId}`);
  await page.getByRole("heading", { name: "Latte art night" }).waitFor();
  await page.getByTestId("friends-going").getByText("Jess Lee is going").waitFor();
  await page.getByTestId("event-place-map").locator(".plaza-pin").waitFor();
  // The event is on Paris's clock; the viewer's New York time is beside it.
  await page.getByTestId("viewer-time").waitFor();
  await page.getByRole("link", { name: "Add to calendar" }).waitFor();
  await page.getByRole("button", { name: "Share" }).click();
  await page.getByText("Link copied").first().waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.baseUrl}/events/${cafeEventId}`);
  await screenshot(page, "events-app-event-1280");

  await page.getByRole("button", { name: "Going", exact: true }).click();
  await expect
    .poll(() => page.getByRole("button", { name: "Going", exact: true }).getAttribute("aria-pressed"))
    .toBe("true");
  await page.setViewportSize(PHONE);
  await page.getByTestId("event-place-map").locator(".plaza-pin").waitFor();
  await screenshot(page, "events-app-event-390");
  await expectNoOverflow(page);

  await page.goto(`${server.baseUrl}/events`);
  await page.getByRole("tab", { name: "Going" }).click();
  await cardTitled(page, "Latte art night").waitFor();
  expect(errors).toEqual([]);
}, 240_000);

test("a business page and a host's profile list their events, rendered on the server", async () => {
  // Before any script: the business page's HTML already holds its event.
  const html = await (await fetch(`${server.baseUrl}/business/${businessId}`)).text();
  expect(html).toContain("Latte art night");
  const profileHtml = await (await fetch(`${server.baseUrl}/profile/${picnicHost.user.id}`)).text();
  expect(profileHtml).toContain("Riverside picnic");

  const { page, errors } = await newPage(await signedIn(null), { viewport: DESKTOP });
  await page.goto(`${server.baseUrl}/business/${businessId}`);
  const section = page.getByTestId("profile-events");
  await section.getByRole("heading", { name: "Events" }).waitFor();
  await section.getByTestId("event-card").filter({ hasText: "Latte art night" }).waitFor();
  // The picnic is not at the café: not on its page.
  expect(await section.getByText("Riverside picnic").count()).toBe(0);
  await screenshot(page, "events-app-business-1280");
  await page.setViewportSize(PHONE);
  await screenshot(page, "events-app-business-390");
  await expectNoOverflow(page);
  await section.getByRole("link", { name: "Latte art night" }).click();
  await page.waitForURL(`${server.baseUrl}/events/${cafeEventId}`);
  await page.getByRole("heading", { name: "Latte art night" }).waitFor();

  await page.goto(`${server.baseUrl}/profile/${picnicHost.user.id}`);
  await page.getByTestId("profile-events").getByTestId("event-card").filter({ hasText: "Riverside picnic" }).waitFor();
  expect(errors).toEqual([]);
}, 240_000);

test("an asked co-host follows the notification to the event and accepts; then hosts it", async () => {
  const { page, errors } = await newPage(await signedIn(coHost), { viewport: DESKTOP });
  await page.goto(`${server.baseUrl}/`);
  await page.getByRole("button", { name: /^Notifications/ }).click();
  // The owner speaks as their business: "Cafe Rivoli asked you to co-host …".
  await page
    .getByRole("dialog")
    .getByText(/asked you to co-host “Latte art night”/)
    .click();
  await page.waitForURL(`${server.baseUrl}/events/${cafeEventId}`);
  const invite = page.getByTestId("co-host-invite");
  await invite.getByText("You were asked to co-host this event.").waitFor();
  expect(await page.getByRole("button", { name: "Edit" }).count()).toBe(0);
  await invite.getByRole("button", { name: "Accept co-hosting" }).click();
  await page.getByRole("button", { name: "Edit" }).waitFor();
  await expect.poll(() => page.getByTestId("co-host-invite").count()).toBe(0);
  await page.getByRole("link", { name: "Cody Cohost" }).waitFor();

  // As a host, they may invite people: the dialog finds the viewer by name and sends the invitation.
  await page.getByRole("button", { name: "Invite people" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Search people").fill("Vera");
  await dialog.getByRole("button", { name: /Vera Viewer/ }).click();
  await dialog.getByRole("button", { name: "Send invitations" }).click();
  await page.getByText("1 person invited").first().waitFor();
  expect(errors).toEqual([]);
}, 240_000);

test("settings: the private calendar feed link, and a new one that replaces it", async () => {
  const { page, errors } = await newPage(await signedIn(viewer), { viewport: PHONE });
  await page.goto(`${server.baseUrl}/settings`);
  await page.getByRole("button", { name: "Show my calendar link" }).click();
  const field = page.getByRole("textbox", { name: "Calendar feed" });
  await field.waitFor();
  const first = await field.inputValue();
  expect(first).toMatch(/\/api\/calendar\/[0-9a-f]{48}\.ics$/);
  const feed = await fetch(new URL(new URL(first).pathname, server.baseUrl));
  expect(feed.status).toBe(200);
  expect(await feed.text()).toContain("SUMMARY:Latte art night");
  await page.getByRole("button", { name: "Make a new link" }).click();
  await expect.poll(() => field.inputValue()).not.toBe(first);
  expect((await fetch(new URL(new URL(first).pathname, server.baseUrl))).status).toBe(404);
  await expectNoOverflow(page);
  expect(errors).toEqual([]);
  expect(picnicEventId).toBeTruthy();
}, 240_000);
