import { PROCESSOR_FEE_TEXT } from "@plaza/contracts/payments";
import { EARNINGS_TEXTS, PAYOUT_CARD_TEXTS } from "@plaza/contracts/payouts";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { StripeTestServer } from "../apps/api/test/stripe-server";
import { expectNoSeriousViolations } from "./support/a11y";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { callApi } from "./support/api";
import { DESKTOP_VIEWPORT, launchBrowser, newPage, screenshot } from "./support/browser";
import type { RunningServer } from "./support/server";
import { type StripeApp, startStripeApp } from "./support/stripe";
import { pollUntil, settled } from "./support/wait";

const PHONE = { width: 390, height: 844 };
/** The Stripe-compatible test server hands out links on this host; the browser never leaves for it. */
const STRIPE_PAGES = "https://connect.stripe.test/**";

let app: StripeApp;
let stripe: StripeTestServer;
let server: RunningServer;
let context: BrowserContext;

beforeAll(async () => {
  app = await startStripeApp("payouts");
  ({ stripe, server } = app);
  context = await launchBrowser();
  // Stripe's hosted onboarding and dashboard, as far as this test needs them: a page that says where it is.
  await context.route(STRIPE_PAGES, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Stripe (test)</title><h1>Stripe: ${new URL(route.request().url()).pathname}</h1>`,
    }),
  );
});

afterAll(async () => {
  await context?.close();
  await app?.stop();
});

const updateAccount = (accountId: string, fields: Record<string, unknown>) => app.updateAccount(accountId, fields);

/** A money call as another browser would make it. */
const postAs = (account: RegisteredAccount, path: string, body: unknown) =>
  callApi<Record<string, unknown>>(server.baseUrl, account.sessionCookie, "POST", path, body);

const card = (page: Page) => page.getByTestId("payouts-card");
const statusText = (page: Page) => page.getByTestId("payouts-status").textContent();

/** No element of the page is wider than the window (nothing cut off or scrolling sideways). */
async function expectNoSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Both widths, each checked for sideways overflow, then the page checked by axe (serious or critical). */
async function screenshotsAt(page: Page, name: string) {
  for (const viewport of [PHONE, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    await settled(page);
    await expectNoSidewaysOverflow(page);
    await screenshot(page, `${name}-${viewport.width}`);
  }
  await expectNoSeriousViolations(page, name);
}

test("a creator sets up payouts through Stripe, comes back, and the card follows the account to active", async () => {
  const creator = await registerViaApi(server.baseUrl, { profileType: "creator", firstName: "Cora" });
  await addSessionCookie(context, server.baseUrl, creator.sessionCookie);
  const { page, errors } = await newPage(context, { viewport: DESKTOP_VIEWPORT });
  await page.goto(`${server.baseUrl}/wallet`);
  await card(page).waitFor();
  await expect.poll(() => statusText(page)).toBe(PAYOUT_CARD_TEXTS.status.none);
  expect(await card(page).textContent()).toContain(PROCESSOR_FEE_TEXT);
  await screenshotsAt(page, "payouts-not-connected");

  // "Set up payouts" asks the server for an onboarding link and goes to Stripe in this tab.
  const linksBefore = stripe.callsTo("/v1/account_links").length;
  await page.getByRole("button", { name: PAYOUT_CARD_TEXTS.setUp }).click();
  await page.waitForURL(/^https:\/\/connect\.stripe\.test\/setup\/acct_/);
  const link = stripe.callsTo("/v1/account_links").at(-1);
  expect(stripe.callsTo("/v1/account_links")).toHaveLength(linksBefore + 1);
  const accountId = String(link?.params.account);
  expect(page.url()).toBe(`https://connect.stripe.test/setup/${accountId}`);
  // Stripe sends the creator back to the wallet (return) or, when the link has expired, asks for a new one (refresh).
  const returnUrl = String(link?.params.return_url);
  const refreshUrl = String(link?.params.refresh_url);
  expect(returnUrl).toBe(`${server.baseUrl}/wallet?payouts=return`);
  expect(refreshUrl).toBe(`${server.baseUrl}/wallet?payouts=refresh`);

  // The refresh URL lands on the wallet, which fetches a fresh link and goes straight back to Stripe.
  await page.goto(refreshUrl);
  await page.waitForURL(/^https:\/\/connect\.stripe\.test\/setup\/acct_/);
  expect(stripe.callsTo("/v1/account_links")).toHaveLength(linksBefore + 2);

  // Back before Stripe has finished: the wallet asks Stripe for the account at once (no webhook yet); onboarding
  // is pending, the card says Stripe is checking and lists what Stripe still needs.
  await page.goto(returnUrl);
  await pollUntil(() => stripe.callsTo(`/v1/accounts/${accountId}`, "GET").length === 1, {
    what: "the wallet asking Stripe for the account after the return",
  });
  await expect.poll(() => statusText(page)).toBe(PAYOUT_CARD_TEXTS.status.pending);
  expect(await card(page).getByRole("list").textContent()).toContain("A bank account for payouts");
  expect(await card(page).textContent()).toContain(PAYOUT_CARD_TEXTS.checking);
  expect(await card(page).getByRole("button", { name: PAYOUT_CARD_TEXTS.continueSetup }).isVisible()).toBe(true);
  await page.waitForURL(`${server.baseUrl}/wallet`);

  // Stripe restricts the account (the signed account.updated webhook): the page that came back from Stripe
  // follows it by itself, and what Stripe needs is listed in words (an unknown name in a readable form).
  await updateAccount(accountId, {
    details_submitted: true,
    requirements: {
      currently_due: ["individual.verification.document", "external_account", "tos_acceptance.date"],
      past_due: ["individual.political_exposure"],
      disabled_reason: "requirements.past_due",
    },
  });
  await expect.poll(() => statusText(page), { timeout: 15_000 }).toBe(PAYOUT_CARD_TEXTS.status.restricted);
  const missing = card(page).getByRole("list", { name: PAYOUT_CARD_TEXTS.missingHeading });
  await expect
    .poll(() => missing.getByRole("listitem").allTextContents())
    .toEqual(["Political exposure", "A photo ID", "A bank account for payouts", "Accept Stripe's terms of service"]);
  await screenshotsAt(page, "payouts-restricted");

  // The creator gives Stripe the rest and the account becomes active.
  await updateAccount(accountId, {
    charges_enabled: true,
    payouts_enabled: true,
    requirements: { currently_due: [], past_due: [], disabled_reason: null },
  });
  await page.reload();
  await expect.poll(() => statusText(page)).toBe(PAYOUT_CARD_TEXTS.status.active);
  expect(await card(page).getByRole("list").count()).toBe(0);
  const dashboard = card(page).getByRole("button", { name: PAYOUT_CARD_TEXTS.openDashboard });
  expect(await dashboard.isVisible()).toBe(true);
  expect(await card(page).getByRole("button", { name: PAYOUT_CARD_TEXTS.continueSetup }).count()).toBe(0);
  await screenshotsAt(page, "payouts-active");

  // "Open Stripe dashboard": a fresh sign-in link to the Express dashboard.
  await dashboard.click();
  await page.waitForURL(`https://connect.stripe.test/express/${accountId}`);
  expect(stripe.callsTo(`/v1/accounts/${accountId}/login_links`)).toHaveLength(1);
  expect(errors).toEqual([]);
  await page.close();
});

test("after a fan's payment, the creator's wallet draws the month's earnings, net of Stripe's fee", async () => {
  const creator = await registerViaApi(server.baseUrl, { profileType: "creator", firstName: "Maya" });
  const fan = await registerViaApi(server.baseUrl);
  const link = await postAs(creator, "/api/payouts/account", {});
  expect(link.status).toBe(200);
  const accountId = String(stripe.callsTo("/v1/account_links").at(-1)?.params.account);
  await updateAccount(accountId, { charges_enabled: true, payouts_enabled: true, details_submitted: true });

  const tip = await postAs(fan, "/api/tips", { receiverId: creator.user.id, amount: 25 });
  expect(tip.status).toBe(202);
  const intentId = String(tip.body.clientSecret).split("_secret_")[0] ?? "";
  await app.succeed(intentId, accountId);
  const net = 2500 - stripe.feeOf(2500);

  await addSessionCookie(context, server.baseUrl, creator.sessionCookie);
  const { page, errors } = await newPage(context, { viewport: DESKTOP_VIEWPORT });
  await page.goto(`${server.baseUrl}/wallet`);
  const chart = page.getByTestId("earnings-chart");
  await chart.waitFor();
  expect(await chart.getByRole("heading", { name: EARNINGS_TEXTS.title }).isVisible()).toBe(true);
  // The drawing arrives as its own chunk; one month has a bar.
  const bars = chart.locator(".recharts-bar-rectangle path");
  await expect.poll(() => bars.count()).toBe(1);
  const netText = `$${(net / 100).toFixed(2)}`;
  expect(await chart.locator("table").textContent()).toContain(netText);
  expect(await chart.getByRole("figure").getAttribute("aria-label")).toContain(`${netText} in all`);
  expect(await page.getByTestId("wallet-balance").textContent()).toBe(netText);
  // The fee statement appears once on the wallet.
  expect((await page.locator("body").textContent())?.split(PROCESSOR_FEE_TEXT)).toHaveLength(2);
  await screenshotsAt(page, "payouts-earnings-chart");
  expect(errors).toEqual([]);
  await page.close();
});
