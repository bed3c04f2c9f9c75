import { type BusinessHours, openStatus, openStatusLabel } from "@plaza/contracts/business-hours";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { DESKTOP_VIEWPORT, launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

const SHOP = { latitude: 48.8584, longitude: 2.2945 };
const PHONE = { width: 390, height: 844 };
const TIME_ZONE = "Europe/Paris";
const HOURS: BusinessHours = [
  { open: "08:00", close: "18:00" },
  { open: "08:00", close: "18:00" },
  { open: "08:00", close: "18:00" },
  { open: "08:00", close: "18:00" },
  { open: "08:00", close: "22:00" },
  { open: "18:00", close: "02:00" },
  null,
];
const BUSINESS_NAME = "La Boulangerie du Champ de Mars et des Amis";

let server: RunningServer;
let owner: RegisteredAccount;
let reviewer: RegisteredAccount;
let businessId: string;
const contexts: BrowserContext[] = [];

async function uploadPicture(account: RegisteredAccount, width: number, height: number, color: string) {
  const { uploadURL } = await expectApiOk<{ uploadURL: string }>(
    server.baseUrl,
    account.sessionCookie,
    "POST",
    "/api/objects/upload",
  );
  const bytes = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  const response = await fetch(new URL(uploadURL, server.baseUrl), {
    method: "PUT",
    headers: { "content-type": "image/png", origin: server.baseUrl, cookie: `plaza_session=${account.sessionCookie}` },
    body: bytes,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { objectUrl: string }).objectUrl;
}

async function pageFor(account: RegisteredAccount | null, viewport = DESKTOP_VIEWPORT) {
  const context = await launchBrowser();
  contexts.push(context);
  if (account) await addSessionCookie(context, server.baseUrl, account.sessionCookie);
  return newPage(context, { viewport });
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  server = await startServer();
  [owner, reviewer] = await Promise.all([
    registerViaApi(server.baseUrl, { firstName: "Odile", lastName: "Owner", profileType: "business" }),
    registerViaApi(server.baseUrl, { firstName: "Rémi", lastName: "Reviewer" }),
  ]);
  const [logoUrl, coverImageUrl] = await Promise.all([
    uploadPicture(owner, 256, 256, "#b45309"),
    uploadPicture(owner, 1200, 400, "#1e3a8a"),
  ]);
  const call = <T>(account: RegisteredAccount, method: string, path: string, body?: unknown) =>
    expectApiOk<T>(server.baseUrl, account.sessionCookie, method, path, body);
  const business = await call<{ id: string }>(owner, "POST", "/api/businesses", {
    name: BUSINESS_NAME,
    category: "cafe",
    address: "2 Allée Adrienne Lecouvreur, 75007 Paris",
    ...SHOP,
    logoUrl,
    coverImageUrl,
    hours: HOURS,
    timeZone: TIME_ZONE,
  });
  businessId = business.id;
  // The owner carries the Verified badge: business cards in Discover and search show it.
  const admin = await registerViaApi(server.baseUrl, { email: "admin@plaza.test" });
  await call(admin, "POST", `/api/admin/users/${owner.user.id}/verify`);
  await call(owner, "POST", "/api/coupons", {
    businessId,
    title: "Free croissant",
    discountType: "freeItem",
    discountValue: 0,
  });
  await call(owner, "PATCH", `/api/businesses/${businessId}`, { isPublished: true });
  const { code } = await call<{ code: string }>(owner, "GET", `/api/businesses/${businessId}/visit-code`);
  await call(reviewer, "POST", `/api/businesses/${businessId}/checkins`, {
    ...SHOP,
    visitCode: code,
    rating: 4,
    review: "Flaky croissants and a friendly welcome.",
  });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

describe("the business page", () => {
  test("a customer reads reviews and sees hours; the layout holds at 390 and 1280 px", async () => {
    const expected = (() => {
      const now = new Date();
      return openStatusLabel(openStatus(HOURS, TIME_ZONE, now)).split(" · ")[0];
    })();
    const customer = await registerViaApi(server.baseUrl, { firstName: "Chloé" });
    const { page, errors } = await pageFor(customer, PHONE);
    for (const [label, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP_VIEWPORT],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.baseUrl}/business/${businessId}`, { waitUntil: "networkidle" });
      await page.getByTestId("profile-name").getByText(BUSINESS_NAME).waitFor();
      await page.getByTestId("business-logo").waitFor();
      await page.getByTestId("business-cover").waitFor();
      expect(await page.getByTestId("open-status").textContent()).toContain(expected);
      await page.getByTestId("business-address").getByText("Allée Adrienne Lecouvreur").waitFor();
      // The name is not clipped: its box is as wide as its text needs.
      const name = page.getByTestId("profile-name");
      expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

      await page.getByRole("tab", { name: "Reviews" }).click();
      const review = page.getByTestId("review").first();
      await review.getByText("Flaky croissants and a friendly welcome.").waitFor();
      await review.getByText("Verified visit").waitFor();
      await review.getByRole("img", { name: "4.0 out of 5 stars" }).waitFor();
      // Customers get no reply controls.
      expect(await page.getByRole("button", { name: "Reply" }).count()).toBe(0);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `business-page-reviews-${label}`);

      await page.getByRole("tab", { name: "About" }).click();
      const hours = page.getByTestId("business-hours");
      await hours.getByText("Saturday").waitFor();
      await hours.getByText("18:00–02:00").waitFor();
      expect(await hours.getByRole("row").filter({ hasText: "Sunday" }).textContent()).toContain("Closed");
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `business-page-about-${label}`);
    }
    expect(errors).toEqual([]);
  });

  test("the owner replies to a review inline; the reviewer sees the reply", async () => {
    const { page, errors } = await pageFor(owner, PHONE);
    await page.goto(`${server.baseUrl}/business/${businessId}`, { waitUntil: "networkidle" });
    await page.getByRole("tab", { name: "Reviews" }).click();
    await page.getByRole("button", { name: "Reply" }).click();
    await page.getByLabel("Reply", { exact: true }).fill("Merci Rémi, see you tomorrow morning!");
    await page.getByRole("button", { name: "Post reply" }).click();
    await page.getByText("Reply posted", { exact: true }).first().waitFor();
    const reply = page.getByTestId("owner-reply");
    await reply.getByText("Merci Rémi, see you tomorrow morning!").waitFor();
    await page.getByRole("button", { name: "Edit reply" }).waitFor();
    await screenshot(page, "business-page-owner-reply-phone");

    // The business form shows the saved logo, cover, hours and time zone.
    await page.goto(`${server.baseUrl}/business-dashboard`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Edit Business Info" }).click();
    const form = page.getByRole("dialog");
    await form.getByRole("img", { name: "Logo preview" }).waitFor();
    expect(await form.getByLabel("Saturday closes").inputValue()).toBe("02:00");
    expect(await form.getByLabel("Time zone").inputValue()).toBe(TIME_ZONE);
    await form.getByTestId("hours-editor").scrollIntoViewIfNeeded();
    await screenshot(page, "business-form-hours-phone");

    const { page: reviewerPage, errors: reviewerErrors } = await pageFor(reviewer, PHONE);
    await reviewerPage.goto(`${server.baseUrl}/business/${businessId}`, { waitUntil: "networkidle" });
    await reviewerPage.getByRole("tab", { name: "Reviews" }).click();
    await reviewerPage.getByTestId("owner-reply").getByText("Response from the owner").waitFor();
    await reviewerPage.getByText("Merci Rémi, see you tomorrow morning!").waitFor();
    expect(errors).toEqual([]);
    expect(reviewerErrors).toEqual([]);
  });

  test("the owner edits and deletes the reply from the dashboard's Reviews tab", async () => {
    const { page, errors } = await pageFor(owner, PHONE);
    await page.goto(`${server.baseUrl}/business-dashboard`, { waitUntil: "networkidle" });
    // This business has its hours: no prompt for them.
    await page.getByRole("heading", { name: "Business Dashboard" }).waitFor();
    expect(await page.getByTestId("hours-prompt").count()).toBe(0);
    await page.getByRole("tab", { name: "Reviews" }).click();
    const review = page.getByTestId("review").filter({ hasText: "Flaky croissants" });
    await review.getByTestId("owner-reply").getByText("Merci Rémi, see you tomorrow morning!").waitFor();
    await review.getByRole("button", { name: "Report" }).waitFor();
    await review.getByRole("button", { name: "Edit reply" }).click();
    await review.getByLabel("Reply", { exact: true }).fill("Merci Rémi! Fresh croissants from 8:00.");
    await review.getByRole("button", { name: "Save reply" }).click();
    await review.getByTestId("owner-reply").getByText("Merci Rémi! Fresh croissants from 8:00.").waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "business-dashboard-reviews-reply-phone");
    await review.getByRole("button", { name: "Delete reply" }).click();
    await page.getByText("Reply deleted", { exact: true }).first().waitFor();
    await review.getByRole("button", { name: "Reply", exact: true }).waitFor();
    expect(await review.getByTestId("owner-reply").count()).toBe(0);
    const stored = await expectApiOk<{ ownerReply: unknown }[]>(
      server.baseUrl,
      owner.sessionCookie,
      "GET",
      `/api/businesses/${businessId}/reviews`,
    );
    expect(stored[0]?.ownerReply).toBeNull();
    expect(errors).toEqual([]);
  });

  test("Discover and search show the owner's Verified badge on the business card", async () => {
    const { page, errors } = await pageFor(reviewer, PHONE);
    await page.goto(`${server.baseUrl}/search?q=${encodeURIComponent("Boulangerie")}`, { waitUntil: "networkidle" });
    const result = page.getByRole("link", { name: new RegExp(BUSINESS_NAME) });
    await result.getByTestId("verified-badge").waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "search-business-verified-phone");
    await page.goto(`${server.baseUrl}/discover`, { waitUntil: "networkidle" });
    const card = page.getByTestId("business-card").filter({ hasText: BUSINESS_NAME });
    await card.getByTestId("verified-badge").waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "discover-business-verified-phone");
    expect(errors).toEqual([]);
  });
});

describe("a business speaks as itself, and a redeemed coupon shows one code", () => {
  test("logo, name on its posts, no owner name or presence, the rating summary; at 390 and 1280 px", async () => {
    await expectApiOk(server.baseUrl, owner.sessionCookie, "POST", "/api/posts", {
      content: "Fresh croissants out of the oven at 8.",
    });
    const customer = await registerViaApi(server.baseUrl, { firstName: "Léa", lastName: "Visitor" });
    const { page, errors } = await pageFor(customer, PHONE);
    for (const [label, viewport] of [
      ["390", PHONE],
      ["1280", DESKTOP_VIEWPORT],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.baseUrl}/business/${businessId}`, { waitUntil: "networkidle" });
      await page.getByTestId("profile-name").getByText(BUSINESS_NAME).waitFor();
      await page.getByTestId("business-logo").waitFor();
      // Not the owner's profile: neither the owner's name nor their presence under the business's name.
      const header = page.getByTestId("profile-name").locator("xpath=../..");
      expect(await header.textContent()).not.toContain("Odile Owner");
      expect(await header.getByText(/^Active |Online now/).count()).toBe(0);
      // Its posts are signed by the business.
      await page.getByRole("tab", { name: "Posts" }).click();
      const post = page.getByTestId("post-card").filter({ hasText: "Fresh croissants out of the oven" });
      await post.getByRole("link", { name: BUSINESS_NAME }).first().waitFor();
      expect(await post.textContent()).not.toContain("Odile Owner");
      // Yelp's summary: the count of each star above the reviews.
      await page.getByRole("tab", { name: "Reviews" }).click();
      const summary = page.getByTestId("rating-summary");
      await summary.waitFor();
      expect(await summary.getByTestId("rating-count-4").textContent()).toBe("1");
      expect(await summary.getByTestId("rating-count-5").textContent()).toBe("0");
      expect(await summary.textContent()).toContain("1 review");
      await expectNoHorizontalOverflow(page);
      await page.getByTestId("profile-name").scrollIntoViewIfNeeded();
      await screenshot(page, `business-page-summary-${label}`);
    }
    expect(errors).toEqual([]);
  });

  test("after redeeming and after a reload, the personal till code replaces the coupon's code; at 390 and 1280 px", async () => {
    for (const [label, viewport] of [
      ["390", PHONE],
      ["1280", DESKTOP_VIEWPORT],
    ] as const) {
      const customer = await registerViaApi(server.baseUrl, { firstName: "Coupon", lastName: `Hunter ${label}` });
      const { code } = await expectApiOk<{ code: string }>(
        server.baseUrl,
        owner.sessionCookie,
        "GET",
        `/api/businesses/${businessId}/visit-code`,
      );
      await expectApiOk(server.baseUrl, customer.sessionCookie, "POST", `/api/businesses/${businessId}/checkins`, {
        ...SHOP,
        visitCode: code,
      });
      const { page, errors } = await pageFor(customer, viewport);
      await page.goto(`${server.baseUrl}/business/${businessId}`, { waitUntil: "networkidle" });
      await page.getByRole("tab", { name: "Coupons" }).click();
      const card = page.getByTestId("coupon-card").filter({ hasText: "Free croissant" });
      await card.getByTestId("coupon-code").waitFor();
      await card.getByRole("button", { name: "Redeem" }).click();
      const personal = card.getByTestId("personal-code");
      await personal.waitFor();
      const tillCode = (await personal.textContent())?.trim() ?? "";
      expect(tillCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{6}$/);
      const expectTillCodeOnly = async () => {
        expect(await card.getByTestId("coupon-code").count()).toBe(0);
        expect(await card.getByText("Coupon code").count()).toBe(0);
        expect(await card.getByRole("button", { name: "Redeem" }).count()).toBe(0);
        expect(await card.getByTestId("redeem-blocked-reason").count()).toBe(0);
        await card.getByText("Your one-time code — show it at the till").waitFor();
      };
      await expectTillCodeOnly();
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `coupon-card-redeemed-${label}`);

      // After a reload the card reads the same: the till code (the coupon's view carries the viewer's redemption),
      // not the coupon's own code again.
      await page.reload({ waitUntil: "networkidle" });
      await page.getByRole("tab", { name: "Coupons" }).click();
      await personal.waitFor();
      expect((await personal.textContent())?.trim()).toBe(tillCode);
      await expectTillCodeOnly();
      await screenshot(page, `coupon-card-redeemed-reloaded-${label}`);
      expect(errors).toEqual([]);
    }
  });
});

