import { Secret, TOTP } from "otpauth";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, registerViaApi, SESSION_COOKIE } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { recordSecret } from "./support/log-hygiene";
import { mailLink, waitForOutboxMail } from "./support/outbox";
import { type RunningServer, startServer } from "./support/server";

let server: RunningServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

async function browser(): Promise<BrowserContext> {
  const context = await launchBrowser();
  contexts.push(context);
  return context;
}

async function isSignedIn(sessionCookie: string): Promise<boolean> {
  const response = await fetch(`${server.baseUrl}/api/auth/user`, {
    headers: { cookie: `${SESSION_COOKIE}=${sessionCookie}` },
  });
  return response.status === 200;
}

test("forgot password → the mailed link → a new password → sign in with it", async () => {
  const account = await registerViaApi(server.baseUrl);
  const newPassword = "a completely new passphrase";
  recordSecret("password", newPassword);
  const { page, errors } = await newPage(await browser());

  await page.goto(`${server.baseUrl}/login`, { waitUntil: "networkidle" });
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
  await page.getByLabel("Email").fill(account.credentials.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page.getByText("If an account uses this address, we sent it a link to reset the password.").waitFor();

  // No SMTP server here: the mail is an .eml file in DATA_DIR/outbox, its link built from the request's address.
  const mail = await waitForOutboxMail(server.baseUrl, account.credentials.email, /Reset your password/);
  const link = mailLink(mail, "/reset-password");
  expect(link.startsWith(`${server.baseUrl}/reset-password?token=`)).toBe(true);

  await page.goto(link, { waitUntil: "networkidle" });
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await page.getByText("Your password was changed.", { exact: false }).waitFor();
  await screenshot(page, "accounts-password-reset");
  // The reset ended the session the account had.
  expect(await isSignedIn(account.sessionCookie)).toBe(false);

  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await page.getByLabel("Email").fill(account.credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${server.baseUrl}/`);
  await page.getByRole("button", { name: "Create", exact: true }).waitFor();
  expect(errors).toEqual([]);
});

test("two-factor sign-in: set up with the QR code's secret, then sign in with a code from the app", async () => {
  const account = await registerViaApi(server.baseUrl);
  const settings = await browser();
  await addSessionCookie(settings, server.baseUrl, account.sessionCookie);
  const { page, errors } = await newPage(settings);

  await page.goto(`${server.baseUrl}/settings`, { waitUntil: "networkidle" });
  await page.getByRole("tab", { name: "Security" }).click();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await page.getByRole("img", { name: "QR code to add Plaza to your authenticator app" }).waitFor();
  const secret = (await page.getByTestId("two-factor-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  const appLink = page.getByRole("link", { name: "Open in authenticator app" });
  expect(await appLink.getAttribute("href")).toMatch(new RegExp(`^otpauth://totp/Plaza:.*secret=${secret}`));
  const turnOn = page.getByRole("form", { name: "Turn on two-factor sign-in" });
  await turnOn.getByLabel("Code from the app").fill(totp.generate());
  await turnOn.getByLabel("Current password").fill(account.credentials.password);
  await turnOn.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await codes.first().waitFor();
  expect(await codes.count()).toBe(10);
  await screenshot(page, "accounts-two-factor-on");
  expect(errors).toEqual([]);

  const signIn = await newPage(await browser(), {
    ignoreConsole: [/status of 401 \(Unauthorized\) \(https?:\/\/[^/]+\/api\/auth\/login\)$/],
  });
  await signIn.page.goto(`${server.baseUrl}/login`, { waitUntil: "networkidle" });
  await signIn.page.getByLabel("Email").fill(account.credentials.email);
  await signIn.page.getByLabel("Password", { exact: true }).fill(account.credentials.password);
  await signIn.page.getByRole("button", { name: "Sign in", exact: true }).click();
  await signIn.page.getByLabel("Authentication code").waitFor();
  await screenshot(signIn.page, "accounts-two-factor-step");
  // The enabling code's 30-second step is used up; the next step's code is accepted (one step of clock drift).
  await signIn.page.getByLabel("Authentication code").fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await signIn.page.getByRole("button", { name: "Verify and sign in" }).click();
  await signIn.page.waitForURL(`${server.baseUrl}/`);
  await signIn.page.getByRole("button", { name: "Create", exact: true }).waitFor();
  expect(signIn.errors).toEqual([]);
});

test("a mail's link opened signed out goes through sign-in and back to the linked page", async () => {
  const sender = await registerViaApi(server.baseUrl);
  const reader = await registerViaApi(server.baseUrl);
  const sent = await expectApiOk<{ conversationId: string }>(
    server.baseUrl,
    sender.sessionCookie,
    "POST",
    "/api/messages",
    {
      recipientId: reader.user.id,
      content: "See you at the market on Saturday",
    },
  );
  // The link an unread-message mail carries.
  const linked = `/messages/${sent.conversationId}`;
  const { page, errors } = await newPage(await browser());
  await page.goto(`${server.baseUrl}${linked}`);
  await page.waitForURL(`${server.baseUrl}/login?returnTo=${encodeURIComponent(linked)}`);
  await page.getByLabel("Email").fill(reader.credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(reader.credentials.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${server.baseUrl}${linked}`);
  await page.getByText("See you at the market on Saturday").first().waitFor();

  // A partner mail's link keeps its #section too; a path elsewhere never becomes the target.
  const other = await newPage(await browser());
  await other.page.goto(`${server.baseUrl}/settings#partners`);
  await other.page.waitForURL(`${server.baseUrl}/login?returnTo=${encodeURIComponent("/settings#partners")}`);
  await other.page.goto(`${server.baseUrl}/login?returnTo=${encodeURIComponent("//evil.example/settings")}`);
  await other.page.getByLabel("Email").fill(reader.credentials.email);
  await other.page.getByLabel("Password", { exact: true }).fill(reader.credentials.password);
  await other.page.getByRole("button", { name: "Sign in", exact: true }).click();
  await other.page.waitForURL(`${server.baseUrl}/`);
  expect(errors).toEqual([]);
  expect(other.errors).toEqual([]);
});
