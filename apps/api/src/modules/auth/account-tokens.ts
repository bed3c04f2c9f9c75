import { createHash, randomBytes } from "node:crypto";
import type { Executor } from "../../db/client";
import type { AccountTokenRow } from "../../db/schema/accounts";
import { consumeAccountToken, insertAccountToken } from "./account-tokens.repository";

/** Tokens are stored as their SHA-256: a 256-bit random token needs no slow hash. */
export function hashAccountToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Creates a random single-use token (256 bits) and stores only its hash; returns the token for the mail. */
export async function createAccountToken(
  db: Executor,
  values: { userId: string; purpose: AccountTokenRow["purpose"]; email: string; now: Date; lifetimeMs: number },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await insertAccountToken(db, {
    userId: values.userId,
    purpose: values.purpose,
    tokenHash: hashAccountToken(token),
    newEmail: values.email,
    createdAt: values.now,
    expiresAt: new Date(values.now.getTime() + values.lifetimeMs),
  });
  return token;
}

/** The token's row once used, or undefined (unknown, used, expired or another purpose). */
export function useAccountToken(
  db: Executor,
  token: string,
  purpose: AccountTokenRow["purpose"],
  now: Date,
): Promise<AccountTokenRow | undefined> {
  return consumeAccountToken(db, hashAccountToken(token), purpose, now);
}
