import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { LoginBody, RegisterBody } from "@plaza/contracts/auth";
import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import { INSTANCE_MESSAGES } from "@plaza/contracts/instance";
import { DEFAULT_PREFERENCES } from "@plaza/contracts/users";
import type { AppContext } from "../../app-context";
import type { UserRow } from "../../db/schema/users";
import { AppError, badRequest, conflict, forbidden, tooManyRequests } from "../../lib/app-error";
import { hash, verify } from "../../lib/password-hashing";
import { inTransaction } from "../../lib/unit-of-work";
import { findActiveAgreement, insertAcceptance } from "../agreements/agreements.repository";
import { readInstanceSettings } from "../instance/instance.service";
import { useInvite } from "../instance/invites.service";
import type { SessionUser } from "../users/viewer";
import {
  deleteSession,
  findSessionWithUser,
  findUserByEmail,
  findUserByUsername,
  insertSession,
  insertUser,
  liftSuspension,
  touchSession,
} from "./auth.repository";
import { assertEmailDomainAllowed } from "./email-domain-blocks.repository";
import { queueVerificationMail } from "./email-verification.service";
import { checkSecondFactor } from "./two-factor.service";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Touch a session's last-seen time at most this often, so reads do not write on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/**
 * Sign-in attempts (docs/PRODUCT.md "Sign-in failures"): 10 per (email, client address) in the window, then 429 for
 * that pair only (a successful sign-in clears it); past 30 per email from every address together, each answer waits
 * 2 s instead of being refused, so guessing from many addresses is slow and the owner is never locked out.
 */
const LOGIN_ATTEMPTS = { limit: 10, windowMs: 15 * 60 * 1000 } as const;
export const LOGIN_SLOWDOWN = { after: 30, delayMs: 2000, windowMs: 15 * 60 * 1000 } as const;

/** A hash of a random password, verified when the email is unknown so both paths take the same time. */
let decoyHash: Promise<string> | null = null;
const getDecoyHash = () => {
  decoyHash ??= hash(randomBytes(16).toString("hex"));
  return decoyHash;
};

/** Session ids are the SHA-256 of the cookie token; only the hash is stored. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

async function startSession(context: AppContext, userId: string, userAgent: string | undefined): Promise<NewSession> {
  const token = randomBytes(32).toString("base64url");
  const now = context.clock.now();
  const expiresAt = new Date(now.getTime() + context.env.SESSION_IDLE_DAYS * DAY_MS);
  await insertSession(context.db, {
    id: hashSessionToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

/**
 * Creates an account, queues its verification mail (links start with `baseUrl`) and starts its first session, as
 * the instance's sign-up mode allows (CONTRACT.md "Running a town's Plaza"): closed → 403; rules not accepted while
 * there are rules → 400; invite → a valid `inviteCode`, its use counted atomically with the account (400 without);
 * approval → the account starts `pending`. 409 when the email or username is taken. A SUPERUSER_EMAILS address
 * signs up whatever the mode, and gets its rights once verified.
 */
export async function registerUser(
  context: AppContext,
  body: RegisterBody,
  userAgent: string | undefined,
  baseUrl: string,
): Promise<{ user: UserRow; session: NewSession }> {
  await assertEmailDomainAllowed(context.db, body.email, "email");
  const settings = await readInstanceSettings(context);
  // An address of SUPERUSER_EMAILS may always sign up (its rights still wait for its verification).
  const isOperator = context.env.SUPERUSER_EMAILS.includes(body.email);
  const mode = isOperator ? "open" : settings.registrationMode;
  if (mode === "closed") throw forbidden(INSTANCE_MESSAGES.signUpClosed, "SIGN_UP_CLOSED");
  if (settings.rules.length > 0 && body.acceptedRules !== true) {
    throw badRequest(INSTANCE_MESSAGES.rulesNotAccepted, "acceptedRules");
  }
  if (mode === "invite" && !body.inviteCode) throw badRequest(INSTANCE_MESSAGES.inviteRequired, "inviteCode");
  if (await findUserByEmail(context.db, body.email)) throw conflict(ERROR_MESSAGES.emailTaken, "EMAIL_TAKEN");
  if (await findUserByUsername(context.db, body.username)) {
    throw conflict(ERROR_MESSAGES.usernameTaken, "USERNAME_TAKEN");
  }
  const passwordHash = await hash(body.password);
  const user = await inTransaction(context, async (tx, effects) => {
    // Counted with the account, so a sign-up refused later (a taken name) gives the use back.
    if (mode === "invite") await useInvite(context, tx, body.inviteCode);
    const created = await insertUser(tx, {
      email: body.email,
      passwordHash,
      username: body.username,
      firstName: body.firstName,
      lastName: body.lastName,
      profileType: body.profileType,
      preferences: DEFAULT_PREFERENCES,
      registrationStatus: mode === "approval" ? "pending" : "active",
      // The injected clock's time, as every other row's: the new-account limits count from it.
      createdAt: context.clock.now(),
      updatedAt: context.clock.now(),
    });
    if (body.acceptsAgreement) {
      // The box ticked on the form: the active agreement, accepted with the account (none active: nothing to do).
      const agreement = await findActiveAgreement(tx, "user-agreement");
      if (agreement) await insertAcceptance(tx, created.id, agreement.id, context.clock.now());
    }
    await queueVerificationMail(context, tx, created, baseUrl);
    effects.kickMail();
    return created;
  });
  return { user, session: await startSession(context, user.id, userAgent) };
}

