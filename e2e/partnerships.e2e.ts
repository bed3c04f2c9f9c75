import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addSessionCookie, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";
import { settled } from "./support/wait";

/**
 * Partnerships in the browser (docs/PRODUCT.md "Partnerships"): an owner invites a creator from the dashboard's
 * Partners tab, the creator accepts in Settings, the owner creates a perk for the creator's subscribers, a subscriber
 * who checked in redeems it, and a fan who does not subscribe is told why they cannot.
 */
const SHOP = { latitude: 48.8584, longitude: 2.2945 };

let server: RunningServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

async function pageFor(sessionCookie: string) {
  const context = await launchBrowser();
  contexts.push(context);
  await addSessionCookie(context, server.baseUrl, sessionCookie);
  return newPage(context);
}

/** No sideways scroll at this width, then a screenshot. */
async function shootAt(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `${name}-${width}`);
  }
}

async function checkIn(fanCookie: string, ownerCookie: string, businessId: string) {
  const { code } = await expectApiOk<{ code: string }>(
    server.baseUrl,
    ownerCookie,
    "GET",
    `/api/businesses/${businessId}/visit-code`,
  );
  await expectApiOk(server.baseUrl, fanCookie, "POST", `/api/businesses/${businessId}/checkins`, {
    ...SHOP,
    visitCode: code,
  });
}

