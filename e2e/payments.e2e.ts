import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, registerViaApi, SESSION_COOKIE } from "./support/accounts";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

let server: RunningServer;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  context = await launchBrowser();
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
});

/** A money call as another browser would make it: session cookie, same Origin, Idempotency-Key. */
async function postAs(sessionCookie: string, path: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: server.baseUrl,
      cookie: `${SESSION_COOKIE}=${sessionCookie}`,
      "idempotency-key": crypto.randomUUID(),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test("a creator's wallet shows the balance, earnings by source and ledger lines of a tip, from the avatar menu", async () => {
  const creator = await registerViaApi(server.baseUrl, { profileType: "creator", firstName: "Cora" });
  const fan = await registerViaApi(server.baseUrl);
  const tip = await postAs(fan.sessionCookie, "/api/tips", {
    receiverId: creator.user.id,
    amount: 12.34,
    message: "Great work",
    paymentMethod: "paypal",
  });
  expect(tip.status).toBe(201);

  await addSessionCookie(context, server.baseUrl, creator.sessionCookie);
  const { page, errors } = await newPage(context);
  await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Wallet" }).click();
  await page.waitForURL(`${server.baseUrl}/wallet`);
  await expect.poll(() => page.getByTestId("wallet-balance").textContent()).toBe("$12.34");
  const ledger = page.getByRole("list", { name: "Ledger lines" });
  await expect.poll(() => ledger.textContent()).toContain(`from @${fan.user.username}`);
  expect(await ledger.textContent()).toContain("+$12.34");
  expect(await page.locator("body").textContent()).toContain("You keep 100%");
  await screenshot(page, "payments-wallet");
  expect(errors).toEqual([]);
  await page.close();
});