/**
 * The rate limiter's keys counting sign-in attempts for one (normalised) email: per client address and for every
 * address together. They include a digest of the account's password hash, so a new password (a completed reset or
 * a change) starts from clear counts.
 */
function signInAttemptKeys(email: string, user: UserRow | null, clientAddress: string) {
  const generation = user ? createHash("sha256").update(user.passwordHash).digest("hex").slice(0, 16) : "none";
  const base = `login-failures:${email}:${generation}`;
  return { perAddress: `${base}:address:${clientAddress}`, perEmail: `${base}:all` };
}

/** Clears the sign-in counts of an email from one client address (tests sign in again between cases). */
export async function clearSignInAttempts(context: AppContext, email: string, clientAddress: string): Promise<void> {
  const keys = signInAttemptKeys(email, (await findUserByEmail(context.db, email)) ?? null, clientAddress);
  await Promise.all([context.rateLimiter.reset(keys.perAddress), context.rateLimiter.reset(keys.perEmail)]);
}

/**
 * Checks the password and starts a new session (a fresh token at every sign-in; the caller ends the old one).
 * Every attempt counts against the (email, address) window before the password is checked, so a locked pair answers
 * 429 without a password check, the right password included, and in the same time whether or not the account
 * exists. Counting before checking also holds against parallel guesses. A successful sign-in clears the pair's
 * window; the email's slow-down window stays (the guessing elsewhere goes on).
 */
export async function signIn(
  context: AppContext,
  body: LoginBody,
  userAgent: string | undefined,
  clientAddress: string,
): Promise<{ user: UserRow; session: NewSession }> {
  const user = await findUserByEmail(context.db, body.email);
  const keys = signInAttemptKeys(body.email, user ?? null, clientAddress);
  const attempt = await context.rateLimiter.hit(keys.perAddress, LOGIN_ATTEMPTS.limit, LOGIN_ATTEMPTS.windowMs);
  if (!attempt.allowed) throw tooManyRequests(ERROR_MESSAGES.tooManyRequests, attempt.retryAfterMs);
  const everywhere = await context.rateLimiter.hit(keys.perEmail, LOGIN_SLOWDOWN.after, LOGIN_SLOWDOWN.windowMs);
  if (!everywhere.allowed) await sleep(LOGIN_SLOWDOWN.delayMs);
  const isValid = await verify(user?.passwordHash ?? (await getDecoyHash()), body.password);
  if (!user || !isValid) throw new AppError("INVALID_CREDENTIALS", 401, ERROR_MESSAGES.invalidCredentials);
  // The count clears only once every factor passed: a known password alone must not reset the code guesses' lock.
  await checkSecondFactor(context, user, body, clientAddress);
  if (user.registrationStatus === "rejected") throw forbidden(INSTANCE_MESSAGES.accountRejected, "ACCOUNT_REJECTED");
  await context.rateLimiter.reset(keys.perAddress);
  return { user, session: await startSession(context, user.id, userAgent) };
}

export async function signOut(context: AppContext, sessionId: string): Promise<void> {
  await deleteSession(context.db, sessionId);
}

/**
 * The user behind a cookie token, or null. Slides the idle expiry (at most every few minutes), respects the
 * absolute lifetime, and lifts a suspension whose end date has passed.
 */
export async function resolveSession(context: AppContext, token: string): Promise<SessionUser | null> {
  const sessionId = hashSessionToken(token);
  const now = context.clock.now();
  const found = await findSessionWithUser(context.db, sessionId, now);
  if (!found) return null;
  const { session, user } = found;
  const absoluteEnd = session.createdAt.getTime() + context.env.SESSION_MAX_DAYS * DAY_MS;
  if (now.getTime() >= absoluteEnd) {
    await deleteSession(context.db, sessionId);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const idleEnd = now.getTime() + context.env.SESSION_IDLE_DAYS * DAY_MS;
    await touchSession(context.db, sessionId, now, new Date(Math.min(idleEnd, absoluteEnd)));
  }
  if (user.isSuspended && user.suspendedUntil && user.suspendedUntil <= now) {
    await liftSuspension(context.db, user.id);
    return { ...user, isSuspended: false, suspendedUntil: null, suspensionReason: null };
  }
  return user;
}
