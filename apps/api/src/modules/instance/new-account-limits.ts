import { countLinks, NEW_ACCOUNT_LIMIT_MESSAGES, NEW_ACCOUNT_LIMITS } from "@plaza/contracts/instance";
import type { AppContext } from "../../app-context";
import { forbidden, tooManyRequests } from "../../lib/app-error";
import { newAccountHoursOf, readInstanceSettings } from "./instance.service";

const HOUR_MS = 60 * 60 * 1000;

/** Who acts: the account and when it was made. */
interface Account {
  id: string;
  createdAt: Date;
}

/** The hourly quotas of a new account, by what it does. */
const HOURLY = {
  posts: NEW_ACCOUNT_LIMITS.postsPerHour,
  comments: NEW_ACCOUNT_LIMITS.commentsPerHour,
  follows: NEW_ACCOUNT_LIMITS.followsPerHour,
} as const;

/**
 * When the account stops being new, or null when it is not new (older than the instance's new-account hours, or
 * the limits are off). Discourse's trust level 0, in CONTRACT.md "Running a town's Plaza".
 */
export async function newAccountEndOf(context: AppContext, account: Account): Promise<Date | null> {
  if (context.skipsNewAccountLimits) return null;
  const hours = newAccountHoursOf(context, await readInstanceSettings(context));
  if (hours <= 0) return null;
  const end = new Date(account.createdAt.getTime() + hours * HOUR_MS);
  return end > context.clock.now() ? end : null;
}

/**
 * Counts one post, comment or follow of a new account against its hourly quota (the rate limiter's rolling hour,
 * keyed `new-account:{kind}:{account}`, shared by every API process through Redis); past it, 429 with the sentence
 * saying why and when it may act again. Nothing for an account that is not new.
 */
export async function assertNewAccountQuota(
  context: AppContext,
  account: Account,
  kind: keyof typeof HOURLY,
): Promise<void> {
  if (!(await newAccountEndOf(context, account))) return;
  const attempt = await context.rateLimiter.hit(`new-account:${kind}:${account.id}`, HOURLY[kind], HOUR_MS);
  if (attempt.allowed) return;
  const until = new Date(context.clock.now().getTime() + attempt.retryAfterMs);
  throw tooManyRequests(NEW_ACCOUNT_LIMIT_MESSAGES[kind](until), attempt.retryAfterMs);
}

/** 403 when a new account's post holds more links than NEW_ACCOUNT_LIMITS.linksPerPost; the sentence says until when. */
export async function assertNewAccountLinks(
  context: AppContext,
  account: Account,
  texts: (string | null | undefined)[],
) {
  const links = texts.reduce((sum, text) => sum + countLinks(text ?? ""), 0);
  if (links <= NEW_ACCOUNT_LIMITS.linksPerPost) return;
  const end = await newAccountEndOf(context, account);
  if (end) throw forbidden(NEW_ACCOUNT_LIMIT_MESSAGES.links(end), "NEW_ACCOUNT_LINKS");
}

/**
 * 403 when a new account writes to someone who does not follow it (`isFollowedByRecipient` is asked only for a new
 * account); the sentence says until when.
 */
export async function assertNewAccountMayMessage(
  context: AppContext,
  account: Account,
  isFollowedByRecipient: () => Promise<boolean>,
): Promise<void> {
  const end = await newAccountEndOf(context, account);
  if (end && !(await isFollowedByRecipient())) {
    throw forbidden(NEW_ACCOUNT_LIMIT_MESSAGES.messages(end), "NEW_ACCOUNT_MESSAGES");
  }
}
