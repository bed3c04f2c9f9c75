import { createHash, randomBytes } from "node:crypto";
import type { LoginBody, RegisterBody } from "@plaza/contracts/auth";
import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import { DEFAULT_PREFERENCES } from "@plaza/contracts/users";
import type { AppContext } from "../../app-context";
import type { UserRow } from "../../db/schema/users";
import { AppError, conflict, tooManyRequests } from "../../lib/app-error";
import { hash, verify } from "../../lib/password-hashing";
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
import { queueVerificationMail } from "./email-verification.service";
import { checkSecondFactor } from "./two-factor.service";

export type SessionUser = UserRow;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Touch a session's last-seen time at most this often, so reads do not write on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** Sign-in attempts allowed per email in the window before 429 (a successful one clears the window). */
const LOGIN_ATTEMPTS = { limit: 10, windowMs: 15 * 60 * 1000 } as const;

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
 * Creates an account, queues its verification mail (links start with `baseUrl`) and starts its first session.
 * 409 when the email or username is taken. A SUPERUSER_EMAILS address gets its rights once verified.
 */
export async function registerUser(
  context: AppContext,
  body: RegisterBody,
  userAgent: string | undefined,
  baseUrl: string,
): Promise<{ user: UserRow; session: NewSession }> {
  if (await findUserByEmail(context.db, body.email)) throw conflict(ERROR_MESSAGES.emailTaken, "EMAIL_TAKEN");
  if (await findUserByUsername(context.db, body.username)) {
    throw conflict(ERROR_MESSAGES.usernameTaken, "USERNAME_TAKEN");
  }
  const passwordHash = await hash(body.password);
  const user = await context.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      email: body.email,
      passwordHash,
      username: body.username,
      firstName: body.firstName,
      lastName: body.lastName,
      profileType: body.profileType,
      preferences: DEFAULT_PREFERENCES,
    });
    await queueVerificationMail(context, tx, created, baseUrl);
    return created;
  });
  context.mail.kick();
  return { user, session: await startSession(context, user.id, userAgent) };
}

/** The rate limiter's key counting sign-in attempts for one (normalised) email. */
export const signInAttemptsKey = (email: string) => `login-failures:${email}`;

/**
 * Checks the password and starts a new session (a fresh token at every sign-in; the caller ends the old one).
 * Every attempt counts against the email's window before anything else is read, so a locked email answers 429
 * without a password check, the right password included, and in the same time whether or not the account exists.
 * Counting before checking also holds against parallel guesses. A successful sign-in clears the window.
 */
export async function signIn(
  context: AppContext,
  body: LoginBody,
  userAgent: string | undefined,
): Promise<{ user: UserRow; session: NewSession }> {
  const attemptsKey = signInAttemptsKey(body.email);
  const attempt = await context.rateLimiter.hit(attemptsKey, LOGIN_ATTEMPTS.limit, LOGIN_ATTEMPTS.windowMs);
  if (!attempt.allowed) throw tooManyRequests(ERROR_MESSAGES.tooManyRequests, attempt.retryAfterMs);
  const user = await findUserByEmail(context.db, body.email);
  const isValid = await verify(user?.passwordHash ?? (await getDecoyHash()), body.password);
  if (!user || !isValid) throw new AppError("INVALID_CREDENTIALS", 401, ERROR_MESSAGES.invalidCredentials);
  // The count clears only once every factor passed: a known password alone must not reset the code guesses' lock.
  await checkSecondFactor(context, user, body);
  await context.rateLimiter.reset(attemptsKey);
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
