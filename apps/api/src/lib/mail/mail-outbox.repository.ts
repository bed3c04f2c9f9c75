import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type MailLane, type MailOutboxRow, mailOutbox } from "../../db/schema/mail";

export async function insertOutboxMail(db: Executor, values: typeof mailOutbox.$inferInsert): Promise<void> {
  await db.insert(mailOutbox).values(values);
}

/**
 * Claims up to `limit` due mails of a lane for this sender: their next attempt moves to `leaseUntil`, so another
 * process (or a later drain) skips them while they are being sent, and picks them up again if this process dies.
 */
export async function claimDueMails(
  db: Executor,
  lane: MailLane,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<MailOutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.lane, lane),
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          lte(mailOutbox.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ nextAttemptAt: leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/**
 * A sent mail keeps its metadata only: the bodies (which may hold a single-use link) are cleared. Only a mail not
 * yet marked is marked: returns false when it already was (sent by another sender whose lease it outlived).
 */
export async function markMailSent(db: Executor, id: string, now: Date): Promise<boolean> {
  const marked = await db
    .update(mailOutbox)
    .set({ sentAt: now, textBody: "", htmlBody: "", actionUrl: null, headers: {}, lastError: null })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)))
    .returning({ id: mailOutbox.id });
  return marked.length > 0;
}

export async function markMailAttemptFailed(
  db: Executor,
  id: string,
  error: string,
  next: { nextAttemptAt: Date } | { failedAt: Date },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 500), ...next })
    .where(eq(mailOutbox.id, id));
}

/** Forgets sent mails older than `before` (their bodies are already gone). */
export async function deleteSentMailsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(mailOutbox).where(and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, before)));
}
