import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

let server: RunningServer;
let context: BrowserContext;

// The browser is in New York; the event is on Tokyo's clock (no daylight saving there, so the instants are fixed).
beforeAll(async () => {
  server = await startServer();
  context = await launchBrowser({ timezoneId: "America/New_York", locale: "en-US" });
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
});

/** The day three days from now (UTC), as YYYY-MM-DD: inside "This week". */
const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

async function signInAs(page: Page, sessionCookie: string) {
  await context.clearCookies();
  await addSessionCookie(context, server.baseUrl, sessionCookie);
  await page.goto(`${server.baseUrl}/events`);
}

test("create an event in the browser, RSVP, fill the last seat, and a third person is waitlisted", async () => {
  const host = await registerViaApi(server.baseUrl, { firstName: "Hana", lastName: "Host" });
  const second = await registerViaApi(server.baseUrl, { firstName: "Sam", lastName: "Second" });
  const third = await registerViaApi(server.baseUrl, { firstName: "Tia", lastName: "Third" });
  const { page, errors } = await newPage(context);
  await signInAs(page, host.sessionCookie);

  // /events: the tabs, and an empty week.
  await page.getByRole("heading", { name: "Events", level: 1 }).waitFor();
  await page.getByText("No events this week").waitFor();
  for (const tab of ["This week", "Going", "Hosting"]) await page.getByRole("tab", { name: tab }).waitFor();

  // The form: the rules answer before anything is sent.
  await page.getByRole("button", { name: "Create event" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Harbour lantern walk");
  await dialog.getByRole("button", { name: "Publish event" }).click();
  await dialog.getByText("Place name is required").waitFor();
  await dialog.getByLabel("Description").fill("Bring a lantern; we walk the quay at dusk.");
  await dialog.getByLabel("Starts").fill(`${day}T19:00`);
  await dialog.getByLabel("Ends").fill(`${day}T21:00`);
  // The browser's zone is the default.
  expect(await dialog.getByLabel("Time zone").inputValue()).toBe("America/New_York");
  await dialog.getByLabel("Time zone").selectOption("Asia/Tokyo");
  await dialog.getByLabel("Category").selectOption("community");
  await dialog.getByLabel("Capacity").fill("2");
  await dialog.getByLabel("Place name").fill("Old harbour steps");
  await dialog.getByLabel("Address").fill("Quay 1");
  await dialog.getByLabel("Latitude").fill("41.14");
  await dialog.getByLabel("Longitude").fill("-8.61");
  await screenshot(page, "events-form-1280");
  await dialog.getByRole("button", { name: "Publish event" }).click();

  // The new event's page: its time on Tokyo's clock, the viewer's New York time beside it.
  await page.waitForURL(/\/events\/[0-9a-f-]{36}$/);
  const eventId = new URL(page.url()).pathname.split("/").pop() as string;
  const stored = await expectApiOk<{ startsAt: string; endsAt: string; timeZone: string }>(
    server.baseUrl,
    host.sessionCookie,
    "GET",
    `/api/events/${eventId}`,
  );
  expect(new Date(stored.startsAt).toISOString()).toBe(`${day}T10:00:00.000Z`);
  expect(new Date(stored.endsAt).toISOString()).toBe(`${day}T12:00:00.000Z`);
  expect(stored.timeZone).toBe("Asia/Tokyo");
  await page.getByRole("heading", { name: "Harbour lantern walk" }).waitFor();
  await expect.poll(() => page.getByTestId("event-time").textContent()).toMatch(/7:00\s*–\s*9:00\sPM GMT\+9/);
  await expect.poll(() => page.getByTestId("viewer-time").textContent()).toMatch(/6:00\s*–\s*8:00\sAM EDT|EST/);
  await page.getByRole("button", { name: "Edit" }).waitFor();

  // The host answers Going.
  await page.getByRole("button", { name: "Going", exact: true }).click();
  await expect
    .poll(() => page.getByRole("button", { name: "Going", exact: true }).getAttribute("aria-pressed"))
    .toBe("true");
  await expect.poll(() => page.getByTestId("event-counts").textContent()).toContain("1 going / 2");

  // It is on /events, and on the host's Going and Hosting tabs.
  await page.getByRole("link", { name: "Events" }).first().click();
  const card = page.getByTestId("event-card").filter({ hasText: "Harbour lantern walk" });
  await card.waitFor();
  expect(await card.textContent()).toContain("1 going / 2");
  expect(await card.textContent()).toContain("Old harbour steps");
  await page.getByRole("tab", { name: "Hosting" }).click();
  await page.getByTestId("event-card").filter({ hasText: "Harbour lantern walk" }).waitFor();

  // A second person takes the last seat.
  const answer = await expectApiOk<{ status: string }>(
    server.baseUrl,
    second.sessionCookie,
    "PUT",
    `/api/events/${eventId}/rsvp`,
    { status: "going" },
  );
  expect(answer.status).toBe("going");

  // The third sees it is full, answers Going and is told their place on the waitlist.
  await signInAs(page, third.sessionCookie);
  await page.goto(`${server.baseUrl}/events/${eventId}`);
  await page.getByText("Full: going puts you on the waitlist").waitFor();
  await page.getByRole("button", { name: "Going", exact: true }).click();
  await page.getByRole("button", { name: "Waitlisted — #1" }).waitFor();
  await expect.poll(() => page.getByTestId("event-counts").textContent()).toContain("1 on the waitlist");
  // Not a host: no Edit.
  expect(await page.getByRole("button", { name: "Edit" }).count()).toBe(0);

  // The calendar link answers an iCalendar file.
  const href = await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href");
  expect(href).toBe(`/api/events/${eventId}/calendar.ics`);
  const ics = await fetch(`${server.baseUrl}${href}`);
  expect(ics.status).toBe(200);
  expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
  expect(await ics.text()).toContain("SUMMARY:Harbour lantern walk");

  // Screenshots: the list, the page and the form at 1280 and 390 px.
  await screenshot(page, "events-page-1280");
  await page.goto(`${server.baseUrl}/events`);
  await page.getByTestId("event-card").first().waitFor();
  await screenshot(page, "events-list-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "events-list-390");
  await page.goto(`${server.baseUrl}/events/${eventId}`);
  await page.getByRole("button", { name: "Waitlisted — #1" }).waitFor();
  await screenshot(page, "events-page-390");
  await page.goto(`${server.baseUrl}/events`);
  await page.getByRole("button", { name: "Create event" }).first().click();
  await page.getByRole("dialog").getByLabel("Title").waitFor();
  await screenshot(page, "events-form-390");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.keyboard.press("Escape");

  // A signed-out visitor sees the public event, and is offered sign-in to answer.
  await context.clearCookies();
  await page.goto(`${server.baseUrl}/events`);
  await page.getByTestId("event-card").filter({ hasText: "Harbour lantern walk" }).waitFor();
  expect(await page.getByRole("button", { name: "Create event" }).count()).toBe(0);
  await page.goto(`${server.baseUrl}/events/${eventId}`);
  await page.getByRole("link", { name: "Sign in to answer" }).waitFor();

  // A missing event is a 404 page.
  const missing = await page.goto(`${server.baseUrl}/events/00000000-0000-4000-8000-000000000000`);
  await page.getByText("Event not found").waitFor();
  expect(missing?.status()).toBe(404);
  expect(errors.filter((error) => !/404/.test(error))).toEqual([]);
});
