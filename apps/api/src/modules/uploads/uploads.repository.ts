import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { postMedia } from "../../db/schema/posts";
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

/** Marks a pending upload as a received video waiting for the video job; false when another request got there first. */
export async function markVideoReceived(
  db: Executor,
  id: string,
  values: { byteSize: number; width: number; height: number; durationSeconds: number },
): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ status: "ready", contentType: "video/mp4", processingStatus: "processing", ...values })
    .where(and(eq(uploads.id, id), eq(uploads.status, "pending")))
    .returning({ id: uploads.id });
  return rows.length === 1;
}

/**
 * Marks a pending upload as a received picture waiting for the picture job (`contentType` is the original's until
 * the job stores the WebP sizes); false when another request got there first.
 */
export async function markPictureReceived(
  db: Executor,
  id: string,
  values: { contentType: string; byteSize: number; width: number; height: number },
): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ status: "ready", processingStatus: "processing", ...values })
    .where(and(eq(uploads.id, id), eq(uploads.status, "pending")))
    .returning({ id: uploads.id });
  return rows.length === 1;
}

/** Which uploads a media job takes: pictures or videos (told by the stored content type). */
export type MediaKind = "picture" | "video";

/**
 * Claims the oldest picture or video waiting for processing whose lease has passed (never taken, or its process
 * died), or that one upload when `uploadId` is given: sets a new lease and counts the attempt, atomically (SKIP
 * LOCKED: two runners never take the same upload).
 */
export async function claimMediaToProcess(
  db: Executor,
  kind: MediaKind,
  now: Date,
  leaseUntil: Date,
  uploadId?: string,
): Promise<UploadRow | undefined> {
  const contentTypes = kind === "video" ? "video/%" : "image/%";
  const rows = await db.execute<{ id: string }>(sql`
    update ${uploads} set processing_lease_until = ${leaseUntil.toISOString()}::timestamptz,
      processing_attempts = processing_attempts + 1
    where id = (
      select id from ${uploads}
      where processing_status = 'processing' and content_type like ${contentTypes}
        and (processing_lease_until is null or processing_lease_until < ${now.toISOString()}::timestamptz)
        ${uploadId ? sql`and id = ${uploadId}` : sql``}
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
    .set({ processingStatus: "ready", processingLeaseUntil: null, ...values })
    .where(eq(uploads.id, id));
}

/** A picture's stored sizes; false when it was no longer processing (another run finished it first). */
export async function finishPicture(
  db: Executor,
  id: string,
  values: { byteSize: number; width: number; height: number; placeholder: string; variantWidths: number[] },
): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ processingStatus: "ready", processingLeaseUntil: null, contentType: "image/webp", ...values })
    .where(and(eq(uploads.id, id), eq(uploads.processingStatus, "processing")))
    .returning({ id: uploads.id });
  return rows.length === 1;
}

/** Gives up on a picture or video: it stays failed (the post says so). */
export async function failMedia(db: Executor, id: string): Promise<void> {
  await db.update(uploads).set({ processingStatus: "failed", processingLeaseUntil: null }).where(eq(uploads.id, id));
}

/** Lets another run take the upload at once (this run could not work on it for a reason not the upload's own). */
export async function releaseMediaLease(db: Executor, id: string): Promise<void> {
  await db.update(uploads).set({ processingLeaseUntil: null }).where(eq(uploads.id, id));
}

/**
 * Copies a picture's stored sizes to the posts that hold it (the picture job, once they are made), so the items
 * stay whole should the upload row go. Written here, on the posts' media rows, so the uploads module (below posts)
 * needs nothing of the posts module.
 */
export async function updatePostMediaOfUpload(
  db: Executor,
  uploadId: string,
  values: { width: number; height: number; placeholder: string; variantWidths: number[] },
): Promise<void> {
  await db.update(postMedia).set(values).where(eq(postMedia.uploadId, uploadId));
}