describe("partnerships in the browser", () => {
  test("invite → accept → perk coupon → a subscriber redeems it after a check-in", { timeout: 240_000 }, async () => {
    const owner = await registerViaApi(server.baseUrl, { profileType: "business", firstName: "Olive" });
    const business = await expectApiOk<{ id: string }>(server.baseUrl, owner.sessionCookie, "POST", "/api/businesses", {
      name: "Ground Up Coffee",
      category: "cafe",
      ...SHOP,
    });
    await expectApiOk(server.baseUrl, owner.sessionCookie, "POST", "/api/coupons", {
      businessId: business.id,
      title: "Free refill",
      discountType: "freeItem",
      discountValue: 0,
    });
    await expectApiOk(server.baseUrl, owner.sessionCookie, "PATCH", `/api/businesses/${business.id}`, {
      isPublished: true,
    });
    const creator = await registerViaApi(server.baseUrl, {
      profileType: "creator",
      firstName: "Maya",
      lastName: "Partnerlens",
    });

    // --- The owner finds the creator on the Partners tab and invites her.
    const { page: dashboard, errors: ownerErrors } = await pageFor(owner.sessionCookie);
    await dashboard.goto(`${server.baseUrl}/business-dashboard`, { waitUntil: "networkidle" });
    await dashboard.getByRole("tab", { name: "Partners" }).click();
    await dashboard.getByText("No partners yet").waitFor();
    await dashboard.getByLabel("Find a creator").fill("Partnerlens");
    await dashboard.getByRole("button", { name: "Invite Maya Partnerlens" }).click();
    await dashboard.getByText("Invitation sent").first().waitFor();
    await dashboard.getByRole("list", { name: "Your partners" }).getByText("Invited").waitFor();
    await shootAt(dashboard, "partners-tab-invited");

    // --- The creator accepts in Settings (the invitation's notification leads there).
    const { page: settings, errors: creatorErrors } = await pageFor(creator.sessionCookie);
    await settings.goto(`${server.baseUrl}/settings#partners`, { waitUntil: "networkidle" });
    await settings.getByRole("heading", { name: "Business partners" }).waitFor();
    await settings.getByRole("button", { name: "Accept invitation from Ground Up Coffee" }).click();
    await settings.getByText("You're now partners").first().waitFor();
    await settings.getByRole("button", { name: "End partnership with Ground Up Coffee" }).waitFor();
    await settings.getByTestId("partner-settings").scrollIntoViewIfNeeded();
    await shootAt(settings, "creator-partner-settings");

    // --- The owner creates a perk for Maya's subscribers.
    await dashboard.reload({ waitUntil: "networkidle" });
    await dashboard.getByRole("tab", { name: "Coupons" }).click();
    await dashboard.getByRole("button", { name: "Create Coupon" }).click();
    const couponDialog = dashboard.getByRole("dialog");
    await couponDialog.getByLabel("Title").fill("15% off any drink");
    await couponDialog.getByLabel("Discount value").fill("15");
    await couponDialog
      .getByLabel("Perk for subscribers of…")
      .selectOption({ label: "Subscribers of Maya Partnerlens" });
    await couponDialog.getByRole("button", { name: "Create Coupon" }).click();
    await dashboard.getByText("Coupon created successfully!").first().waitFor();
    await dashboard.getByText("Perk for subscribers of Maya Partnerlens").waitFor();
    await dashboard.getByRole("tab", { name: "Partners" }).click();
    await dashboard.getByRole("list", { name: "Your partners" }).getByText("Partner", { exact: true }).waitFor();

    // --- A fan who does not subscribe checked in: the card says the perk is for Maya's subscribers.
    const stranger = await registerViaApi(server.baseUrl, { firstName: "Stan" });
    await checkIn(stranger.sessionCookie, owner.sessionCookie, business.id);
    const { page: strangerPage, errors: strangerErrors } = await pageFor(stranger.sessionCookie);
    await strangerPage.goto(`${server.baseUrl}/business/${business.id}`, { waitUntil: "networkidle" });
    await strangerPage.getByRole("tab", { name: "Coupons" }).click();
    await strangerPage.getByText("This perk is for subscribers of Maya Partnerlens").first().waitFor();

    // --- A subscriber sees the perk on Maya's profile and in the subscribe dialog, checks in and redeems it.
    const fan = await registerViaApi(server.baseUrl, { firstName: "Jess" });
    const { page: fanPage, errors: fanErrors } = await pageFor(fan.sessionCookie);
    await fanPage.goto(`${server.baseUrl}/profile/${creator.user.id}`, { waitUntil: "networkidle" });
    const perks = fanPage.getByTestId("creator-perks");
    await perks.getByText("Subscribe to get 15% off at Ground Up Coffee").waitFor();
    await fanPage.getByRole("button", { name: /Subscribe ·/ }).click();
    await fanPage.getByTestId("dialog-perks").getByText("Subscribe to get 15% off at Ground Up Coffee").waitFor();
    await shootAt(fanPage, "subscribe-dialog-perks");
    await fanPage.keyboard.press("Escape");
    await expectApiOk(server.baseUrl, fan.sessionCookie, "POST", "/api/subscriptions", { creatorId: creator.user.id });
    await checkIn(fan.sessionCookie, owner.sessionCookie, business.id);
    await fanPage.goto(`${server.baseUrl}/business/${business.id}`, { waitUntil: "networkidle" });
    await fanPage.getByRole("tab", { name: "Coupons" }).click();
    const perkCard = fanPage.getByTestId("coupon-card").filter({ hasText: "15% off any drink" });
    await perkCard.getByText("Perk for subscribers of Maya Partnerlens").waitFor();
    await perkCard.getByRole("button", { name: "Redeem" }).click();
    const personalCode = (await perkCard.getByTestId("personal-code").textContent())?.trim() ?? "";
    expect(personalCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{6}$/);
    await shootAt(fanPage, "perk-redeemed");

    // --- Maya attaches the perk to a post in the composer; it shows as a card with the business and the offer.
    await settings.setViewportSize({ width: 1280, height: 900 });
    await settings.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    await settings.getByRole("banner").getByRole("button", { name: "Create", exact: true }).click();
    const composer = settings.getByRole("dialog");
    await composer.locator("#post-title").fill("Coffee week");
    await composer.locator("#post-content").fill("Coffee is on Ground Up this week");
    await composer.getByLabel("Attach a perk").selectOption({ label: "Ground Up Coffee: 15% off (15% off any drink)" });
    await composer.getByRole("button", { name: "Publish" }).click();
    await composer.waitFor({ state: "detached" });
    const [post] = await expectApiOk<{ id: string; perkCouponId: string | null }[]>(
      server.baseUrl,
      fan.sessionCookie,
      "GET",
      `/api/users/${creator.user.id}/posts`,
    );
    if (!post) throw new Error("the post was not published");
    expect(post.perkCouponId).not.toBeNull();
    await fanPage.goto(`${server.baseUrl}/posts/${post.id}`, { waitUntil: "networkidle" });
    await fanPage.getByTestId("perk-card").getByText("15% off at Ground Up Coffee").waitFor();
    await shootAt(fanPage, "post-perk-card");

    const expected = [/status of 403/, /status of 404/];
    for (const errors of [ownerErrors, creatorErrors, strangerErrors, fanErrors]) {
      expect(errors.filter((entry) => !expected.some((pattern) => pattern.test(entry)))).toEqual([]);
    }
  });
});
