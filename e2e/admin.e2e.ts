import type { BrowserContext } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, DEFAULT_PASSWORD, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

const BOSS_EMAIL = "boss@plaza.test";
let server: RunningServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({ env: { SUPERUSER_EMAILS: BOSS_EMAIL } });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

/** A session of the superuser, whether or not an earlier test created the account. */
async function bossSession(): Promise<string> {
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email: BOSS_EMAIL, password: DEFAULT_PASSWORD }),
  });
  const cookie = /plaza_session=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1];
  return cookie ?? (await registerViaApi(server.baseUrl, { email: BOSS_EMAIL, username: "boss_admin" })).sessionCookie;
}

/** Uploads a small generated picture through the signed-URL flow and returns the address a post accepts. */
async function uploadPicture(account: RegisteredAccount): Promise<string> {
  const { uploadURL } = await expectApiOk<{ uploadURL: string }>(
    server.baseUrl,
    account.sessionCookie,
    "POST",
    "/api/objects/upload",
  );
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#c0392b" } })
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

async function signedInBrowser(sessionCookie: string): Promise<BrowserContext> {
  const context = await launchBrowser();
  contexts.push(context);
  await addSessionCookie(context, server.baseUrl, sessionCookie);
  return context;
}

test("a superuser suspends a user with a reason and sees it in the activity logs", async () => {
  const target = await registerViaApi(server.baseUrl, { username: "noisy_neighbour", firstName: "Noisy" });
  const { page, errors } = await newPage(await signedInBrowser(await bossSession()));

  await page.goto(`${server.baseUrl}/admin`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await page.getByText(BOSS_EMAIL).first().waitFor();
  await page.getByRole("searchbox", { name: "Search users" }).fill("noisy_neighbour");
  const row = page.getByTestId("admin-user-row").filter({ hasText: target.user.email });
  await row.waitFor();
  // A person is a name and photo linking to their profile, not an id.
  const targetLink = row.getByRole("link", { name: new RegExp(`@${target.user.username}`) });
  expect(await targetLink.getAttribute("href")).toBe(`/profile/${target.user.id}`);
  expect(await targetLink.textContent()).toContain("Noisy");
  expect(await row.locator("[data-slot=avatar]").count()).toBe(1);
  expect(await row.textContent()).not.toContain(target.user.id);
  await row.getByRole("button", { name: "Suspend" }).click();
  await page.getByLabel("Reason").fill("Flooding the feed with adverts");
  await page.getByRole("dialog").getByRole("button", { name: "Suspend" }).click();
  await page.getByText("User suspended", { exact: true }).waitFor();
  await row.getByText("Suspended: Flooding the feed with adverts").waitFor();
  await screenshot(page, "admin-user-suspended");

  await page.getByRole("tab", { name: "Activity Logs" }).click();
  // One sentence with names, and the details as labelled values: no ids, no JSON.
  const log = page
    .getByTestId("admin-log-row")
    .filter({ hasText: "Suspended" })
    .filter({ hasText: `@${target.user.username}` })
    .first();
  await log.waitFor();
  // Who acted and on whom: both named, with a photo and a link to their profile.
  const logLinks = log.getByTestId("admin-user-link");
  expect(await logLinks.count()).toBe(2);
  expect(await logLinks.first().textContent()).toContain("@boss_admin");
  expect(await logLinks.last().getAttribute("href")).toBe(`/profile/${target.user.id}`);
  expect(await log.locator("[data-slot=avatar]").count()).toBe(2);
  const logText = (await log.textContent()) ?? "";
  expect(logText).toContain("ReasonFlooding the feed with adverts");
  expect(logText).not.toContain(target.user.id);
  expect(logText).not.toContain("{");
  await screenshot(page, "admin-activity-logs");

  // The admin screen stays usable on a phone: no sideways scrolling of the page (the tab strip scrolls itself).
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole("tab", { name: "User Management" }).click();
  await row.waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, "admin-phone");
  expect(errors).toEqual([]);

  // The suspended user sees why before trying to write: a banner with the admin's reason.
  const suspended = await newPage(await signedInBrowser(target.sessionCookie));
  await suspended.page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
  const banner = suspended.page.getByTestId("suspension-banner");
  await banner.waitFor();
  expect(await banner.textContent()).toContain("Your account is suspended.");
  expect(await banner.textContent()).toContain("Reason: Flooding the feed with adverts.");
  await screenshot(suspended.page, "suspended-banner");
});

test("a non-superuser is refused the admin screen and sent home", async () => {
  const someone = await registerViaApi(server.baseUrl);
  const { page } = await newPage(await signedInBrowser(someone.sessionCookie));
  await page.goto(`${server.baseUrl}/admin`, { waitUntil: "networkidle" });
  await page.getByText("Superuser access required.", { exact: true }).waitFor();
  await page.waitForURL(`${server.baseUrl}/`);
});

test("a user reports a post, a superuser removes it from the Reports tab, and the reporter sees the outcome", async () => {
  const bossCookie = await bossSession();
  const reporter = await registerViaApi(server.baseUrl, { username: "careful_reporter" });
  const author = await registerViaApi(server.baseUrl, { username: "spam_author" });
  const created = await fetch(`${server.baseUrl}/api/posts`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: server.baseUrl,
      cookie: `plaza_session=${author.sessionCookie}`,
    },
    body: JSON.stringify({
      title: "Great deal",
      content: "Cheap watches, message me now",
      mediaUrls: [await uploadPicture(author)],
      altText: "A pile of fake watches",
    }),
  });
  expect(created.status).toBe(201);
  const post = (await created.json()) as { id: string };

  const reporterPage = await newPage(await signedInBrowser(reporter.sessionCookie));
  await reporterPage.page.goto(`${server.baseUrl}/posts/${post.id}`, { waitUntil: "networkidle" });
  await reporterPage.page.getByText("Cheap watches, message me now").waitFor();
  await reporterPage.page.getByRole("button", { name: "Report" }).click();
  await reporterPage.page.getByLabel("Reason").fill("Spam advertising");
  await reporterPage.page.getByRole("button", { name: "Send report" }).click();
  await reporterPage.page.getByText("Report sent", { exact: true }).waitFor();

  // The reporter keeps the home page open: the outcome must arrive live (WebSocket), well before the 30 s poll.
  await reporterPage.page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
  expect(await reporterPage.page.getByTestId("notifications-unread-badge").count()).toBe(0);

  const admin = await newPage(await signedInBrowser(bossCookie));
  await admin.page.goto(`${server.baseUrl}/admin`, { waitUntil: "networkidle" });
  await admin.page.getByRole("tab", { name: "Reports" }).click();
  const report = admin.page.getByTestId("admin-report-row").filter({ hasText: "Spam advertising" });
  await report.waitFor();
  expect(await report.textContent()).toContain("Cheap watches");
  // The reported picture is shown, and the author and the reporter are named and linked.
  const picture = report.getByRole("img", { name: "A pile of fake watches" });
  await picture.waitFor();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
  expect(await report.getByRole("link", { name: /@spam_author/ }).getAttribute("href")).toBe(
    `/profile/${author.user.id}`,
  );
  expect(await report.getByRole("link", { name: /@careful_reporter/ }).getAttribute("href")).toBe(
    `/profile/${reporter.user.id}`,
  );
  expect(await report.getByRole("link", { name: /Cheap watches/ }).getAttribute("href")).toBe(`/posts/${post.id}`);
  expect(await report.textContent()).not.toContain(post.id);
  await screenshot(admin.page, "admin-report-with-picture");
  await report.getByRole("button", { name: "Review" }).click();
  await admin.page.getByRole("combobox", { name: "Action" }).click();
  await admin.page.getByRole("option", { name: "Delete content" }).click();
  await admin.page.getByLabel("Reason").fill("Advertising is not allowed");
  await admin.page.getByRole("dialog").getByRole("button", { name: "Resolve" }).click();
  // Deleting is asked about once more, naming whose content goes; Cancel changes nothing.
  const confirm = admin.page.getByRole("alertdialog");
  await confirm.getByText("Delete this content?").waitFor();
  expect(await confirm.textContent()).toContain("This post by Test User will be removed for everyone.");
  await screenshot(admin.page, "admin-report-confirm");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "detached" });
  const stillThere = await fetch(`${server.baseUrl}/api/posts/${post.id}`, {
    headers: { cookie: `plaza_session=${reporter.sessionCookie}` },
  });
  expect(stillThere.status).toBe(200);
  await admin.page.getByRole("dialog").getByRole("button", { name: "Resolve" }).click();
  await confirm.getByRole("button", { name: "Delete content" }).click();
  await admin.page.getByText("Report resolved", { exact: true }).waitFor();
  await screenshot(admin.page, "admin-reports-resolved");
  expect(
    (
      await fetch(`${server.baseUrl}/api/posts/${post.id}`, {
        headers: { cookie: `plaza_session=${reporter.sessionCookie}` },
      })
    ).status,
  ).toBe(404);

  await reporterPage.page.getByTestId("notifications-unread-badge").waitFor({ timeout: 10_000 });
  await reporterPage.page.getByRole("button", { name: /Notifications/ }).click();
  await reporterPage.page.getByText("A moderator reviewed your report and removed the content.").waitFor();
  await screenshot(reporterPage.page, "notifications-report-outcome");
  await reporterPage.page.getByRole("button", { name: "Mark all read" }).click();
  await reporterPage.page.getByText("You're all caught up").waitFor();
});

