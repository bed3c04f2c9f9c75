import { randomBytes } from "node:crypto";
import type { RegisterInput } from "@plaza/contracts/auth";
import type { SelfUserView } from "@plaza/contracts/users";
import type { BrowserContext } from "playwright-core";
import { recordSecret } from "./log-hygiene";
import { hasOutbox, mailLink, waitForOutboxMail } from "./outbox";

/** The session cookie on plain http; the server uses the __Host- variant only behind https. */
export const SESSION_COOKIE = "plaza_session";
export const DEFAULT_PASSWORD = "correct-horse-battery";

export interface RegisteredAccount {
  user: SelfUserView;
  /** The value of the plaza_session cookie the server set. */
  sessionCookie: string;
  /** What was sent, so a test can sign in again with the same email and password. */
  credentials: RegisterInput;
}

/** A valid sign-up body; each call gets a new username and email so accounts never collide. */
export function accountAttributes(overrides: Partial<RegisterInput> = {}): RegisterInput {
  const username = overrides.username ?? `user_${randomBytes(4).toString("hex")}`;
  return {
    email: `${username.toLowerCase()}@plaza.test`,
    password: DEFAULT_PASSWORD,
    username,
    firstName: "Test",
    lastName: "User",
    profileType: "personal",
    ...overrides,
  };
}

/**
 * Creates an account through the real API (the sign-up page is not there yet). The Origin header is needed
 * because the server refuses cross-origin writes. The address is then verified by following the link of the
 * verification mail in the server's outbox (so a SUPERUSER_EMAILS address is a superuser), unless
 * `verifyEmail: false` or the server was not started by this process.
 */
export async function registerViaApi(
  baseUrl: string,
  attrs: Partial<RegisterInput> = {},
  options: { verifyEmail?: boolean } = {},
): Promise<RegisteredAccount> {
  const credentials = accountAttributes(attrs);
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 201) {
    throw new Error(`register ${credentials.username} failed: ${response.status} ${await response.text()}`);
  }
  const sessionCookie = findCookie(response.headers.getSetCookie(), SESSION_COOKIE);
  if (!sessionCookie) throw new Error(`register ${credentials.username}: no ${SESSION_COOKIE} cookie in the answer`);
  recordSecret("session cookie", sessionCookie);
  recordSecret("email", credentials.email);
  recordSecret("password", credentials.password);
  const user = (await response.json()) as SelfUserView;
  if (options.verifyEmail === false || !hasOutbox(baseUrl)) return { user, sessionCookie, credentials };
  await verifyEmailFromOutbox(baseUrl, credentials.email);
  const current = await fetch(`${baseUrl}/api/auth/user`, {
    headers: { cookie: `${SESSION_COOKIE}=${sessionCookie}` },
  });
  return { user: (await current.json()) as SelfUserView, sessionCookie, credentials };
}

/** Follows the verification link mailed to `email` (read from the server's outbox), as its owner would. */
export async function verifyEmailFromOutbox(baseUrl: string, email: string): Promise<void> {
  const mail = await waitForOutboxMail(baseUrl, email, /Confirm your email address/);
  const token = new URL(mailLink(mail, "/verify-email")).searchParams.get("token");
  const response = await fetch(`${baseUrl}/api/auth/verify-email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ token }),
  });
  if (response.status !== 204) throw new Error(`verify ${email} failed: ${response.status} ${await response.text()}`);
}

/** Puts a session into a browser context, so its pages start signed in. */
export async function addSessionCookie(context: BrowserContext, baseUrl: string, cookieValue: string): Promise<void> {
  await context.addCookies([
    { name: SESSION_COOKIE, value: cookieValue, url: baseUrl, httpOnly: true, sameSite: "Lax" },
  ]);
}

/** The raw (still encoded) value, exactly as the browser would store and send it back. */
function findCookie(setCookieHeaders: string[], name: string): string | null {
  for (const header of setCookieHeaders) {
    const [pair = ""] = header.split(";");
    const separator = pair.indexOf("=");
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1);
  }
  return null;
}

/** Signs an existing account in through the real API (e.g. a demo town account) and returns its session cookie. */
export async function signInViaApi(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in ${email} failed: ${response.status} ${await response.text()}`);
  const sessionCookie = findCookie(response.headers.getSetCookie(), SESSION_COOKIE);
  if (!sessionCookie) throw new Error(`sign-in ${email}: no ${SESSION_COOKIE} cookie in the answer`);
  recordSecret("session cookie", sessionCookie);
  return sessionCookie;
}
