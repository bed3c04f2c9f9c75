import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

let server: RunningServer;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  context = await launchBrowser({ timezoneId: "America/New_York", locale: "en-US" });
}, 300_000);

afterAll(async () => {
  await context?.close();
  await server?.stop();
});

test("a paid event: price, refund rule and fee text, Get ticket through the payment dialog, then the ticket's code", async () => {
  const host = await registerViaApi(server.baseUrl, { firstName: "Hana", lastName: "Host" });
  const guest = await registerViaApi(server.baseUrl, { firstName: "Gus", lastName: "Guest" });
  const startsAt = new Date(Date.now() + 5 * 86_400_000);
  const event = await expectApiOk<{ id: string }>(server.baseUrl, host.sessionCookie, "POST", "/api/events", {
    title: "Rooftop jazz night",
    description: "A quartet on the roof of the old mill.",
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 3 * 3_600_000).toISOString(),
    timeZone: "America/New_York",
    place: { name: "Old mill", address: "2 Mill Lane", latitude: 41.14, longitude: -8.61 },
    category: "music",
    capacity: 40,
    price: 18.5,
  });

  const { page, errors } = await newPage(context);
  await context.clearCookies();
  await addSessionCookie(context, server.baseUrl, guest.sessionCookie);
  await page.goto(`${server.baseUrl}/events/${event.id}`);
  await page.getByRole("heading", { name: "Rooftop jazz night" }).waitFor();
  await expect.poll(() => page.getByTestId("event-price").textContent()).toBe("Tickets $18.50");
  await expect
    .poll(() => page.getByTestId("refund-rule").textContent())
    .toBe("Full refund if you leave until 24 hours before the start; no refund after that.");
  await page.getByTestId("price-fee").first().waitFor();
  // Going is bought, not answered: no Going button until the ticket is held.
  expect(await page.getByRole("button", { name: "Going", exact: true }).count()).toBe(0);
  await screenshot(page, "event-ticket-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "event-ticket-390");

  await page.getByTestId("get-ticket").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText("Hana Host receives all $18.50").waitFor();
  await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
  await screenshot(page, "event-ticket-dialog-390");
  await dialog.getByRole("button", { name: "Pay $18.50" }).click();
  await dialog.waitFor({ state: "detached" });

  await page.getByTestId("event-ticket").waitFor();
  const ticket = await expectApiOk<{ code: string }>(
    server.baseUrl,
    guest.sessionCookie,
    "GET",
    `/api/events/${event.id}/ticket`,
  );
  await expect.poll(() => page.getByTestId("ticket-code").textContent()).toContain(ticket.code);
  await page.getByRole("button", { name: "Going", exact: true }).waitFor();
  await expect.poll(() => page.getByTestId("event-counts").textContent()).toMatch(/^1 going/);
  await screenshot(page, "event-ticket-held-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, "event-ticket-held-1280");
  const wallet = await expectApiOk<{ balanceCents: number }>(server.baseUrl, host.sessionCookie, "GET", "/api/wallet");
  expect(wallet.balanceCents).toBe(1850);
  expect(errors).toEqual([]);
});
