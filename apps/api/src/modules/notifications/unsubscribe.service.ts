import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import { hashUnsubscribeToken } from "./notification-mails";
import {
  deleteUnsubscribeTokensBefore,
  findUnsubscribeTokenOwner,
  turnOffEmailNotifications,
} from "./unsubscribe.repository";

/** Whose email notifications the token turns off (their address, for the confirmation page), or undefined. */
export async function findUnsubscribeTarget(context: AppContext, token: string) {
  return findUnsubscribeTokenOwner(context.db, hashUnsubscribeToken(token));
}

/** Turns the token's user's email notifications off (idempotent); false for an unknown token. */
export async function unsubscribeByToken(context: AppContext, token: string): Promise<boolean> {
  const target = await findUnsubscribeTarget(context, token);
  if (!target) return false;
  await turnOffEmailNotifications(context.db, target.userId, context.clock.now());
  return true;
}

/**
 * How long a mail's one-click unsubscribe link works: a year, so an old mail still in someone's inbox unsubscribes
 * them; after that the link is refused and the settings page's switch remains. Every notification mail makes one.
 */
export const UNSUBSCRIBE_TOKEN_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;

/** Forgets unsubscribe tokens older than UNSUBSCRIBE_TOKEN_RETENTION_MS (by `email_unsubscribe_tokens_created_idx`). */
export async function pruneUnsubscribeTokens(db: Executor, now: Date): Promise<number> {
  return deleteUnsubscribeTokensBefore(db, new Date(now.getTime() - UNSUBSCRIBE_TOKEN_RETENTION_MS));
}
