import { ACCOUNT_MESSAGES, EMAIL_CHANGE_LIFETIME_MS, type SessionView } from "@plaza/contracts/accounts";
import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import type { Locale } from "@plaza/contracts/i18n.texts";
import type { AppContext } from "../../app-context";
import type { UserRow } from "../../db/schema/users";
import { badRequest, conflict, forbidden, notFound } from "../../lib/app-error";
import { pageLink } from "../../lib/mail/links";
import { hash, verify } from "../../lib/password-hashing";
import { textIn } from "../../lib/texts";
import { inTransaction } from "../../lib/unit-of-work";
import { accountLocale } from "../instance/instance.service";
import { findUserById } from "../users/users.repository";
import { presentSession } from "./account.presenter";
import {
  deleteSessionByPublicId,
  deleteSessionsExcept,
  isEmailTaken,
  listSessionsOfUser,
  updatePasswordHash,
  updateVerifiedEmail,
} from "./account.repository";
import { limitAccountAction } from "./account-limits";
import { emailChangeConfirmationMail, emailChangeNoticeMail, passwordChangedMail } from "./account-mails";
import { createAccountToken, useAccountToken } from "./account-tokens";
import { expireAccountTokens } from "./account-tokens.repository";
import { assertEmailDomainAllowed } from "./email-domain-blocks.repository";
import { invalidToken } from "./email-verification.service";

const PASSWORD_CHECK_LIMIT = { perAccount: 10, perAddress: 30, windowMs: 15 * 60 * 1000 };
const EMAIL_CHANGE_LIMIT = { perAccount: 5, perAddress: 20, windowMs: 60 * 60 * 1000 };
const EMAIL_CONFIRM_LIMIT = { perAccount: 10, perAddress: 30, windowMs: 15 * 60 * 1000 };
const SESSION_LIMIT = { perAccount: 60, perAddress: 120, windowMs: 15 * 60 * 1000 };

/** 403 unless `currentPassword` is the account's password (attempts limited, so it cannot be guessed). */
export async function checkCurrentPassword(
  context: AppContext,
  viewer: UserRow,
  currentPassword: string,
  clientAddress: string,
): Promise<void> {
  await limitAccountAction(context, "current-password", { account: viewer.id, clientAddress }, PASSWORD_CHECK_LIMIT);
  if (!(await verify(viewer.passwordHash, currentPassword))) {
    throw forbidden(ACCOUNT_MESSAGES.currentPasswordIncorrect, "CURRENT_PASSWORD_INCORRECT");
  }
}

/** POST /api/auth/password: a new password (sign-up rules); every other session ends, a notice is mailed. */
export async function changePassword(
  context: AppContext,
  viewer: UserRow,
  sessionId: string | null,
  body: { currentPassword: string; newPassword: string },
  clientAddress: string,
): Promise<void> {
  await checkCurrentPassword(context, viewer, body.currentPassword, clientAddress);
  const passwordHash = await hash(body.newPassword);
  const now = context.clock.now();
  await inTransaction(context, async (tx, effects) => {
    await updatePasswordHash(tx, viewer.id, passwordHash, now);
    await deleteSessionsExcept(tx, viewer.id, sessionId);
    await expireAccountTokens(tx, viewer.id, "reset_password", now);
    await context.mail.enqueue(tx, passwordChangedMail(viewer, await accountLocale(context, viewer, tx)));
    effects.kickMail();
  });
}

/**
 * POST /api/auth/email: mails a 24-hour confirmation link to the new address and a notice to the current one.
 * Nothing changes until the link is used. 409 when another account has the address.
 */
