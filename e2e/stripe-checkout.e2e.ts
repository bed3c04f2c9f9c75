import { CHECKOUT_TEXTS, PROCESSOR_FEE_TEXT } from "@plaza/contracts/payments";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { StripeTestServer } from "../apps/api/test/stripe-server";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { DESKTOP_VIEWPORT, launchBrowser, newPage, PHONE_VIEWPORT, screenshot } from "./support/browser";
import type { RunningServer } from "./support/server";
import { type StripeApp, startStripeApp } from "./support/stripe";
import { installStripeJsStandIn, type StandInConfirmation } from "./support/stripe-js-stand-in";
import { settled } from "./support/wait";

/**
 * Checkout with PAYMENT_PROVIDER=stripe, end to end in the browser: the server creates the PaymentIntent on the
 * creator's connected account (recorded by the Stripe-compatible test server), the Payment Element confirms it
 * (Stripe.js replaced by a stand-in), and only Stripe's signed webhook makes the purchase — the screen follows it.
 */

let app: StripeApp;
let stripe: StripeTestServer;
let server: RunningServer;
let context: BrowserContext;
const confirmations: StandInConfirmation[] = [];

beforeAll(async () => {
  app = await startStripeApp("stripe-checkout");
  ({ stripe, server } = app);
  context = await launchBrowser();
});

afterAll(async () => {
  await context?.close();
  await app?.stop();
});

const connectedCreator = (firstName: string) => app.connectedCreator(firstName);
const stripeSays = (intentId: string, accountId: string) => app.succeed(intentId, accountId);

/** A fan's tab whose Stripe.js is the stand-in: 4000 0000 0000 0002 is declined, any other number confirms. */
async function fanPage(fan: RegisteredAccount): Promise<{ page: Page; errors: string[] }> {
  await addSessionCookie(context, server.baseUrl, fan.sessionCookie);
  const tracked = await newPage(context);
  await installStripeJsStandIn(tracked.page, (confirmation) => {
    confirmations.push(confirmation);
    if (confirmation.cardNumber.replace(/\s/g, "") === "4000000000000002") {
      return { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } };
    }
    // Stripe.js answers at once; the purchase waits for the webhook, which the test sends when it chooses.
    return { paymentIntent: { id: confirmation.intentId, status: "processing" } };
  });
  return tracked;
}

/** Fills the stand-in's card field and presses Pay; answers the PaymentIntent the browser confirmed. */
async function pay(dialog: ReturnType<Page["getByRole"]>, amount: string, cardNumber = "4242 4242 4242 4242") {
  const before = confirmations.length;
  await dialog.getByLabel("Card number").fill(cardNumber);
  await dialog.getByRole("button", { name: `Pay ${amount}` }).click();
  await expect.poll(() => confirmations.length).toBe(before + 1);
  return confirmations.at(-1) as StandInConfirmation;
}

