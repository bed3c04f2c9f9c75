import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { callApi, expectApiOk } from "./support/api";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * The moderation flow end to end: a moderator hides a reported post from the queue, its author reads the notice and
 * appeals, the moderator grants the appeal from the appeals queue, and the post is back for everyone.
 */
const BOSS_EMAIL = "boss.moderation@plaza.test";
let server: RunningServer;
let boss: RegisteredAccount;
let moderator: RegisteredAccount;
let author: RegisteredAccount;
let reader: RegisteredAccount;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({ env: { SUPERUSER_EMAILS: BOSS_EMAIL } });
  boss = await registerViaApi(server.baseUrl, { email: BOSS_EMAIL, username: "boss_moderation" });
  moderator = await registerViaApi(server.baseUrl, { firstName: "Mona", lastName: "Moderator" });
  author = await registerViaApi(server.baseUrl, { firstName: "Aldo", lastName: "Author" });
  reader = await registerViaApi(server.baseUrl, { firstName: "Rhea", lastName: "Reader" });
  await expectApiOk(server.baseUrl, boss.sessionCookie, "POST", `/api/admin/users/${moderator.user.id}/moderator`);
  // The town's rules, which the action form lists (after the sign-ups, which would need them accepted).
  await expectApiOk(server.baseUrl, boss.sessionCookie, "PATCH", "/api/admin/instance", {
    rules: [{ text: "No spam or advertising" }, { text: "Be kind to your neighbours" }],
  });
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

async function browserAs(account: RegisteredAccount, width: number) {
  const context = await launchBrowser(width < 500 ? { device: "phone" } : {});
  contexts.push(context);
  await addSessionCookie(context, server.baseUrl, account.sessionCookie);
  return newPage(context, { viewport: { width, height: width < 500 ? 844 : 900 } });
}