describe("a business without opening hours (created before hours existed)", () => {
  test("the dashboard asks the owner to add them, and the form opens on the way", async () => {
    const lateOwner = await registerViaApi(server.baseUrl, {
      firstName: "Hugo",
      lastName: "Hourless",
      profileType: "business",
    });
    await expectApiOk(server.baseUrl, lateOwner.sessionCookie, "POST", "/api/businesses", {
      name: "Hourless Hardware",
      category: "retail",
      ...SHOP,
    });
    for (const [viewport, label] of [
      [PHONE, "phone"],
      [DESKTOP_VIEWPORT, "desktop"],
    ] as const) {
      const { page, errors } = await pageFor(lateOwner, viewport);
      await page.goto(`${server.baseUrl}/business-dashboard`, { waitUntil: "networkidle" });
      const prompt = page.getByTestId("hours-prompt");
      await prompt.getByText("Add your opening hours").waitFor();
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `business-dashboard-hours-prompt-${label}`);
      await prompt.getByRole("button", { name: "Add hours" }).click();
      await page.getByRole("dialog").getByTestId("hours-editor").waitFor();
      expect(errors).toEqual([]);
    }
  });
});

describe("customers' photos of a place", () => {
  test("a customer's post tagged to the place shows its picture on the business page's Photos tab", async () => {
    const customer = await registerViaApi(server.baseUrl, { firstName: "Paula", lastName: "Photographer" });
    const picture = await uploadPicture(customer, 800, 600, "#15803d");
    const post = await expectApiOk<{ id: string; business: { id: string; name: string } | null }>(
      server.baseUrl,
      customer.sessionCookie,
      "POST",
      "/api/posts",
      {
        title: "Breakfast at the boulangerie",
        content: "Croissants in the sun.",
        media: [{ url: picture, alt: "Croissants on a green plate" }],
        businessId,
      },
    );
    expect(post.business).toEqual({ id: businessId, name: BUSINESS_NAME });
    for (const [viewport, label] of [
      [PHONE, "phone"],
      [DESKTOP_VIEWPORT, "desktop"],
    ] as const) {
      const { page, errors } = await pageFor(reviewer, viewport);
      await page.goto(`${server.baseUrl}/business/${businessId}`, { waitUntil: "networkidle" });
      await page.getByRole("tab", { name: "Photos" }).click();
      const customers = page.getByRole("list", { name: "Customers' photos" });
      await customers.getByRole("img", { name: "Croissants on a green plate" }).waitFor();
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `business-page-customer-photos-${label}`);
      // The post names the place and links to it.
      await page.goto(`${server.baseUrl}/posts/${post.id}`, { waitUntil: "networkidle" });
      const place = page.getByTestId("post-place");
      expect(await place.textContent()).toContain(BUSINESS_NAME);
      expect(await place.getAttribute("href")).toBe(`/business/${businessId}`);
      expect(errors).toEqual([]);
    }
  });
});