test("tips, unlocks and subscriptions go through the Payment Element and take effect on Stripe's webhook", async () => {
  const creator = await connectedCreator("Maya");
  const fan = await registerViaApi(server.baseUrl);
  const secret = "Pay-per-view secret: the hidden waterfall trail starts behind the old mill.";
  const ppvPost = await expectApiOk<{ id: string }>(server.baseUrl, creator.sessionCookie, "POST", "/api/posts", {
    title: "Hidden trails",
    // The first 80 characters are the preview anyone may read; the secret comes after them.
    content: `A walk through the valley this weekend, with a few surprises along the way for you. ${secret}`,
    postType: "premium",
    price: 3.5,
  });
  const memberSecret = "Subscriber secret: tomorrow's live session starts at eight.";
  const memberPost = await expectApiOk<{ id: string }>(server.baseUrl, creator.sessionCookie, "POST", "/api/posts", {
    title: "Members only",
    content: memberSecret,
    postType: "premium",
  });
  const { page, errors } = await fanPage(fan);

  // A tip: the amount first, then Stripe's form; no card field of Plaza's own.
  await page.goto(`${server.baseUrl}/posts/${ppvPost.id}`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Tip" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Amount (USD)").fill("4.25");
  expect(await dialog.getByLabel("Card number").count()).toBe(0);
  expect(await dialog.getByTestId("creator-receives").textContent()).toContain(PROCESSOR_FEE_TEXT);
  await dialog.getByRole("button", { name: CHECKOUT_TEXTS.continue }).click();
  await dialog.getByTestId("stripe-checkout").waitFor();
  const [created] = stripe.callsTo("/v1/payment_intents").slice(-1);
  expect(created?.params).toMatchObject({ amount: 425, currency: "usd" });
  expect(created?.params).not.toHaveProperty("application_fee_amount");
  expect(created?.stripeAccount).toBe(creator.accountId);
  await screenshot(page, "stripe-checkout-tip-1280");

  // Declined: Stripe's words in the dialog, nothing bought, the form stays to try another card.
  const declined = await pay(dialog, "$4.25", "4000 0000 0000 0002");
  expect(declined.stripeAccount).toBe(creator.accountId);
  expect(declined.publishableKey).toBe("pk_test_plaza");
  await dialog.getByRole("alert").getByText("Your card was declined.").waitFor();
  // Confirmed: the screen waits for Stripe's webhook, then says so and closes.
  const confirmed = await pay(dialog, "$4.25");
  await dialog.getByText(CHECKOUT_TEXTS.confirming).waitFor();
  await stripeSays(confirmed.intentId, creator.accountId);
  await page.getByText("Tip sent!").first().waitFor();
  await dialog.waitFor({ state: "detached" });

  // Pay-per-view: the dialog names what is bought; the post opens once Stripe has said the payment succeeded.
  await page.getByRole("button", { name: "Unlock for $3.50" }).click();
  const preview = await dialog.getByTestId("purchase-preview").textContent();
  expect(preview).toContain("Hidden trails");
  expect(preview).toContain("A walk through the valley");
  expect(preview).not.toContain(secret);
  await dialog.getByRole("button", { name: CHECKOUT_TEXTS.continue }).click();
  const unlock = await pay(dialog, "$3.50");
  expect(await page.locator("body").textContent()).not.toContain(secret);
  await stripeSays(unlock.intentId, creator.accountId);
  await page.getByText(secret).waitFor();

  // A subscription: price, monthly renewal and how to cancel before paying.
  await page.goto(`${server.baseUrl}/posts/${memberPost.id}`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Subscribe to view" }).click();
  await expect.poll(() => dialog.getByTestId("subscription-terms").textContent()).toContain("until you cancel");
  expect(await dialog.getByTestId("subscription-terms").textContent()).toContain("Your subscriptions");
  await dialog.getByRole("button", { name: CHECKOUT_TEXTS.continue }).click();
  await dialog.getByTestId("stripe-checkout").waitFor();
  await page.setViewportSize(PHONE_VIEWPORT);
  await screenshot(page, "stripe-checkout-subscribe-390");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  const subscription = await pay(dialog, "$12.00");
  await stripeSays(subscription.intentId, creator.accountId);
  await page.getByText(memberSecret).waitFor();

  // Every payment was a direct charge on Maya's account for the right amount, and Plaza took nothing.
  const intents = stripe.callsTo("/v1/payment_intents");
  expect(intents.map((call) => call.params.amount)).toEqual([425, 350, 1200]);
  expect(intents.every((call) => call.stripeAccount === creator.accountId)).toBe(true);
  expect(intents.some((call) => "application_fee_amount" in call.params)).toBe(false);
  const wallet = await expectApiOk<{ earnings: Record<string, number> }>(
    server.baseUrl,
    creator.sessionCookie,
    "GET",
    "/api/wallet",
  );
  // What Stripe will pay out: each payment less its card fee, which is the only deduction.
  const net = (cents: number) => cents - stripe.feeOf(cents);
  expect(wallet.earnings).toMatchObject({ tipsCents: net(425), ppvCents: net(350), subscriptionsCents: net(1200) });
  expect(errors).toEqual([]);
  await page.close();
});

test("a payment that needs its payer is finished on /pay/{id}, which follows it to the end", async () => {
  const creator = await connectedCreator("Cora");
  const fan = await registerViaApi(server.baseUrl);
  const started = await expectApiOk<{ paymentId: string }>(server.baseUrl, fan.sessionCookie, "POST", "/api/tips", {
    receiverId: creator.user.id,
    amount: 6,
  });
  const { page, errors } = await fanPage(fan);
  await page.goto(`${server.baseUrl}/pay/${started.paymentId}`, { waitUntil: "networkidle" });
  await page.getByText("Confirm your $6.00 payment to Cora Creator.").waitFor();
  const confirmed = await pay(page.locator("main"), "$6.00");
  await stripeSays(confirmed.intentId, creator.accountId);
  await page.getByText(CHECKOUT_TEXTS.paid).waitFor();
  await screenshot(page, "stripe-pay-page-1280");

  // Someone else's payment is not theirs to see.
  const stranger = await registerViaApi(server.baseUrl);
  await addSessionCookie(context, server.baseUrl, stranger.sessionCookie);
  await page.goto(`${server.baseUrl}/pay/${started.paymentId}`, { waitUntil: "networkidle" });
  await page.getByText(CHECKOUT_TEXTS.notFound).waitFor();
  expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
  await page.close();

  // The renewal mail's link opened signed out: sign in first, then back to the payment.
  const signedOut = await launchBrowser();
  try {
    const { page: visitor } = await newPage(signedOut);
    await visitor.goto(`${server.baseUrl}/pay/${started.paymentId}`);
    await visitor.waitForURL(`${server.baseUrl}/login?returnTo=${encodeURIComponent(`/pay/${started.paymentId}`)}`);
  } finally {
    await signedOut.close();
  }
});

test("every price shown or set says card fees are deducted: Subscribe, Unlock, /pay/{id}, the price form; 390 and 1280 px", async () => {
  const creator = await connectedCreator("Nora");
  await expectApiOk(server.baseUrl, creator.sessionCookie, "PATCH", "/api/users/subscription-price", { price: 7 });
  await expectApiOk(server.baseUrl, creator.sessionCookie, "POST", "/api/posts", {
    title: "Behind the scenes",
    content: "A long look at how the studio works, with the parts only buyers get to see after this point.",
    postType: "premium",
    price: 2.5,
  });
  const fan = await registerViaApi(server.baseUrl);
  const { page, errors } = await fanPage(fan);
  const feeLines = page.getByTestId("price-fee");
  const bodyText = async () => (await page.locator("body").textContent()) ?? "";
  const widths = [{ width: 390, height: 844 }, DESKTOP_VIEWPORT];
  /** At 390 and 1280 px: nothing wider than the screen, and a picture once nothing moves. */
  const screenshotsAt = async (name: string) => {
    for (const viewport of widths) {
      await page.setViewportSize(viewport);
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `${name}-${viewport.width}`);
    }
  };

  // The profile: the Subscribe button and the locked post's Unlock button each carry the fee line.
  await page.goto(`${server.baseUrl}/profile/${creator.user.id}`, { waitUntil: "networkidle" });
  const subscribe = page.getByRole("button", { name: "Subscribe · $7.00/mo" });
  await subscribe.waitFor();
  await page.getByRole("button", { name: "Unlock for $2.50" }).waitFor();
  await expect.poll(() => feeLines.count()).toBe(2);
  expect(await feeLines.allTextContents()).toEqual([PROCESSOR_FEE_TEXT, PROCESSOR_FEE_TEXT]);
  expect(await subscribe.getAttribute("aria-describedby")).toBe(await feeLines.first().getAttribute("id"));
  expect(await bodyText()).not.toContain("100%");
  // The fee line sits under the Subscribe button, which stays in line with Follow and Message.
  const top = async (name: string) =>
    (await page.getByTestId("profile-actions").getByRole("button", { name }).boundingBox())?.y;
  await screenshotsAt("stripe-profile-fee");
  expect(await top("Subscribe · $7.00/mo")).toBe(await top("Message"));

  // The Subscribe dialog says it once, with what the creator receives; at both widths.
  await subscribe.click();
  const dialog = page.getByRole("dialog");
  await expect.poll(() => dialog.getByTestId("subscription-price").textContent()).toBe("$7.00/mo");
  const dialogText = (await dialog.textContent()) ?? "";
  expect(dialogText.split(PROCESSOR_FEE_TEXT)).toHaveLength(2);
  expect(dialogText).toContain("Nora receives $7.00 less the card fee");
  await screenshotsAt("stripe-subscribe-dialog-fee");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });

  // /pay/{id}: the fee line under what is being paid, before the card form; at both widths.
  const started = await expectApiOk<{ paymentId: string }>(server.baseUrl, fan.sessionCookie, "POST", "/api/tips", {
    receiverId: creator.user.id,
    amount: 6,
  });
  await page.goto(`${server.baseUrl}/pay/${started.paymentId}`, { waitUntil: "networkidle" });
  await page.getByText("Confirm your $6.00 payment to Nora Creator.").waitFor();
  await page.locator("main").getByLabel("Card number").waitFor();
  expect(await feeLines.allTextContents()).toEqual([PROCESSOR_FEE_TEXT]);
  await screenshotsAt("stripe-pay-page-fee");
  expect(errors).toEqual([]);
  await page.close();

  // The creator's own price form says the same, and no longer "You keep 100%".
  await addSessionCookie(context, server.baseUrl, creator.sessionCookie);
  const { page: settings, errors: creatorErrors } = await newPage(context);
  await settings.goto(`${server.baseUrl}/settings`, { waitUntil: "networkidle" });
  const priceForm = settings.getByRole("form", { name: "Subscription price" });
  await priceForm.waitFor();
  await expect.poll(() => settings.getByTestId("price-fee").allTextContents()).toEqual([PROCESSOR_FEE_TEXT]);
  expect((await settings.locator("body").textContent()) ?? "").not.toContain("100%");
  expect(creatorErrors).toEqual([]);
  await settings.close();
});

