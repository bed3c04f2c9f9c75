import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { uploads } from "../../db/schema/social";

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
