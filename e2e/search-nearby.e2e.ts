import type { PostView } from "@plaza/contracts/posts";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { DESKTOP_VIEWPORT, launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * Issue 20 "Local discovery": on a 390 px phone someone finds a post by search, a newcomer who follows nobody
 * opens on Near you (around their profile city), and an author edits a post and sees "edited".
 */
const PHONE_390 = { width: 390, height: 844 };
/** Hood River, Oregon: the profile city the gazetteer places the newcomer in, and where the posts are. */
const HOOD_RIVER = { city: "Hood River", state: "Oregon", latitude: 45.7054, longitude: -121.5215 };

let server: RunningServer;
let context: BrowserContext;
let author: RegisteredAccount;
let newcomer: RegisteredAccount;
let post: PostView;

beforeAll(async () => {
  server = await startServer();
  author = await registerViaApi(server.baseUrl, { firstName: "Maya", lastName: "Okafor" });
  newcomer = await registerViaApi(server.baseUrl, { firstName: "Noor", lastName: "Newcomer" });
  const { firstName, lastName, username } = newcomer.user;
  await expectApiOk(server.baseUrl, newcomer.sessionCookie, "PATCH", "/api/users/profile", {
    firstName,
    lastName,
    username,
    city: "Hood River",
    state: "Oregon",
    country: "United States",
    countryCode: "US",
  });
  post = await expectApiOk<PostView>(server.baseUrl, author.sessionCookie, "POST", "/api/posts", {
    title: "Huckleberry pancakes at the waterfront",
    content: "The riverside diner has huckleberry pancakes again this weekend.",
    tags: ["brunch", "huckleberry"],
    location: HOOD_RIVER,
  });
  context = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await server?.stop();
});

test("on a 390 px phone, search leads to the results page and finds a post by a word of its text", async () => {
  await addSessionCookie(context, server.baseUrl, newcomer.sessionCookie);
  const { page, errors } = await newPage(context, { viewport: PHONE_390 });
  await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
  await page.getByRole("link", { name: "Search", exact: true }).click();
  const field = page.getByRole("searchbox", { name: "Search people, businesses and posts" });
  await field.fill("pancake");
  await field.press("Enter");
  // Nobody and no business is called "pancake": the page opens on the Posts tab, the first that found something.
  const postsTab = page.getByRole("tab", { name: "Posts" });
  await expect.poll(() => postsTab.getAttribute("aria-selected")).toBe("true");
  await page.getByRole("heading", { name: "Huckleberry pancakes at the waterfront" }).waitFor();
  await page.getByRole("tab", { name: "People" }).click();
  await page.getByText("No results").waitFor();
  expect(page.url()).toContain("type=people");
  await postsTab.click();
  await page.getByRole("heading", { name: "Huckleberry pancakes at the waterfront" }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "search-posts-390");
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await screenshot(page, "search-posts-1280");
  expect(errors).toEqual([]);
  await page.close();
});

test("a newcomer who follows nobody opens on Near you, around their profile city", async () => {
  const { page, errors } = await newPage(context, { viewport: PHONE_390 });
  await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
  const tab = page.getByRole("tab", { name: "Near you" });
  await expect.poll(() => tab.getAttribute("aria-selected")).toBe("true");
  await page.getByText("Posts within 10 miles of Hood River, Oregon, United States").waitFor();
  await page.getByRole("heading", { name: "Huckleberry pancakes at the waterfront" }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "near-you-390");
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await screenshot(page, "near-you-1280");
  expect(errors).toEqual([]);
  await page.close();
});

test("the author edits a post and readers see it marked edited", async () => {
  await addSessionCookie(context, server.baseUrl, author.sessionCookie);
  const { page, errors } = await newPage(context, { viewport: PHONE_390 });
  await page.goto(`${server.baseUrl}/posts/${post.id}`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Edit post" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit post" });
  await dialog.getByLabel("Title").fill("Huckleberry pancakes, now with syrup");
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.waitFor({ state: "hidden" });
  await page.getByRole("heading", { name: "Huckleberry pancakes, now with syrup" }).waitFor();
  await page.getByText("· edited").waitFor();
  await screenshot(page, "post-edited-390");
  expect(errors).toEqual([]);
  await page.close();
});

test("a creator edits a post's place and price in the Edit dialog; once someone paid, the price shows locked", async () => {
  const creator = await registerViaApi(server.baseUrl, {
    firstName: "Cora",
    lastName: "Creator",
    profileType: "creator",
  });
  const fan = await registerViaApi(server.baseUrl, { firstName: "Finn", lastName: "Fan" });
  const paid = await expectApiOk<PostView>(server.baseUrl, creator.sessionCookie, "POST", "/api/posts", {
    title: "Secret huckleberry syrup recipe",
    content: "Three cups of berries, one of sugar, and patience.",
    postType: "premium",
    price: 4,
    location: HOOD_RIVER,
  });
  const creatorContext = await launchBrowser();
  try {
    await addSessionCookie(creatorContext, server.baseUrl, creator.sessionCookie);
    const { page, errors } = await newPage(creatorContext, { viewport: PHONE_390 });
    await page.goto(`${server.baseUrl}/posts/${paid.id}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Edit post" }).click();
    let dialog = page.getByRole("dialog", { name: "Edit post" });
    // The composer's location fields, with the post's place, and its map picker.
    expect(await dialog.getByLabel("City").inputValue()).toBe("Hood River");
    await dialog.getByRole("button", { name: "Pick on map" }).click();
    await dialog.getByTestId("location-picker-map").waitFor();
    await dialog.getByLabel("City").fill("The Dalles");
    // Nobody paid yet: the access and the price may change.
    expect(await dialog.getByRole("button", { name: "Pay-per-view" }).getAttribute("aria-pressed")).toBe("true");
    expect(await dialog.getByLabel("Price (USD)").inputValue()).toBe("4");
    await dialog.getByLabel("Price (USD)").fill("6.5");
    await screenshot(page, "edit-post-open-390");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    const saved = await expectApiOk<PostView>(server.baseUrl, creator.sessionCookie, "GET", `/api/posts/${paid.id}`);
    expect(saved).toMatchObject({ city: "The Dalles", postType: "ppv", price: 6.5, priceLocked: false });

    await expectApiOk(server.baseUrl, fan.sessionCookie, "POST", "/api/ppv-unlocks", {
      postId: paid.id,
      amount: 6.5,
      paymentMethod: "paypal",
    });
    for (const [viewport, label] of [
      [PHONE_390, "390"],
      [DESKTOP_VIEWPORT, "1280"],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.baseUrl}/posts/${paid.id}`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Edit post" }).click();
      dialog = page.getByRole("dialog", { name: "Edit post" });
      await dialog.getByText("People have paid for this post: its type and price can no longer change").waitFor();
      expect(await dialog.getByLabel("Price (USD)").isDisabled()).toBe(true);
      expect(await dialog.getByRole("button", { name: "Free" }).isDisabled()).toBe(true);
      // The rest still changes.
      await dialog.getByLabel("Title").fill("Secret huckleberry syrup recipe (updated)");
      await screenshot(page, `edit-post-price-locked-${label}`);
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "hidden" });
    }
    const after = await expectApiOk<PostView>(server.baseUrl, creator.sessionCookie, "GET", `/api/posts/${paid.id}`);
    expect(after).toMatchObject({ title: "Secret huckleberry syrup recipe (updated)", price: 6.5, priceLocked: true });
    expect(errors).toEqual([]);
  } finally {
    await creatorContext.close();
  }
});
