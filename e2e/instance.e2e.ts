import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

const MAYOR_EMAIL = "mayor@plaza.test";
const TOWN = "Riverside Square";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
let server: RunningServer;
let mayorCookie: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({ env: { SUPERUSER_EMAILS: MAYOR_EMAIL } });
  mayorCookie = (await registerViaApi(server.baseUrl, { email: MAYOR_EMAIL, username: "town_mayor" })).sessionCookie;
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

async function browser(sessionCookie?: string): Promise<BrowserContext> {
  const context = await launchBrowser();
  contexts.push(context);
  if (sessionCookie) await addSessionCookie(context, server.baseUrl, sessionCookie);
  return context;
}

test("an administrator renames the town, gives it rules and approval sign-up; the title and landing show the name", {
  timeout: 240_000,
}, async () => {
  const { page, errors } = await newPage(await browser(mayorCookie), { viewport: DESKTOP });
  await page.goto(`${server.baseUrl}/admin`, { waitUntil: "networkidle" });
  await page.getByRole("tab", { name: "Instance" }).click();
  const form = page.getByRole("form", { name: "Instance settings" });
  await form.getByLabel("Name").fill(TOWN);
  await form.getByRole("button", { name: "Add a rule" }).click();
  await form.getByLabel("Rule 1", { exact: true }).fill("Be kind to your neighbours");
  await form.getByRole("button", { name: "Add a rule" }).click();
  await form.getByLabel("Rule 2", { exact: true }).fill("No adverts in comments");
  // Reordered: the second rule goes first.
  await form.getByRole("button", { name: "Move rule 2 up" }).click();
  await form.getByLabel("Sign-up").selectOption("approval");
  await form.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("Instance settings saved", { exact: true }).waitFor();
  await page.waitForFunction((name) => document.title === name, TOWN);
  expect(await form.getByLabel("Rule 1", { exact: true }).inputValue()).toBe("No adverts in comments");
  await screenshot(page, "instance-admin-settings-1280");
  await page.setViewportSize(PHONE);
  await screenshot(page, "instance-admin-settings-390");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // A visitor: the landing page (rendered by the server) and its title carry the new name.
  const visitor = await newPage(await browser(), { viewport: PHONE });
  const answer = await fetch(`${server.baseUrl}/`);
  expect(await answer.text()).toContain(`<title>${TOWN}</title>`);
  await visitor.page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
  await visitor.page.getByRole("banner").getByText(TOWN).waitFor();
  expect(await visitor.page.title()).toBe(TOWN);
  const manifest = (await (await fetch(`${server.baseUrl}/manifest.webmanifest`)).json()) as { name: string };
  expect(manifest.name).toBe(TOWN);
  expect([...errors, ...visitor.errors]).toEqual([]);
});

