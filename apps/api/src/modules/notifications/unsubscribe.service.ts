import { eq, lt, sql } from "drizzle-orm";
import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import { emailUnsubscribeTokens } from "../../db/schema/mail";
import { users } from "../../db/schema/users";
import { hashUnsubscribeToken } from "./notification-mails";

/** Whose email notifications the token turns off (their address, for the confirmation page), or undefined. */
export async function findUnsubscribeTarget(context: AppContext, token: string) {
  const [row] = await context.db
    .select({ userId: users.id, email: users.email })
    .from(emailUnsubscribeTokens)
    .innerJoin(users, eq(users.id, emailUnsubscribeTokens.userId))
    .where(eq(emailUnsubscribeTokens.tokenHash, hashUnsubscribeToken(token)))
    .limit(1);
  return row;
}

/** Turns the token's user's email notifications off (idempotent); false for an unknown token. */
export async function unsubscribeByToken(context: AppContext, token: string): Promise<boolean> {
  const target = await findUnsubscribeTarget(context, token);
  if (!target) return false;
  await context.db
    .update(users)
    .set({
      preferences: sql`${users.preferences} || '{"emailNotifications":false}'::jsonb`,
      updatedAt: context.clock.now(),
    })
    .where(eq(users.id, target.userId));
  return true;
}

/**
 * How long a mail's one-click unsubscribe link works: a year, so an old mail still in someone's inbox unsubscribes
 * them; after that the link is refused and the settings page's switch remains. Every notification mail makes one.
 */
export const UNSUBSCRIBE_TOKEN_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;

/** Forgets unsubscribe tokens older than UNSUBSCRIBE_TOKEN_RETENTION_MS (by `email_unsubscribe_tokens_created_idx`). */
export async function pruneUnsubscribeTokens(db: Executor, now: Date): Promise<number> {
  const removed = await db
    .delete(emailUnsubscribeTokens)
    .where(lt(emailUnsubscribeTokens.createdAt, new Date(now.getTime() - UNSUBSCRIBE_TOKEN_RETENTION_MS)))
    .returning({ tokenHash: emailUnsubscribeTokens.tokenHash });
  return removed.length;
}
