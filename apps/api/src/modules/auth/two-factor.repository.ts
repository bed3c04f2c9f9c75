import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { recoveryCodes, twoFactorSecrets } from "../../db/schema/accounts";
import { users } from "../../db/schema/users";

export async function findTwoFactorSecret(db: Executor, userId: string) {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).limit(1);
  return row;
}

/** Stores the secret offered by a setup (the enabled secret, if any, stays until the new one is confirmed). */
export async function savePendingSecret(db: Executor, userId: string, pendingSecret: string, now: Date): Promise<void> {
  await db
    .insert(twoFactorSecrets)
    .values({ userId, pendingSecret, createdAt: now })
    .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: { pendingSecret } });
}

/** Turns the pending secret into the active one; false when no (or another) setup is pending. */
export async function activatePendingSecret(
  db: Executor,
  userId: string,
  pendingSecret: string,
  usedStep: number,
): Promise<boolean> {
  const updated = await db
    .update(twoFactorSecrets)
    .set({ secret: pendingSecret, pendingSecret: null, lastUsedStep: usedStep })
    .where(and(eq(twoFactorSecrets.userId, userId), eq(twoFactorSecrets.pendingSecret, pendingSecret)))
    .returning({ userId: twoFactorSecrets.userId });
  return updated.length > 0;
}

/**
 * Records that the code of `step` was used; false when that step (or a later one) was used already, so a code
 * cannot be replayed within its window. One conditional UPDATE: two concurrent uses cannot both win.
 */
export async function claimTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const updated = await db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        isNotNull(twoFactorSecrets.secret),
        or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return updated.length > 0;
}

export async function replaceRecoveryCodes(db: Executor, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once; false when unknown or used. */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return updated.length > 0;
}

export async function setTwoFactorEnabled(db: Executor, userId: string, isEnabled: boolean): Promise<void> {
  await db.update(users).set({ isTwoFactorEnabled: isEnabled }).where(eq(users.id, userId));
}

export async function deleteTwoFactor(db: Executor, userId: string): Promise<void> {
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
