import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { uploads } from "../../db/schema/uploads";

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: Executor, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findUpload(db: Executor, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

/** Marks a pending upload ready; false when another request got there first. */
export async function markUploadReady(
  db: Executor,
  id: string,
  values: {
    contentType: string;
    byteSize: number;
    width: number;
    height: number;
    placeholder: string;
    variantWidths: number[];
  },
): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ status: "ready", ...values })
    .where(and(eq(uploads.id, id), eq(uploads.status, "pending")))
    .returning({ id: uploads.id });
  return rows.length === 1;
}

/** Marks a pending upload as a received video waiting for the video job; false when another request got there first. */
export async function markVideoReceived(
  db: Executor,
  id: string,
  values: { byteSize: number; width: number; height: number; durationSeconds: number },
): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ status: "ready", contentType: "video/mp4", videoStatus: "processing", ...values })
    .where(and(eq(uploads.id, id), eq(uploads.status, "pending")))
    .returning({ id: uploads.id });
  return rows.length === 1;
}

/**
 * Claims the oldest video waiting for processing whose lease has passed (never taken, or its process died): sets a
 * new lease and counts the attempt, atomically (SKIP LOCKED: two runners never take the same video).
 */
export async function claimVideoToProcess(db: Executor, now: Date, leaseUntil: Date): Promise<UploadRow | undefined> {
  const rows = await db.execute<{ id: string }>(sql`
    update ${uploads} set processing_lease_until = ${leaseUntil.toISOString()}::timestamptz,
      processing_attempts = processing_attempts + 1
    where id = (
      select id from ${uploads}
      where video_status = 'processing'
        and (processing_lease_until is null or processing_lease_until < ${now.toISOString()}::timestamptz)
      order by created_at
      limit 1
      for update skip locked
    )
    returning id`);
  const id = (rows as unknown as { rows: { id: string }[] }).rows[0]?.id;
  return id ? findUpload(db, id) : undefined;
}

export async function finishVideo(
  db: Executor,
  id: string,
  values: { byteSize: number; width: number; height: number; durationSeconds: number; placeholder: string },
): Promise<void> {
  await db
    .update(uploads)
    .set({ videoStatus: "ready", processingLeaseUntil: null, ...values })
    .where(eq(uploads.id, id));
}

export async function failVideo(db: Executor, id: string): Promise<void> {
  await db.update(uploads).set({ videoStatus: "failed", processingLeaseUntil: null }).where(eq(uploads.id, id));
}
