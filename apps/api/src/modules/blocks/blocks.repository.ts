import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { blocks } from "../../db/schema/blocks";
import { users } from "../../db/schema/users";
import { type KeysetCursor, olderThan } from "../../lib/cursor";

export async function upsertBlock(
  db: Executor,
  values: { blockerId: string; blockedId: string; blockType: "hard" | "soft"; createdAt: Date },
) {
  const [row] = await db
    .insert(blocks)
    .values(values)
    .onConflictDoUpdate({ target: [blocks.blockerId, blocks.blockedId], set: { blockType: values.blockType } })
    .returning();
  if (!row) throw new Error("block upsert returned no row");
  return row;
}

export async function deleteBlock(db: Executor, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** One page of the people a user blocked, newest first (limit + 1 rows for pageOf). */
export async function listBlockPage(db: Executor, blockerId: string, cursor: KeysetCursor | null, limit: number) {
  const after = olderThan(cursor, blocks.createdAt, blocks.blockedId);
  return db
    .select({ block: blocks, blocked: users })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, blockerId), after))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(limit + 1);
}
