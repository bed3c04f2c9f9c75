import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import type { AppContext } from "../../app-context";
import { tooManyRequests } from "../../lib/app-error";

export interface ActionLimit {
  /** Attempts per account (or per target address) in the window. */
  perAccount: number;
  /** Attempts per client address in the window (skipped with IP_RATE_LIMITS=off). */
  perAddress: number;
  windowMs: number;
}

/**
 * Counts one attempt of `action` for the account (or the address it targets) and for the client's address; 429
 * when either is over its limit. Every account action goes through it (docs/PRODUCT.md: rate-limited per account and
 * per address).
 */
export async function limitAccountAction(
  context: AppContext,
  action: string,
  who: { account?: string; clientAddress?: string },
  limit: ActionLimit,
): Promise<void> {
  const checks: Promise<{ allowed: boolean; retryAfterMs: number }>[] = [];
  if (who.account)
    checks.push(context.rateLimiter.hit(`${action}:account:${who.account}`, limit.perAccount, limit.windowMs));
  if (context.env.IP_RATE_LIMITS && who.clientAddress) {
    checks.push(context.rateLimiter.hit(`${action}:address:${who.clientAddress}`, limit.perAddress, limit.windowMs));
  }
  const results = await Promise.all(checks);
  const refused = results.find((result) => !result.allowed);
  if (refused) throw tooManyRequests(ERROR_MESSAGES.tooManyRequests, refused.retryAfterMs);
}

/**
 * Clears the account's count of `action` (the client addresses' counts stay): a check that passed proves the
 * attempts were the owner's, so the right code is never refused for earlier ones.
 */
export async function clearAccountAction(context: AppContext, action: string, account: string): Promise<void> {
  await context.rateLimiter.reset(`${action}:account:${account}`);
}
