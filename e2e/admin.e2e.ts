import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, DEFAULT_PASSWORD, registerViaApi } from "./support/accounts";
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
    .filter({ hasText: `Suspended @${target.user.username}` })
    .first();
  await log.waitFor();
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
    body: JSON.stringify({ title: "Great deal", content: "Cheap watches, message me now" }),
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
  await report.getByRole("button", { name: "Review" }).click();
  await admin.page.getByRole("combobox", { name: "Action" }).click();
  await admin.page.getByRole("option", { name: "Delete content" }).click();
  await admin.page.getByLabel("Reason").fill("Advertising is not allowed");
  await admin.page.getByRole("dialog").getByRole("button", { name: "Resolve" }).click();
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
  const cities = page.getByRole("list", { name: "Top Cities" });
  await cities.getByText("Lisbon", { exact: true }).waitFor();
  expect(await cities.textContent()).toMatch(/Lisbon\s*5/);
  await page.getByRole("list", { name: "Top Countries" }).getByText("Portugal", { exact: true }).waitFor();
  await page.getByRole("list", { name: "Users by Location" }).getByText("Lisbon, Portugal").waitFor();
  expect(await page.getByRole("tabpanel").textContent()).not.toContain("undefined");
  expect(errors).toEqual([]);
});
