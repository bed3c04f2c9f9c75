import { createHash, randomBytes } from "node:crypto";
import { ACCOUNT_MESSAGES, RECOVERY_CODE_COUNT } from "@plaza/contracts/accounts";
import { Secret, TOTP } from "otpauth";
import type { AppContext } from "../../app-context";
import type { UserRow } from "../../db/schema/users";
import { AppError, badRequest, conflict } from "../../lib/app-error";
import { inTransaction } from "../../lib/unit-of-work";
import { accountLocale } from "../instance/instance.service";
import { clearAccountAction, limitAccountAction } from "./account-limits";
import { twoFactorChangedMail } from "./account-mails";
import { checkCurrentPassword } from "./account-security.service";
import {
  activatePendingSecret,
  claimTotpStep,
  deleteTwoFactor,
  findTwoFactorSecret,
  replaceRecoveryCodes,
  savePendingSecret,
  setTwoFactorEnabled,
  useRecoveryCode,
} from "./two-factor.repository";

const PERIOD_SECONDS = 30;
/**
 * Code attempts per account (and per client address) in 15 minutes: a 6-digit code cannot be guessed. A code that
 * passes at sign-in clears the account's count.
 */
const CODE_LIMIT = { perAccount: 10, perAddress: 30, windowMs: 15 * 60 * 1000 };
const SETUP_LIMIT = { perAccount: 10, perAddress: 30, windowMs: 15 * 60 * 1000 };

const invalidCode = (status: 400 | 401 | 403) =>
  new AppError("INVALID_TWO_FACTOR_CODE", status, ACCOUNT_MESSAGES.invalidTwoFactorCode);

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: "Plaza",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The 30-second step whose code `code` is (this one or a neighbour, for clock drift), or null. */
function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totpFor(secret, "").validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** Recovery codes are compared without case, spaces or dashes; stored as SHA-256 salted with the account id. */
function hashRecoveryCode(userId: string, code: string): string {
  const normalized = code.toLowerCase().replace(/[^0-9a-z]/g, "");
  return createHash("sha256").update(`${userId}:${normalized}`).digest("hex");
}

function newRecoveryCode(): string {
  const hex = randomBytes(6).toString("hex");
  return `${hex.slice(0, 6)}-${hex.slice(6)}`;
}

/** POST /api/auth/2fa/setup: a new secret for the authenticator app, active once a code confirms it. */
export async function setupTwoFactor(
  context: AppContext,
  viewer: UserRow,
  clientAddress: string,
): Promise<{ secret: string; otpauthUrl: string }> {
  if (viewer.isTwoFactorEnabled) throw conflict(ACCOUNT_MESSAGES.twoFactorAlreadyEnabled, "TWO_FACTOR_ENABLED");
  await limitAccountAction(context, "two-factor-setup", { account: viewer.id, clientAddress }, SETUP_LIMIT);
  const secret = new Secret({ size: 20 }).base32;
  await savePendingSecret(context.db, viewer.id, secret, context.clock.now());
  return { secret, otpauthUrl: totpFor(secret, viewer.email).toString() };
}

/**
 * POST /api/auth/2fa/enable: the current password and the app's first code turn two-factor sign-in on (a stolen
 * session alone cannot); returns 10 one-time recovery codes and mails a notice.
 */
export async function enableTwoFactor(
  context: AppContext,
  viewer: UserRow,
  body: { code: string; currentPassword: string },
  clientAddress: string,
): Promise<{ recoveryCodes: string[] }> {
  const { code } = body;
  if (viewer.isTwoFactorEnabled) throw conflict(ACCOUNT_MESSAGES.twoFactorAlreadyEnabled, "TWO_FACTOR_ENABLED");
  await checkCurrentPassword(context, viewer, body.currentPassword, clientAddress);
  await limitAccountAction(context, "two-factor-code", { account: viewer.id, clientAddress }, CODE_LIMIT);
  const row = await findTwoFactorSecret(context.db, viewer.id);
  if (!row?.pendingSecret) throw badRequest(ACCOUNT_MESSAGES.twoFactorSetupMissing, "code");
  const pendingSecret = row.pendingSecret;
  const step = matchingStep(pendingSecret, code, context.clock.now());
  if (step === null) throw invalidCode(400);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await inTransaction(context, async (tx, effects) => {
    if (!(await activatePendingSecret(tx, viewer.id, pendingSecret, step))) throw invalidCode(400);
    await replaceRecoveryCodes(
      tx,
      viewer.id,
      codes.map((recovery) => hashRecoveryCode(viewer.id, recovery)),
    );
    await setTwoFactorEnabled(tx, viewer.id, true);
    await context.mail.enqueue(tx, twoFactorChangedMail(viewer, true, await accountLocale(context, viewer, tx)));
    effects.kickMail();
  });
  return { recoveryCodes: codes };
}

/** Checks an authenticator code (once per step) or a recovery code (once ever). */
async function useSecondFactor(
  context: AppContext,
  user: UserRow,
  codes: { totpCode?: string; recoveryCode?: string },
): Promise<boolean> {
  const now = context.clock.now();
  if (codes.totpCode) {
    const row = await findTwoFactorSecret(context.db, user.id);
    if (!row?.secret) return false;
    const step = matchingStep(row.secret, codes.totpCode, now);
    return step !== null && (await claimTotpStep(context.db, user.id, step));
  }
  if (codes.recoveryCode)
    return useRecoveryCode(context.db, user.id, hashRecoveryCode(user.id, codes.recoveryCode), now);
  return false;
}

/** POST /api/auth/2fa/disable: needs the password and a current code (or a recovery code). */
export async function disableTwoFactor(
  context: AppContext,
  viewer: UserRow,
  body: { currentPassword: string; code: string },
  clientAddress: string,
): Promise<void> {
  if (!viewer.isTwoFactorEnabled) throw badRequest(ACCOUNT_MESSAGES.twoFactorNotEnabled, "code");
  await checkCurrentPassword(context, viewer, body.currentPassword, clientAddress);
  await limitAccountAction(context, "two-factor-code", { account: viewer.id, clientAddress }, CODE_LIMIT);
  const isTotp = /^\d{6}$/.test(body.code.trim());
  const codes = isTotp ? { totpCode: body.code.trim() } : { recoveryCode: body.code };
  if (!(await useSecondFactor(context, viewer, codes))) throw invalidCode(403);
  await inTransaction(context, async (tx, effects) => {
    await deleteTwoFactor(tx, viewer.id);
    await setTwoFactorEnabled(tx, viewer.id, false);
    await context.mail.enqueue(tx, twoFactorChangedMail(viewer, false, await accountLocale(context, viewer, tx)));
    effects.kickMail();
  });
}

/**
 * The sign-in's second step, after the password matched: with two-factor sign-in on, a sign-in without a code is
 * 401 TWO_FACTOR_REQUIRED and a wrong, used or replayed code 401 "Invalid two-factor code" (attempts limited).
 */
export async function checkSecondFactor(
  context: AppContext,
  user: UserRow,
  codes: { totpCode?: string; recoveryCode?: string },
  clientAddress?: string,
): Promise<void> {
  if (!user.isTwoFactorEnabled) return;
  if (!codes.totpCode && !codes.recoveryCode) {
    throw new AppError("TWO_FACTOR_REQUIRED", 401, ACCOUNT_MESSAGES.twoFactorRequired);
  }
  await limitAccountAction(context, "two-factor-code", { account: user.id, clientAddress }, CODE_LIMIT);
  if (!(await useSecondFactor(context, user, codes))) throw invalidCode(401);
  await clearAccountAction(context, "two-factor-code", user.id);
}