test("sign-up shows the rules, needs them accepted, and an approval-mode account sees that it waits", {
  timeout: 240_000,
}, async () => {
  // As the first test leaves the town (set again here, so this test stands on its own).
  await expectApiOk(server.baseUrl, mayorCookie, "PATCH", "/api/admin/instance", {
    name: TOWN,
    registrationMode: "approval",
    rules: [{ text: "No adverts in comments" }, { text: "Be kind to your neighbours" }],
  });
  for (const viewport of [PHONE, DESKTOP]) {
    const { page, errors } = await newPage(await browser(), { viewport });
    await page.goto(`${server.baseUrl}/login?tab=register`, { waitUntil: "networkidle" });
    const rules = page.getByRole("region", { name: `The rules of ${TOWN}` });
    await rules.getByText("No adverts in comments").waitFor();
    await page.getByText("New accounts are approved by an administrator before they can post.").waitFor();
    await screenshot(page, `instance-sign-up-rules-${viewport.width}`);
    expect(errors).toEqual([]);
  }
  const { page, errors } = await newPage(await browser(), { viewport: PHONE });
  await page.goto(`${server.baseUrl}/login?tab=register`, { waitUntil: "networkidle" });
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("First name").fill("Nell");
  await form.getByLabel("Last name").fill("Newcomer");
  await form.getByLabel("Username").fill("nell_newcomer");
  await form.getByLabel("Email").fill("nell@plaza.test");
  await form.getByLabel("Password").fill("correct horse battery");
  await page.locator("#register-agreement").check();
  await form.getByRole("button", { name: "Create account" }).click();
  await page.getByText("Please read and accept the rules to sign up.").waitFor();
  await page.getByLabel("I have read the rules and accept them").check();
  await form.getByRole("button", { name: "Create account" }).click();
  const banner = page.getByTestId("pending-approval-banner");
  await banner.waitFor();
  expect(await banner.textContent()).toContain("Waiting for approval.");
  await screenshot(page, "instance-pending-account-390");

  // The administrator approves Nell from the console; her banner is gone once she comes back.
  const admin = await newPage(await browser(mayorCookie), { viewport: PHONE });
  await admin.page.goto(`${server.baseUrl}/admin`, { waitUntil: "networkidle" });
  await admin.page.getByRole("tab", { name: "Instance" }).click();
  const waiting = admin.page.getByRole("list", { name: "Accounts waiting for approval" }).getByRole("listitem");
  const nell = waiting.filter({ hasText: "Nell Newcomer" });
  await nell.waitFor();
  await nell.scrollIntoViewIfNeeded();
  await screenshot(admin.page, "instance-pending-approval-admin-390");
  await nell.getByRole("button", { name: "Approve" }).click();
  await admin.page.getByText("Nell Newcomer was approved", { exact: true }).first().waitFor();
  await nell.waitFor({ state: "detached" });
  await page.reload({ waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Create" }).first().waitFor();
  expect(await page.getByTestId("pending-approval-banner").count()).toBe(0);
  expect([...errors, ...admin.errors]).toEqual([]);
});

/** Fills the sign-up form of `page` (rules accepted) and submits it. */
async function signUp(page: import("playwright-core").Page, name: string) {
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("First name").fill(name);
  await form.getByLabel("Last name").fill("Invited");
  await form.getByLabel("Username").fill(`${name.toLowerCase()}_invited`);
  await form.getByLabel("Email").fill(`${name.toLowerCase()}@plaza.test`);
  await form.getByLabel("Password").fill("correct horse battery");
  await page.locator("#register-agreement").check();
  await page.getByLabel("I have read the rules and accept them").check();
  await form.getByRole("button", { name: "Create account" }).click();
}

test("invite-only: the administrator makes a link, a newcomer joins with it, and once ended it no longer works", {
  timeout: 240_000,
}, async () => {
  await expectApiOk(server.baseUrl, mayorCookie, "PATCH", "/api/admin/instance", {
    name: TOWN,
    registrationMode: "invite",
    rules: [{ text: "Be kind to your neighbours" }],
    membersCanInvite: false,
  });
  const { page, errors } = await newPage(await browser(mayorCookie), { viewport: DESKTOP });
  await page.goto(`${server.baseUrl}/admin`, { waitUntil: "networkidle" });
  await page.getByRole("tab", { name: "Invites" }).click();
  const card = page.getByRole("tabpanel");
  await card.getByLabel("Uses").fill("0");
  await card.getByRole("button", { name: "Create invite link" }).click();
  await card.getByText("An invite needs at least 1 use").waitFor();
  await card.getByLabel("Uses").fill("2");
  await card.getByLabel("Valid for (days)").fill("3");
  await card.getByRole("button", { name: "Create invite link" }).click();
  await page.getByText("Invite link created", { exact: true }).waitFor();
  const invite = card.getByRole("list", { name: "Your invite links" }).getByTestId("invite").first();
  await invite.getByText("0 of 2 uses taken").waitFor();
  const link = (await invite.locator("p.font-mono").textContent()) ?? "";
  expect(link).toMatch(/\/login\?tab=register&invite=[\w-]+$/);
  await screenshot(page, "instance-invites-1280");
  await page.setViewportSize(PHONE);
  await screenshot(page, "instance-invites-390");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // A newcomer opens the link: the form carries the code, and the account is made.
  const newcomer = await newPage(await browser(), { viewport: PHONE });
  await newcomer.page.goto(link, { waitUntil: "networkidle" });
  await signUp(newcomer.page, "Ines");
  await newcomer.page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.reload({ waitUntil: "networkidle" });
  await page.getByRole("tab", { name: "Invites" }).click();
  await invite.getByText("1 of 2 uses taken").waitFor();

  // Ended: its link now answers the server's sentence, and the list says it expired.
  await invite.getByRole("button", { name: /^End invite / }).click();
  await page.getByText("The invite link no longer works", { exact: true }).waitFor();
  await invite.getByText("Expired").waitFor();
  const late = await newPage(await browser(), { viewport: PHONE });
  await late.page.goto(link, { waitUntil: "networkidle" });
  await signUp(late.page, "Otto");
  await late.page.getByText("This invite is not valid: it has expired or has been used up.").waitFor();
  expect([...errors, ...newcomer.errors, ...late.errors.filter((error) => !error.includes("400"))]).toEqual([]);

  // Members see the card in Settings once the town lets them invite.
  await expectApiOk(server.baseUrl, mayorCookie, "PATCH", "/api/admin/instance", { membersCanInvite: true });
  await newcomer.page.goto(`${server.baseUrl}/settings`, { waitUntil: "networkidle" });
  await newcomer.page.getByRole("heading", { name: "Invite links" }).waitFor();
  // This town does not federate (FEDERATION off): no Fediverse card whose switch would change nothing.
  expect(await newcomer.page.locator("#fediverse").count()).toBe(0);
  await screenshot(newcomer.page, "instance-invites-settings-390");
});
