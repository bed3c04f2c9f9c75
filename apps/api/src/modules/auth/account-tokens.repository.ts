import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type AccountTokenRow, accountTokens } from "../../db/schema/accounts";
import { users } from "../../db/schema/users";

type Purpose = AccountTokenRow["purpose"];

export async function insertAccountToken(db: Executor, values: typeof accountTokens.$inferInsert): Promise<void> {
  await db.insert(accountTokens).values(values);
}

/**
 * Uses a token once: marks it used and returns it, or undefined when it is unknown, of another purpose, used or
 * expired. One conditional UPDATE, so two concurrent uses cannot both succeed.
 */
export async function consumeAccountToken(
  db: Executor,
  tokenHash: string,
  purpose: Purpose,
  now: Date,
): Promise<AccountTokenRow | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Ends every open token of one purpose for a user (a newer link, a changed password). */
export async function expireAccountTokens(db: Executor, userId: string, purpose: Purpose, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/**
 * Records that the owner proved their address, and grants superuser rights when it is listed in SUPERUSER_EMAILS
 * (only a verified address may hold them).
 */
export async function markEmailVerified(db: Executor, userId: string, now: Date, superuserEmails: string[]) {
  const isListed =
    superuserEmails.length === 0
      ? sql`false`
      : sql`${users.email} in (${sql.join(
          superuserEmails.map((address) => sql`${address}`),
          sql`, `,
        )})`;
  await db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      isSuperuser: sql`${users.isSuperuser} or ${isListed}`,
      // A listed address runs the instance: it never waits for an approval only it could give.
      registrationStatus: sql`case when ${isListed} then 'active' else ${users.registrationStatus} end`,
    })
    .where(eq(users.id, userId));
}
