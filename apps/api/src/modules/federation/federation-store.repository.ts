import { and, asc, eq, gt, inArray, isNull, like, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { federationKv, federationMessages } from "../../db/schema/federation";

/** Whether a row's time to live has not passed at `now`. */
const isLive = (now: Date) => or(isNull(federationKv.expiresAt), gt(federationKv.expiresAt, now));

export async function findKvValue(db: Executor, key: string, now: Date): Promise<unknown> {
  const [row] = await db
    .select({ value: federationKv.value })
    .from(federationKv)
    .where(and(eq(federationKv.key, key), isLive(now)));
  return row?.value;
}

export async function upsertKvValue(db: Executor, key: string, value: unknown, expiresAt: Date | null) {
  await db
    .insert(federationKv)
    .values({ key, value, expiresAt })
    .onConflictDoUpdate({ target: federationKv.key, set: { value, expiresAt } });
}

export async function deleteKvValue(db: Executor, key: string) {
  await db.delete(federationKv).where(eq(federationKv.key, key));
}

/**
 * Replaces the value only while it is `expected` (undefined: absent or expired), in one statement; answers whether
 * it did. The row is locked for the comparison, so two swaps of one key cannot both win.
 */
export async function swapKvValue(
  db: Executor,
  key: string,
  expected: unknown,
  value: unknown,
  expiresAt: Date | null,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ value: federationKv.value, expiresAt: federationKv.expiresAt })
      .from(federationKv)
      .where(eq(federationKv.key, key))
      .for("update");
    const current = row && (row.expiresAt === null || row.expiresAt > now) ? row.value : undefined;
    if (JSON.stringify(current) !== JSON.stringify(expected)) return false;
    await upsertKvValue(tx, key, value, expiresAt);
    return true;
  });
}

/** The live rows whose key starts with `prefix` (a stored key's text), in key order. */
export async function listKvValues(db: Executor, prefix: string, now: Date) {
  const escaped = prefix.replace(/[\\%_]/g, (character) => `\\${character}`);
  return db
    .select({ key: federationKv.key, value: federationKv.value })
    .from(federationKv)
    .where(and(like(federationKv.key, `${escaped}%`), isLive(now)))
    .orderBy(asc(federationKv.key));
}

export async function deleteExpiredKvValues(db: Executor, now: Date) {
  await db.delete(federationKv).where(lte(federationKv.expiresAt, now));
}

export async function insertFederationMessages(db: Executor, messages: readonly unknown[], runAfter: Date) {
  if (messages.length === 0) return;
  await db.insert(federationMessages).values(messages.map((message) => ({ message, runAfter })));
}

/**
 * Claims up to `limit` messages that are due and not claimed by a live claim, until `claimedUntil`: one statement
 * with SKIP LOCKED, so two draining processes never take the same message.
 */
export async function claimDueFederationMessages(db: Executor, now: Date, claimedUntil: Date, limit: number) {
  const due = db
    .select({ id: federationMessages.id })
    .from(federationMessages)
    .where(
      and(
        lte(federationMessages.runAfter, now),
        or(isNull(federationMessages.claimedUntil), lte(federationMessages.claimedUntil, now)),
      ),
    )
    .orderBy(asc(federationMessages.runAfter), asc(federationMessages.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(federationMessages)
    .set({ claimedUntil })
    .where(inArray(federationMessages.id, due))
    .returning({ id: federationMessages.id, message: federationMessages.message });
}

export async function deleteFederationMessage(db: Executor, id: number) {
  await db.delete(federationMessages).where(eq(federationMessages.id, id));
}

export async function countFederationMessages(db: Executor, now: Date) {
  const [row] = await db
    .select({
      queued: sql<number>`count(*)::int`,
      ready: sql<number>`count(*) filter (where ${federationMessages.runAfter} <= ${now})::int`,
    })
    .from(federationMessages);
  return { queued: row?.queued ?? 0, ready: row?.ready ?? 0 };
}
