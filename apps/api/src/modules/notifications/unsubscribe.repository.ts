import { eq, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { emailUnsubscribeTokens } from "../../db/schema/mail";
import { users } from "../../db/schema/users";

/** Stores a new unsubscribe token of the user, by its hash. */
export async function insertUnsubscribeToken(db: Executor, tokenHash: string, userId: string, now: Date) {
  await db.insert(emailUnsubscribeTokens).values({ tokenHash, userId, createdAt: now });
}

/** The user (id and address) an unsubscribe token, by its hash, belongs to; undefined for an unknown token. */
export async function findUnsubscribeTokenOwner(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ userId: users.id, email: users.email })
    .from(emailUnsubscribeTokens)
    .innerJoin(users, eq(users.id, emailUnsubscribeTokens.userId))
    .where(eq(emailUnsubscribeTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Sets the user's `emailNotifications` preference to false, leaving the others as they are. */
export async function turnOffEmailNotifications(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      preferences: sql`${users.preferences} || '{"emailNotifications":false}'::jsonb`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Deletes the unsubscribe tokens made before `cutoff`; returns how many (by `email_unsubscribe_tokens_created_idx`). */
export async function deleteUnsubscribeTokensBefore(db: Executor, cutoff: Date): Promise<number> {
  const removed = await db
    .delete(emailUnsubscribeTokens)
    .where(lt(emailUnsubscribeTokens.createdAt, cutoff))
    .returning({ tokenHash: emailUnsubscribeTokens.tokenHash });
  return removed.length;
}
