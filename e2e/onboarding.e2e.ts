import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accountAttributes, addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { launchBrowser, newPage, PHONE_VIEWPORT, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * Issue 17 "The first five minutes": sign-up from the landing page, the first home screen of a new account
 * (welcome, people to follow) and a location filter that shows itself and explains an empty result.
 */

let server: RunningServer;
let popular: RegisteredAccount;
const contexts: BrowserContext[] = [];

async function call(account: RegisteredAccount, method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      origin: server.baseUrl,
      cookie: `plaza_session=${account.sessionCookie}`,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  server = await startServer();
  popular = await registerViaApi(server.baseUrl, { firstName: "Pia", lastName: "Popular", profileType: "creator" });
  const fans = await Promise.all([registerViaApi(server.baseUrl), registerViaApi(server.baseUrl)]);
  for (const fan of fans) await call(fan, "POST", "/api/follows", { followingId: popular.user.id });
  await call(popular, "POST", "/api/posts", { title: "Hello town", content: "First post in the square." });
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

async function browser(): Promise<BrowserContext> {
  const context = await launchBrowser();
  contexts.push(context);
  return context;
}

/** Whether any of the elements cuts its text (content wider or taller than the box that shows it). */
async function cutTexts(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (elements) =>
    elements
      .filter(
        (element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
      )
      .map((element) => element.textContent ?? ""),
  );
}

describe("signing up", () => {
  test("Join opens Create account; the form describes each account type in full and asks for the agreement", async () => {
    const { page, errors } = await newPage(await browser(), { viewport: PHONE_VIEWPORT });
    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Join the product" }).click();
    await page.waitForURL(`${server.baseUrl}/login?tab=register`);
    const createTab = page.getByRole("tab", { name: "Create account" });
    await createTab.waitFor();
    expect(await createTab.getAttribute("aria-selected")).toBe("true");

    // Every account type is a choice with its whole description on screen (a select cut them to one line).
    const choices = page.getByRole("radio");
    expect(await choices.count()).toBe(3);
    await page.getByText("Share posts and earn tips, pay-per-view and subscriptions").waitFor();
    await page.getByText("Publish your business, coupons and verified check-ins").waitFor();
    expect(await cutTexts(page, "fieldset label span")).toEqual([]);

    // The agreement is linked and must be accepted.
    const agreementLink = page.getByRole("link", { name: "User Agreement" });
    expect(await agreementLink.getAttribute("href")).toBe("/user-agreement");
    const account = accountAttributes({ firstName: "Nora", lastName: "Newcomer" });
    await page.getByLabel("First name").fill(account.firstName);
    await page.getByLabel("Last name").fill(account.lastName);
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("radio", { name: /^Creator/ }).check();
    await page.getByRole("button", { name: "Create account" }).last().click();
    await page.getByText("Please accept the User Agreement to create an account").waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/login?tab=register`);
    await screenshot(page, "onboarding-sign-up-phone");

    await page.getByLabel("I have read and agree to the User Agreement").check();
    await page.getByRole("button", { name: "Create account" }).last().click();
    await page.waitForURL(`${server.baseUrl}/`);

    // A brand-new account is welcomed, not welcomed back, and offered people to follow.
    await page.getByRole("heading", { name: "Welcome to Plaza, Nora!" }).waitFor();
    const suggestions = page.getByRole("list", { name: "People to follow" });
    const pia = suggestions.getByRole("listitem").filter({ hasText: "Pia Popular" });
    await pia.waitFor();
    await pia.getByText("2 followers").waitFor();
    await screenshot(page, "onboarding-new-home-phone");
    await pia.getByRole("button", { name: "Follow" }).click();
    await pia.getByRole("button", { name: "Following" }).waitFor();
    // The follow fills the feed.
    await page.getByText("First post in the square.").waitFor();

    // The sign-up recorded the agreement as accepted, and the account type chosen.
    const state = await page.evaluate(async () => {
      const acceptance = await (await fetch("/api/agreements/acceptance")).json();
      const me = await (await fetch("/api/auth/user")).json();
      return { acceptance, profileType: me.profileType };
    });
    expect(state.profileType).toBe("creator");
    expect(state.acceptance).toMatchObject({ hasAccepted: true });
    expect(errors).toEqual([]);
  });

  test("a newcomer in a town is offered that town's businesses besides popular people", async () => {
    const inHoodRiver = (account: RegisteredAccount) =>
      call(account, "PATCH", "/api/users/profile", {
        firstName: account.user.firstName,
        lastName: account.user.lastName,
        username: account.user.username,
        city: "Hood River",
      });
    const owner = await registerViaApi(server.baseUrl, { firstName: "Gus", profileType: "business" });
    await inHoodRiver(owner);
    const business = await fetch(`${server.baseUrl}/api/businesses`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: server.baseUrl,
        cookie: `plaza_session=${owner.sessionCookie}`,
      },
      body: JSON.stringify({ name: "Gorge Coffee Roasters", category: "cafe", latitude: 45.7, longitude: -121.52 }),
    });
    const { id: businessId } = (await business.json()) as { id: string };
    await call(owner, "POST", "/api/coupons", {
      businessId,
      title: "Free drip coffee",
      discountType: "freeItem",
      discountValue: 0,
    });
    await call(owner, "PATCH", `/api/businesses/${businessId}`, { isPublished: true });
    const newcomer = await registerViaApi(server.baseUrl, { firstName: "Hana" });
    await inHoodRiver(newcomer);

    const context = await browser();
    await addSessionCookie(context, server.baseUrl, newcomer.sessionCookie);
    const { page, errors } = await newPage(context, { viewport: PHONE_VIEWPORT });
    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Welcome to Plaza, Hana!" }).waitFor();
    await page.getByRole("list", { name: "People to follow" }).getByText("Pia Popular").waitFor();
    const places = page.getByRole("list", { name: "Businesses near you" });
    const coffee = places.getByRole("listitem").filter({ hasText: "Gorge Coffee Roasters" });
    await coffee.waitFor();
    expect(await coffee.textContent()).toContain("In your city");
    expect(await coffee.getByRole("link", { name: "Gorge Coffee Roasters" }).getAttribute("href")).toBe(
      `/business/${businessId}`,
    );
    expect(await cutTexts(page, "[data-name]")).toEqual([]);
    await screenshot(page, "onboarding-nearby-businesses-phone");
    await coffee.getByRole("button", { name: "Follow" }).click();
    await coffee.getByRole("button", { name: "Following" }).waitFor();
    expect(errors).toEqual([]);
  });

  test("one follow keeps the newcomer's welcome and suggestions; five follows make it 'Welcome back'", async () => {
    const regular = await registerViaApi(server.baseUrl, { firstName: "Rex" });
    await call(regular, "POST", "/api/follows", { followingId: popular.user.id });
    const context = await browser();
    await addSessionCookie(context, server.baseUrl, regular.sessionCookie);
    const { page, errors } = await newPage(context);
    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Welcome to Plaza, Rex!" }).waitFor();
    await page.getByRole("heading", { name: "People and places to follow" }).waitFor();
    for (const name of ["Ada", "Ben", "Cy", "Dot"]) {
      const other = await registerViaApi(server.baseUrl, { firstName: name });
      await call(regular, "POST", "/api/follows", { followingId: other.user.id });
    }
    await page.reload({ waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Welcome back, Rex!" }).waitFor();
    expect(await page.getByRole("list", { name: "People to follow" }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "People and places to follow" }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe("the location filter", () => {
  test("an active filter shows as a chip; its empty feed names the place and offers to widen or clear", async () => {
    const reader = await registerViaApi(server.baseUrl, { firstName: "Lou" });
    await call(reader, "POST", "/api/follows", { followingId: popular.user.id });
    const context = await browser();
    await addSessionCookie(context, server.baseUrl, reader.sessionCookie);
    const { page, errors } = await newPage(context);
    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByText("First post in the square.").waitFor();
    expect(await page.getByTestId("location-filter-chip").count()).toBe(0);

    // A radius far from any post (the post has no place).
    await page.evaluate(() =>
      window.localStorage.setItem(
        "plaza.locationFilter",
        JSON.stringify({ type: "radius", latitude: 45.7054, longitude: -121.5215, radius: 10 }),
      ),
    );
    await page.reload({ waitUntil: "networkidle" });
    const chip = page.getByTestId("location-filter-chip");
    // The radius's centre is named by the offline gazetteer.
    await chip.getByText("Within 10 mi of Hood River").waitFor();
    await page.getByText("No posts within 10 miles of Hood River").waitFor();
    expect(await page.getByText("Follow people and businesses to see their posts here.").count()).toBe(0);
    await screenshot(page, "onboarding-location-filter-empty");

    await page.getByRole("button", { name: "Widen to 20 miles" }).click();
    await chip.getByText("Within 20 mi of Hood River").waitFor();
    await page.getByText("No posts within 20 miles of Hood River").waitFor();

    // A city filter reads as the place; the chip's clear button brings every post back.
    await page.evaluate(() =>
      window.localStorage.setItem("plaza.locationFilter", JSON.stringify({ type: "city", text: "Hood River" })),
    );
    await page.reload({ waitUntil: "networkidle" });
    await chip.getByText("Hood River", { exact: true }).waitFor();
    await page.getByText("No posts in Hood River").waitFor();
    await page.getByRole("button", { name: "Clear location filter" }).first().click();
    await page.getByText("First post in the square.").waitFor();
    expect(await page.getByTestId("location-filter-chip").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