test("Location Analytics shows the groups by the API's spec field names (city, country, location)", async () => {
  for (let index = 0; index < 5; index += 1) {
    const person = await registerViaApi(server.baseUrl, { firstName: "Lisboeta", lastName: `Number${index}` });
    await expectApiOk(server.baseUrl, person.sessionCookie, "PATCH", "/api/users/profile", {
      firstName: person.user.firstName,
      lastName: person.user.lastName,
      username: person.user.username,
      city: "Lisbon",
      country: "Portugal",
      locationPrivacy: "city",
    });
  }
  const { page, errors } = await newPage(await signedInBrowser(await bossSession()));
  await page.goto(`${server.baseUrl}/admin`, { waitUntil: "networkidle" });
  await page.getByRole("tab", { name: "Location Analytics", exact: true }).click();
  // Each chart is a figure named by its summary, with the numbers in a table and a drawing with both axes.
  const cities = page.getByRole("figure", { name: /^Top Cities:/ });
  await cities.waitFor();
  expect(await cities.getAttribute("aria-label")).toContain("Lisbon 5");
  const lisbon = cities.getByRole("row", { name: /Lisbon/ });
  expect(await lisbon.getByRole("cell").textContent()).toBe("5");
  const drawing = cities.getByTestId("bar-chart-drawing");
  await drawing.locator(".recharts-bar-rectangle").first().waitFor();
  expect(await drawing.locator(".recharts-xAxis .recharts-cartesian-axis-tick").count()).toBeGreaterThan(1);
  expect(await drawing.locator(".recharts-yAxis-tick-labels").textContent()).toContain("Lisbon");
  await page.getByRole("figure", { name: /^Top Countries:.*Portugal/ }).waitFor();
  await page.getByRole("figure", { name: /^Users by Location:.*Lisbon, Portugal/ }).waitFor();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await drawing.locator(".recharts-bar-rectangle").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `admin-location-charts-${width}`);
  }
  expect(await page.getByRole("tabpanel").textContent()).not.toContain("undefined");
  expect(errors).toEqual([]);
});
