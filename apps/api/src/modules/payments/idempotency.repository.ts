import { PAYMENT_MESSAGES } from "@plaza/contracts/payments";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { idempotencyKeys } from "../../db/schema/payments";
import { conflict } from "../../lib/app-error";
import type { IdempotentRequest, MoneyResponse } from "../../lib/idempotency-key";

type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Claims the key inside the caller's transaction. Returns null when this request is the first with the key; the
 * stored answer when it is a repeat of the same request; 409 when the key was used for another request.
 * A concurrent first request holding the key makes this insert wait until it commits (then replays) or rolls
 * back (then this one proceeds), so concurrent duplicates move money once.
 */
export async function claimIdempotencyKey(
  tx: Executor,
  request: IdempotentRequest,
  now: Date,
): Promise<MoneyResponse<unknown> | null> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({
      userId: request.userId,
      key: request.key,
      route: request.route,
      requestHash: request.requestHash,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return null;
  const existing = await findIdempotencyKey(tx, request.userId, request.key);
  if (
    !existing ||
    existing.route !== request.route ||
    existing.requestHash !== request.requestHash ||
    existing.responseStatus === null
  ) {
    throw conflict(PAYMENT_MESSAGES.idempotencyKeyReused, "IDEMPOTENCY_KEY_REUSED");
  }
  return { status: existing.responseStatus, body: existing.responseBody, isReplay: true };
}

/** The user's key as stored: its route, request hash and answer (null while its first request runs). */
export async function findIdempotencyKey(
  db: Executor,
  userId: string,
  key: string,
): Promise<IdempotencyKeyRow | undefined> {
  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return existing;
}

/** Stores the answer with the key, in the same transaction as the money it describes. */
export async function saveIdempotentResponse(
  tx: Executor,
  request: IdempotentRequest,
  response: { status: number; body: unknown },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: response.status, responseBody: sql`${JSON.stringify(response.body)}::jsonb` })
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
}

/** How long a key is remembered (Stripe keeps keys at least 24 hours); a later reuse is a new request. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Forgets keys older than the retention period; returns how many were removed. */
export async function pruneIdempotencyKeys(db: Executor, now: Date): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
