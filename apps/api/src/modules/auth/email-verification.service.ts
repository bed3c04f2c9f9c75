import { ACCOUNT_MESSAGES, EMAIL_VERIFICATION_LIFETIME_MS } from "@plaza/contracts/accounts";
import type { Locale } from "@plaza/contracts/i18n.texts";
import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { AppError, conflict } from "../../lib/app-error";
import { pageLink } from "../../lib/mail/links";
import { textIn } from "../../lib/texts";
import { inTransaction } from "../../lib/unit-of-work";
import { accountLocale } from "../instance/instance.service";
import { findUserById } from "../users/users.repository";
import { limitAccountAction } from "./account-limits";
import { verificationMail } from "./account-mails";
import { createAccountToken, useAccountToken } from "./account-tokens";
import { expireAccountTokens, markEmailVerified } from "./account-tokens.repository";

const RESEND_LIMIT = { perAccount: 3, perAddress: 20, windowMs: 60 * 60 * 1000 };
const VERIFY_LIMIT = { perAccount: 10, perAddress: 30, windowMs: 15 * 60 * 1000 };

type Recipient = Pick<UserRow, "id" | "email" | "username" | "firstName" | "lastName" | "preferences">;

export const invalidToken = () => new AppError("INVALID_TOKEN", 400, ACCOUNT_MESSAGES.invalidToken);

/**
 * Queues the verification mail (a new 24-hour link; earlier links of the account stop working) inside the
 * caller's transaction; the caller kicks the outbox after its commit.
 */
export async function queueVerificationMail(
  context: AppContext,
  db: Executor,
  user: Recipient,
  baseUrl: string,
): Promise<void> {
  const now = context.clock.now();
  await expireAccountTokens(db, user.id, "verify_email", now);
  const token = await createAccountToken(db, {
    userId: user.id,
    purpose: "verify_email",
    email: user.email,
    now,
    lifetimeMs: EMAIL_VERIFICATION_LIFETIME_MS,
  });
  const link = pageLink(baseUrl, "/verify-email", { token });
  await context.mail.enqueue(db, verificationMail(user, link, await accountLocale(context, user, db)));
}

/** POST /api/auth/verify-email/resend: a new link for a signed-in, unverified account. */
export async function resendVerificationMail(
  context: AppContext,
  viewer: UserRow,
  baseUrl: string,
  clientAddress: string,
  /** The request's language: the answer's sentence is in it. */
  locale: Locale,
): Promise<{ message: string }> {
  if (viewer.emailVerifiedAt) throw conflict(ACCOUNT_MESSAGES.emailAlreadyVerified, "EMAIL_ALREADY_VERIFIED");
  await limitAccountAction(context, "verify-email-resend", { account: viewer.id, clientAddress }, RESEND_LIMIT);
  await inTransaction(context, async (tx, effects) => {
    await queueVerificationMail(context, tx, viewer, baseUrl);
    effects.kickMail();
  });
  return { message: textIn(locale, ACCOUNT_MESSAGES.verificationSent) };
}

/**
 * POST /api/auth/verify-email: uses the link's token once. The address must still be the account's (a link sent
 * before an email change verifies nothing). A listed SUPERUSER_EMAILS address becomes a superuser here.
 */
export async function verifyEmail(context: AppContext, token: string, clientAddress: string): Promise<void> {
  await limitAccountAction(context, "verify-email", { clientAddress }, VERIFY_LIMIT);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const used = await useAccountToken(tx, token, "verify_email", now);
    if (!used) throw invalidToken();
    const user = await findUserById(tx, used.userId);
    if (!user || user.isDeleted || user.email !== used.newEmail) throw invalidToken();
    await markEmailVerified(tx, user.id, now, context.env.SUPERUSER_EMAILS);
  });
}
