import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

let server: RunningServer;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  context = await launchBrowser({ timezoneId: "UTC", locale: "en-US" });
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
});

async function signInAs(page: Page, sessionCookie: string, path: string) {
  await context.clearCookies();
  await addSessionCookie(context, server.baseUrl, sessionCookie);
  await page.goto(`${server.baseUrl}${path}`);
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a going guest sees their ticket as a QR code; the host types its code at the door and sees them admitted", async () => {
  const host = await registerViaApi(server.baseUrl, { firstName: "Hana", lastName: "Host" });
  const guest = await registerViaApi(server.baseUrl, { firstName: "Gus", lastName: "Guest" });
  const waiting = await registerViaApi(server.baseUrl, { firstName: "Wren", lastName: "Waiting" });
  // Starts in an hour: the door is open (from 3 hours before the start).
  const start = Date.now() + 60 * 60 * 1000;
  const event = await expectApiOk<{ id: string }>(server.baseUrl, host.sessionCookie, "POST", "/api/events", {
    title: "Rooftop jazz night",
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 3 * 60 * 60 * 1000).toISOString(),
    timeZone: "UTC",
    place: { name: "Old mill roof", address: "2 Mill Lane", latitude: 41.15, longitude: -8.61 },
    category: "music",
    capacity: 1,
  });
  const rsvp = `/api/events/${event.id}/rsvp`;
  await expectApiOk(server.baseUrl, guest.sessionCookie, "PUT", rsvp, { status: "going" });
  await expectApiOk(server.baseUrl, waiting.sessionCookie, "PUT", rsvp, { status: "going" });

  // The guest's ticket: a QR code and the code as text.
  const { page, errors } = await newPage(context);
  await signInAs(page, guest.sessionCookie, `/events/${event.id}`);
  await page.getByTestId("event-ticket").waitFor();
  await page.getByTestId("ticket-qr").waitFor();
  const code = ((await page.getByTestId("ticket-code").textContent()) ?? "").trim();
  expect(code).toMatch(/^[0-9A-Z]{6,}$/);
  expect(await page.getByTestId("ticket-qr").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
    0,
  );
  await screenshot(page, "event-ticket-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "event-ticket-390");
  await noOverflow(page);
  // Not a host: no link to the host's view.
  expect(await page.getByRole("link", { name: "Manage guests" }).count()).toBe(0);

  // The host opens the manage view from the event page.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, host.sessionCookie, `/events/${event.id}`);
  await page.getByRole("link", { name: "Manage guests" }).click();
  await page.waitForURL(new RegExp(`/events/${event.id}/manage$`));
  await page.getByRole("heading", { name: "Guests · Rooftop jazz night" }).waitFor();
  await expect.poll(() => page.getByTestId("admitted-count").textContent()).toBe("0 of 1 admitted");
  await expect.poll(() => page.getByRole("tab", { name: /Waitlist/ }).textContent()).toContain("1");
  await page.getByTestId("attendee").filter({ hasText: "Gus Guest" }).waitFor();

  // A mistyped code is refused with the server's sentence; the right one admits the guest.
  await page.getByLabel("Ticket code").fill("WRONG00000");
  await page.getByRole("button", { name: "Admit" }).click();
  await expect.poll(() => page.getByTestId("door-outcome").textContent()).toContain("No ticket has this code");
  await page.getByLabel("Ticket code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Admit" }).click();
  await expect.poll(() => page.getByTestId("door-outcome").textContent()).toBe("Gus GuestAdmitted");
  await expect.poll(() => page.getByTestId("admitted-count").textContent()).toBe("1 of 1 admitted");
  await expect
    .poll(() => page.getByTestId("attendee").filter({ hasText: "Gus Guest" }).textContent())
    .toContain("Admitted");

  // The same ticket again: already admitted, at what time.
  await page.getByLabel("Ticket code").fill(code);
  await page.getByRole("button", { name: "Admit" }).click();
  await expect
    .poll(() => page.getByTestId("door-outcome").textContent())
    .toMatch(/Already admitted at \d{1,2}:\d{2}\s?[AP]M/);
  await screenshot(page, "event-manage-1280");

  // The waitlist tab shows the place in line.
  await page.getByRole("tab", { name: /Waitlist/ }).click();
  await page.getByTestId("attendee").filter({ hasText: "Wren Waiting" }).filter({ hasText: "#1 in line" }).waitFor();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("tab", { name: /Going/ }).click();
  await page.getByTestId("attendee").first().waitFor();
  await screenshot(page, "event-manage-390");
  await noOverflow(page);

  // Not a host: the manage view says so.
  await signInAs(page, guest.sessionCookie, `/events/${event.id}/manage`);
  await page.getByRole("heading", { name: "Only hosts can manage guests" }).waitFor();
  // The mistyped code's 404 is the browser's own console line for a refused call; nothing else went wrong.
  const refusedCode = /status of 404 \(Not Found\) \(https?:\/\/[^/]+\/api\/events\/[0-9a-f-]+\/admissions\)$/;
  expect(errors.filter((error) => !refusedCode.test(error))).toEqual([]);
});