export async function requestEmailChange(
  context: AppContext,
  viewer: UserRow,
  body: { newEmail: string; currentPassword: string },
  baseUrl: string,
  clientAddress: string,
  /** The request's language: the answer's sentence is in it. */
  locale: Locale,
): Promise<{ message: string }> {
  if (body.newEmail === viewer.email) throw badRequest(ACCOUNT_MESSAGES.sameEmail, "newEmail");
  await assertEmailDomainAllowed(context.db, body.newEmail, "newEmail");
  await checkCurrentPassword(context, viewer, body.currentPassword, clientAddress);
  await limitAccountAction(context, "email-change", { account: viewer.id, clientAddress }, EMAIL_CHANGE_LIMIT);
  if (await isEmailTaken(context.db, body.newEmail)) throw conflict(ERROR_MESSAGES.emailTaken, "EMAIL_TAKEN");
  const now = context.clock.now();
  await inTransaction(context, async (tx, effects) => {
    await expireAccountTokens(tx, viewer.id, "change_email", now);
    const token = await createAccountToken(tx, {
      userId: viewer.id,
      purpose: "change_email",
      email: body.newEmail,
      now,
      lifetimeMs: EMAIL_CHANGE_LIFETIME_MS,
    });
    const link = pageLink(baseUrl, "/confirm-email", { token });
    const locale = await accountLocale(context, viewer, tx);
    await context.mail.enqueue(tx, emailChangeConfirmationMail(viewer, body.newEmail, link, locale));
    await context.mail.enqueue(tx, emailChangeNoticeMail(viewer, body.newEmail, locale));
    effects.kickMail();
  });
  return { message: textIn(locale, ACCOUNT_MESSAGES.emailChangeSent) };
}

/**
 * POST /api/auth/email/confirm: switches the address to the one the link was sent to (now verified; superuser
 * rights follow SUPERUSER_EMAILS for the new address). 409 when someone took it meanwhile.
 */
export async function confirmEmailChange(context: AppContext, token: string, clientAddress: string): Promise<void> {
  await limitAccountAction(context, "email-change-confirm", { clientAddress }, EMAIL_CONFIRM_LIMIT);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const used = await useAccountToken(tx, token, "change_email", now);
    if (!used?.newEmail) throw invalidToken();
    const user = await findUserById(tx, used.userId);
    if (!user || user.isDeleted) throw invalidToken();
    if (await isEmailTaken(tx, used.newEmail)) throw conflict(ERROR_MESSAGES.emailTaken, "EMAIL_TAKEN");
    // Blocked between the request and the click: the link no longer moves the account there.
    await assertEmailDomainAllowed(tx, used.newEmail, "token");
    const isSuperuser = context.env.SUPERUSER_EMAILS.includes(used.newEmail);
    await updateVerifiedEmail(tx, user.id, used.newEmail, isSuperuser, now);
    // Links mailed to the old address stop working.
    await expireAccountTokens(tx, user.id, "verify_email", now);
    await expireAccountTokens(tx, user.id, "reset_password", now);
  });
}

/** GET /api/auth/sessions: the account's live sessions, most recently used first, the current one marked. */
export async function listSessions(
  context: AppContext,
  viewer: UserRow,
  sessionId: string | null,
): Promise<SessionView[]> {
  const rows = await listSessionsOfUser(context.db, viewer.id, context.clock.now());
  return rows.map((row) => presentSession({ ...row, isCurrent: row.id === sessionId }));
}

/** DELETE /api/auth/sessions/{id}: ends one of the viewer's own sessions; 404 for anyone else's or an unknown id. */
export async function endSession(
  context: AppContext,
  viewer: UserRow,
  publicId: string,
  clientAddress: string,
): Promise<void> {
  await limitAccountAction(context, "end-session", { account: viewer.id, clientAddress }, SESSION_LIMIT);
  if (!(await deleteSessionByPublicId(context.db, viewer.id, publicId))) {
    throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
  }
}

/** POST /api/auth/sessions/revoke-others: every session but this one ends. */
export async function endOtherSessions(
  context: AppContext,
  viewer: UserRow,
  sessionId: string | null,
  clientAddress: string,
): Promise<void> {
  await limitAccountAction(context, "end-session", { account: viewer.id, clientAddress }, SESSION_LIMIT);
  await deleteSessionsExcept(context.db, viewer.id, sessionId);
}