test("a moderator hides a reported post; its author appeals from the notice; granting brings the post back", async () => {
  const post = await expectApiOk<{ id: string }>(server.baseUrl, author.sessionCookie, "POST", "/api/posts", {
    title: "Cheap watches",
    content: "Genuine watches, message me for prices",
    postType: "free",
  });
  await expectApiOk(server.baseUrl, reader.sessionCookie, "POST", "/api/reports", {
    targetType: "post",
    targetId: post.id,
    reason: "Looks like spam",
  });

  // The moderator's queue, on a phone and a desktop.
  const phone = await browserAs(moderator, 390);
  await phone.page.goto(`${server.baseUrl}/admin`, { waitUntil: "networkidle" });
  await phone.page.getByTestId("queue-item").first().waitFor();
  await screenshot(phone.page, "moderation-queue-390");
  const desk = await browserAs(moderator, 1280);
  await desk.page.goto(`${server.baseUrl}/admin`, { waitUntil: "networkidle" });
  const item = desk.page.getByTestId("queue-item").filter({ hasText: "Cheap watches" });
  await item.getByRole("button", { name: "Assign to me" }).click();
  await desk.page.getByRole("button", { name: "Assigned", exact: true }).click();
  const assigned = desk.page.getByTestId("queue-item").filter({ hasText: "Assigned to Mona Moderator" });
  await assigned.getByRole("button", { name: "History", exact: true }).click();
  await desk.page.getByRole("textbox", { name: "Add note" }).fill("Third report this week");
  await desk.page.getByRole("button", { name: "Add note" }).click();
  await desk.page.getByTestId("report-history").getByText("Third report this week").waitFor();
  await screenshot(desk.page, "moderation-queue-history-1280");
  await assigned.getByRole("button", { name: "Apply" }).click();
  const dialog = desk.page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Hide post" }).click();
  await dialog.getByLabel("Rule broken").selectOption({ label: "1. No spam or advertising" });
  await dialog.getByLabel("Message to the person").fill("Please sell through the market page.");
  await screenshot(desk.page, "moderation-action-1280");
  await dialog.getByRole("button", { name: "Hide post" }).last().click();
  await dialog.waitFor({ state: "hidden" });
  expect((await callApi(server.baseUrl, reader.sessionCookie, "GET", `/api/posts/${post.id}`)).status).toBe(404);

  // The author: the notification opens the notice, which holds the appeal form.
  const authorPhone = await browserAs(author, 390);
  const notifications = await expectApiOk<{ type: string; targetUrl: string | null }[]>(
    server.baseUrl,
    author.sessionCookie,
    "GET",
    "/api/notifications",
  );
  const noticeLink = notifications.find((entry) => entry.type === "moderation_notice")?.targetUrl;
  expect(noticeLink).toMatch(/^\/notices\//);
  await authorPhone.page.goto(`${server.baseUrl}${noticeLink}`, { waitUntil: "networkidle" });
  await authorPhone.page.getByTestId("notice-headline").getByText("A moderator hid one of your posts.").waitFor();
  await authorPhone.page.getByText("1. No spam or advertising").waitFor();
  await screenshot(authorPhone.page, "moderation-notice-390");
  await authorPhone.page.getByRole("textbox", { name: "Appeal this decision" }).fill("They are real watches.");
  await authorPhone.page.getByRole("button", { name: "Send appeal" }).click();
  await authorPhone.page.getByText("Your appeal is waiting for a moderator.").waitFor();
  await screenshot(authorPhone.page, "moderation-notice-appealed-390");
  const authorDesk = await browserAs(author, 1280);
  await authorDesk.page.goto(`${server.baseUrl}${noticeLink}`, { waitUntil: "networkidle" });
  await authorDesk.page.getByTestId("notice-appeal").waitFor();
  await screenshot(authorDesk.page, "moderation-notice-1280");

  // The moderator grants it from the appeals queue.
  await desk.page.getByRole("tab", { name: "Appeals" }).click();
  const appeal = desk.page.getByTestId("appeal-item").filter({ hasText: "They are real watches." });
  await appeal.waitFor();
  await screenshot(desk.page, "moderation-appeals-1280");
  await phone.page.getByRole("tab", { name: "Appeals" }).click();
  await phone.page.getByTestId("appeal-item").first().waitFor();
  await screenshot(phone.page, "moderation-appeals-390");
  await appeal.getByRole("button", { name: "Grant (reverse the action)" }).click();
  await appeal.waitFor({ state: "detached" });

  // The post is back for everyone, and the notice says so.
  expect((await callApi(server.baseUrl, reader.sessionCookie, "GET", `/api/posts/${post.id}`)).status).toBe(200);
  await authorDesk.page.reload({ waitUntil: "networkidle" });
  await authorDesk.page.getByText("Your appeal was granted and the action reversed.").waitFor();

  // The account's history, from the queue and from the console's user details: the action with its rule, the appeal
  // and its grant.
  await desk.page.getByRole("tab", { name: "Queue" }).click();
  await desk.page.getByRole("button", { name: "Resolved", exact: true }).click();
  const resolved = desk.page.getByTestId("queue-item").filter({ hasText: "Cheap watches" });
  await resolved.getByRole("button", { name: "Account history" }).click();
  const history = resolved.getByTestId("account-history");
  await history.getByText("Hide post · rule: 1. No spam or advertising").waitFor();
  await history.getByText("Appeal granted").waitFor();
  await screenshot(desk.page, "moderation-account-history-1280");
  const bossDesk = await browserAs(boss, 390);
  await bossDesk.page.goto(`${server.baseUrl}/admin`, { waitUntil: "networkidle" });
  await bossDesk.page
    .getByTestId("admin-user-row")
    .filter({ hasText: "Aldo Author" })
    .getByRole("button", { name: "View" })
    .click();
  const details = bossDesk.page.getByRole("dialog");
  await details.getByTestId("account-history").getByText("Appeal granted").waitFor();
  await screenshot(bossDesk.page, "moderation-account-history-details-390");
  expect([...phone.errors, ...desk.errors, ...authorPhone.errors, ...authorDesk.errors, ...bossDesk.errors]).toEqual(
    [],
  );
}, 600_000);