test("a creator who has not connected Stripe yet: the Tip and Unlock dialogs say so before anything is pressed", async () => {
  const creator = await registerViaApi(server.baseUrl, {
    firstName: "Kai",
    lastName: "Nakamura",
    profileType: "creator",
  });
  const fan = await registerViaApi(server.baseUrl);
  const post = await expectApiOk<{ id: string }>(server.baseUrl, creator.sessionCookie, "POST", "/api/posts", {
    title: "Wind report",
    content: `${"Gusts from the west all afternoon on the sandbar, ".repeat(2)}and the launch spot nobody knows.`,
    postType: "premium",
    price: 2,
  });
  const { page } = await fanPage(fan);
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto(`${server.baseUrl}/posts/${post.id}`, { waitUntil: "networkidle" });
  const notReady = "Kai Nakamura can't receive payments yet";

  await page.getByRole("button", { name: "Tip" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("payee-not-ready").getByText(notReady).waitFor();
  await dialog.getByLabel("Amount (USD)").fill("5");
  expect(await dialog.getByRole("button", { name: CHECKOUT_TEXTS.continue }).isDisabled()).toBe(true);
  await screenshot(page, "stripe-payee-not-ready-tip-390");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: /^Unlock for/ }).click();
  await dialog.getByTestId("payee-not-ready").getByText(notReady).waitFor();
  expect(await dialog.getByRole("button", { name: CHECKOUT_TEXTS.continue }).isDisabled()).toBe(true);
  // Nothing was asked of Stripe for this creator.
  expect(stripe.callsTo("/v1/payment_intents").filter((call) => call.params.amount === 200)).toEqual([]);
});
