import { ACCOUNT_MESSAGES, PASSWORD_RESET_LIFETIME_MS } from "@plaza/contracts/accounts";
import type { Locale } from "@plaza/contracts/i18n.texts";
import type { AppContext } from "../../app-context";
import { pageLink } from "../../lib/mail/links";
import { hash } from "../../lib/password-hashing";
import { textIn } from "../../lib/texts";
import { inTransaction } from "../../lib/unit-of-work";
import { accountLocale } from "../instance/instance.service";
import { findUserById } from "../users/users.repository";
import { deleteSessionsExcept, updatePasswordHash } from "./account.repository";
import { limitAccountAction } from "./account-limits";
import { passwordResetMail } from "./account-mails";
import { createAccountToken, useAccountToken } from "./account-tokens";
import { expireAccountTokens, markEmailVerified } from "./account-tokens.repository";
import { findUserByEmail } from "./auth.repository";
import { invalidToken } from "./email-verification.service";

const REQUEST_LIMIT = { perAccount: 5, perAddress: 20, windowMs: 60 * 60 * 1000 };
const CONFIRM_LIMIT = { perAccount: 10, perAddress: 30, windowMs: 15 * 60 * 1000 };

/**
 * POST /api/auth/password-reset. The answer never depends on the address: the limits count the address asked
 * for whether or not it has an account, and the lookup, the token and the mail happen after the answer has left
 * (no timing tell).
 */
export async function requestPasswordReset(
  context: AppContext,
  email: string,
  baseUrl: string,
  clientAddress: string,
  /** The request's language: the answer's sentence is in it. */
  locale: Locale,
): Promise<{ message: string }> {
  await limitAccountAction(context, "password-reset", { account: email, clientAddress }, REQUEST_LIMIT);
  context.background.run("password-reset", async () => {
    const user = await findUserByEmail(context.db, email);
    if (!user || user.isDeleted) return;
    const now = context.clock.now();
    await inTransaction(context, async (tx, effects) => {
      await expireAccountTokens(tx, user.id, "reset_password", now);
      const token = await createAccountToken(tx, {
        userId: user.id,
        purpose: "reset_password",
        email: user.email,
        now,
        lifetimeMs: PASSWORD_RESET_LIFETIME_MS,
      });
      const link = pageLink(baseUrl, "/reset-password", { token });
      await context.mail.enqueue(tx, passwordResetMail(user, link, await accountLocale(context, user, tx)));
      effects.kickMail();
    });
  });
  return { message: textIn(locale, ACCOUNT_MESSAGES.passwordResetSent) };
}

/**
 * POST /api/auth/password-reset/confirm: uses the 1-hour link once, sets the password and ends every session of
 * the account (whoever knew the old password is signed out). Following the link also proves the address.
 */
export async function confirmPasswordReset(
  context: AppContext,
  token: string,
  password: string,
  clientAddress: string,
): Promise<void> {
  await limitAccountAction(context, "password-reset-confirm", { clientAddress }, CONFIRM_LIMIT);
  const passwordHash = await hash(password);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const used = await useAccountToken(tx, token, "reset_password", now);
    if (!used) throw invalidToken();
    const user = await findUserById(tx, used.userId);
    if (!user || user.isDeleted || user.email !== used.newEmail) throw invalidToken();
    await updatePasswordHash(tx, user.id, passwordHash, now);
    await deleteSessionsExcept(tx, user.id, null);
    await expireAccountTokens(tx, user.id, "reset_password", now);
    await markEmailVerified(tx, user.id, now, context.env.SUPERUSER_EMAILS);
  });
}
