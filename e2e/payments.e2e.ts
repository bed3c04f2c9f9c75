import { TIP_TEXTS } from "@plaza/contracts/payments";
import { PAYOUT_CARD_TEXTS } from "@plaza/contracts/payouts";
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
  // The built-in test provider moves no real money: one honest line, no payout button that could only fail.
  expect(await page.getByTestId("payouts-test-provider").textContent()).toBe(PAYOUT_CARD_TEXTS.testProvider);
  expect(await page.getByTestId("payouts-card").count()).toBe(0);
  expect(await page.getByTestId("earnings-chart").isVisible()).toBe(true);
  await screenshot(page, "payments-wallet");
  expect(errors).toEqual([]);
  await page.close();
});

/** A write as another browser would make it (session cookie, same Origin). */
async function sendAs(sessionCookie: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      origin: server.baseUrl,
      cookie: `${SESSION_COOKIE}=${sessionCookie}`,
    },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

test("a fan tips a creator, unlocks a pay-per-view post and subscribes at the creator's real price", async () => {
  const creator = await registerViaApi(server.baseUrl, { profileType: "creator", firstName: "Maya" });
  const fan = await registerViaApi(server.baseUrl);
  // The creator sets the monthly price in Settings.
  const creatorContext = await launchBrowser();
  try {
    await addSessionCookie(creatorContext, server.baseUrl, creator.sessionCookie);
    const { page, errors } = await newPage(creatorContext);
    await page.goto(`${server.baseUrl}/settings`, { waitUntil: "networkidle" });
    const priceField = page.getByLabel("Monthly price (USD)");
    await expect.poll(() => priceField.inputValue()).toBe("12.00");
    await priceField.fill("0.50");
    await page.getByRole("button", { name: "Save price" }).click();
    await expect
      .poll(() => page.locator("body").textContent())
      .toContain("The monthly price must be between $1.00 and $500.00");
    await priceField.fill("7.50");
    await page.getByRole("button", { name: "Save price" }).click();
    await expect.poll(() => page.locator("body").textContent()).toContain("Subscription price saved");
    expect(errors).toEqual([]);
  } finally {
    await creatorContext.close();
  }
  const ppvSecret = "Pay-per-view secret: the hidden waterfall trail starts behind the old mill.";
  const subscriberSecret = "Subscriber secret: tomorrow's live session starts at eight.";
  const ppvPost = await sendAs(creator.sessionCookie, "POST", "/api/posts", {
    title: "Hidden trails",
    content: ppvSecret,
    postType: "premium",
    price: 3.5,
  });
  const subscriberPost = await sendAs(creator.sessionCookie, "POST", "/api/posts", {
    title: "Members only",
    content: subscriberSecret,
    postType: "premium",
  });

  const fanContext = await launchBrowser();
  try {
    await addSessionCookie(fanContext, server.baseUrl, fan.sessionCookie);
    const { page, errors } = await newPage(fanContext, { ignoreConsole: [/status of 402/] });

    // Tip from the post card: method and the card's last four digits are sent; the dialog says what Maya receives.
    await page.goto(`${server.baseUrl}/posts/${ppvPost.id}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Tip" }).click();
    const tipDialog = page.getByRole("dialog");
    await tipDialog.getByRole("button", { name: "Send tip" }).click();
    await expect.poll(() => page.locator("body").textContent()).toContain("Invalid amount");
    // A quick amount fills the field; then a typed one.
    await tipDialog.getByRole("button", { name: "$5", exact: true }).click();
    expect(await tipDialog.getByLabel("Amount (USD)").inputValue()).toBe("5.00");
    // Under $1.00: the dialog says so with the server's own text (contracts), and sends nothing.
    await tipDialog.getByLabel("Amount (USD)").fill("0.50");
    await tipDialog.getByRole("button", { name: "Send $0.50 tip" }).click();
    await expect.poll(() => page.locator("body").textContent()).toContain(TIP_TEXTS.belowMinimum);
    await tipDialog.getByLabel("Amount (USD)").fill("4.25");
    expect(await tipDialog.getByTestId("creator-receives").textContent()).toContain("Maya User receives all $4.25");
    // Written to the payer: it is the creator who keeps it all.
    expect(await tipDialog.textContent()).not.toContain("You keep");
    await tipDialog.getByLabel("Card number").fill("4000 0000 0000 0002");
    await tipDialog.getByRole("button", { name: "Send $4.25 tip" }).click();
    await expect.poll(() => page.locator("body").textContent()).toContain("Failed to send tip. Please try again.");
    await tipDialog.getByLabel("Card number").fill("4242 4242 4242 4242");
    await tipDialog.getByRole("button", { name: "Send $4.25 tip" }).click();
    await expect.poll(() => page.locator("body").textContent()).toContain("Tip sent!");
    expect(await page.getByRole("dialog").count()).toBe(0);

    // Unlock the pay-per-view post: the overlay, the dialog at the post's price, then the content.
    expect(await page.locator("body").textContent()).not.toContain(ppvSecret);
    await page.getByRole("button", { name: "Unlock for $3.50" }).click();
    const unlockDialog = page.getByRole("dialog");
    expect(await unlockDialog.getByTestId("creator-receives").textContent()).toContain("$3.50");
    await unlockDialog.getByText("PayPal", { exact: true }).click();
    expect(await unlockDialog.getByRole("radio", { name: "PayPal" }).isChecked()).toBe(true);
    await unlockDialog.getByRole("button", { name: "Unlock for $3.50" }).click();
    await expect
      .poll(() => page.locator("body").textContent())
      .toContain("Content unlocked! You can now view this exclusive content.");
    await expect.poll(() => page.locator("body").textContent()).toContain(ppvSecret);

    // Subscribe from the subscriber post: the creator's real price ($7.50/mo, not a fixed $12).
    await page.goto(`${server.baseUrl}/posts/${subscriberPost.id}`, { waitUntil: "networkidle" });
    expect(await page.locator("body").textContent()).not.toContain(subscriberSecret);
    await page.getByRole("button", { name: "Subscribe to view" }).click();
    const subscribeDialog = page.getByRole("dialog");
    await expect.poll(() => subscribeDialog.getByTestId("subscription-price").textContent()).toBe("$7.50/mo");
    await subscribeDialog.getByText("Apple Pay", { exact: true }).click();
    expect(await subscribeDialog.getByRole("radio", { name: "Apple Pay" }).isChecked()).toBe(true);
    await subscribeDialog.getByRole("button", { name: "Subscribe for $7.50/mo" }).click();
    await expect.poll(() => page.locator("body").textContent()).toContain("Subscribed!");
    await expect.poll(() => page.locator("body").textContent()).toContain(subscriberSecret);
    await screenshot(page, "payments-subscribed");

    // The fan's profile is personal: the composer offers no paid access (only creators sell it).
    await page.getByRole("banner").getByRole("button", { name: "Create", exact: true }).click();
    const composer = page.getByRole("dialog");
    await composer.getByLabel("Title").waitFor();
    expect(await composer.getByRole("button", { name: "Pay-per-view" }).count()).toBe(0);
    expect(await composer.getByRole("button", { name: "Subscribers only" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await composer.waitFor({ state: "detached" });

    // Cancel from the wallet page: renewal stops, access stays until the period ends.
    await page.goto(`${server.baseUrl}/wallet`, { waitUntil: "networkidle" });
    const mine = page.getByRole("list", { name: "Your subscriptions" });
    await expect.poll(() => mine.textContent()).toContain("$7.50/mo");
    await mine.getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel subscription" }).click();
    await expect.poll(() => page.locator("body").textContent()).toContain("Subscription cancelled.");
    await expect.poll(() => mine.textContent()).toContain("access until");
    // The fan's wallet shows what they paid: the total by kind and each payment with its creator.
    const spent = page.getByRole("list", { name: "Payments you made" });
    await expect.poll(() => spent.textContent()).toContain(`Tip to @${creator.user.username}`);
    expect(await spent.textContent()).toContain("−$4.25");
    expect(await spent.textContent()).toContain("−$7.50");
    expect(await page.locator("body").textContent()).toContain("$15.25 paid to creators");
    // The fan received nothing: what they spent comes first, no empty balance or "No earnings yet." ledger.
    const spentTop = (await page.getByRole("heading", { name: "Spent" }).boundingBox())?.y ?? 0;
    const receivedTop = (await page.getByTestId("wallet-received-empty").boundingBox())?.y ?? 0;
    expect(spentTop).toBeLessThan(receivedTop);
    expect(await page.getByTestId("wallet-balance").count()).toBe(0);
    expect(await page.locator("body").textContent()).not.toContain("No earnings yet.");
    await screenshot(page, "payments-fan-wallet");
    await page.goto(`${server.baseUrl}/posts/${subscriberPost.id}`, { waitUntil: "networkidle" });
    expect(await page.locator("body").textContent()).toContain(subscriberSecret);
    await page.goto(`${server.baseUrl}/profile/${creator.user.id}`, { waitUntil: "networkidle" });
    await expect.poll(() => page.getByRole("button", { name: "Subscribed" }).count()).toBe(1);
    expect(errors).toEqual([]);
  } finally {
    await fanContext.close();
  }

  // The creator's wallet has all three, in full.
  const wallet = await fetch(`${server.baseUrl}/api/wallet`, {
    headers: { cookie: `${SESSION_COOKIE}=${creator.sessionCookie}` },
  });
  expect(await wallet.json()).toMatchObject({
    balanceCents: 425 + 350 + 750,
    earnings: { tipsCents: 425, ppvCents: 350, subscriptionsCents: 750 },
  });
  // The method chosen in each dialog is the one recorded.
  const lines = await fetch(`${server.baseUrl}/api/wallet/lines`, {
    headers: { cookie: `${SESSION_COOKIE}=${creator.sessionCookie}` },
  });
  const methods = ((await lines.json()) as { kind: string; paymentMethod: string }[]).map(
    (line) => `${line.kind}:${line.paymentMethod}`,
  );
  expect(methods.sort()).toEqual(["ppv_unlock:paypal", "subscription:apple", "tip:card"]);

  // The creator's wallet page lists the fan among their subscribers, cancelled but paid until the period's end.
  const creatorPage = await launchBrowser();
  try {
    await addSessionCookie(creatorPage, server.baseUrl, creator.sessionCookie);
    const { page, errors } = await newPage(creatorPage);
    await page.goto(`${server.baseUrl}/wallet`, { waitUntil: "networkidle" });
    const subscribers = page.getByRole("list", { name: "Subscribers" });
    await expect.poll(() => subscribers.textContent()).toContain(`@${fan.user.username}`);
    expect(await subscribers.textContent()).toContain("$7.50/mo");
    expect(await subscribers.textContent()).toContain("Cancelled, until");
    await screenshot(page, "payments-creator-subscribers");
    expect(errors).toEqual([]);
  } finally {
    await creatorPage.close();
  }
});