describe("a review after the door", () => {
  test("a guest admitted at the place's event rates the visit from the business page; it shows as verified", async () => {
    const guest = await registerViaApi(server.baseUrl, { firstName: "Gaëlle", lastName: "Guest" });
    const call = <T>(account: RegisteredAccount, method: string, path: string, body?: unknown) =>
      expectApiOk<T>(server.baseUrl, account.sessionCookie, method, path, body);
    const start = Date.now() + 30 * 60 * 1000;
    const event = await call<{ id: string }>(owner, "POST", "/api/events", {
      title: "Croissant workshop",
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 2 * 60 * 60 * 1000).toISOString(),
      timeZone: TIME_ZONE,
      place: { businessId },
      category: "food",
    });
    await call(guest, "PUT", `/api/events/${event.id}/rsvp`, { status: "going" });
    const { code } = await call<{ code: string }>(guest, "GET", `/api/events/${event.id}/ticket`);
    await call(owner, "POST", `/api/events/${event.id}/admissions`, { code });

    const { page, errors } = await pageFor(guest, PHONE);
    await page.goto(`${server.baseUrl}/business/${businessId}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Rate your visit" }).click();
    const dialog = page.getByRole("dialog", { name: `Rate your visit to ${BUSINESS_NAME}` });
    await dialog.getByRole("button", { name: "5 stars" }).click();
    await dialog.getByRole("textbox", { name: "Review" }).fill("The workshop was a delight.");
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "business-page-rate-visit-390");
    await dialog.getByRole("button", { name: "Post review" }).click();
    await page.getByText("Thanks for your review", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Rate your visit" }).waitFor({ state: "detached" });
    await page.getByRole("tab", { name: "Reviews" }).click();
    const review = page.getByRole("tabpanel").getByText("The workshop was a delight.");
    await review.waitFor();
    await screenshot(page, "business-page-rated-visit-390");
    expect(errors).toEqual([]);
  });
});
