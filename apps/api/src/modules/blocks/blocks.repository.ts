import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { blocks } from "../../db/schema/blocks";
import { users } from "../../db/schema/users";
import { encodeCursor, type KeysetCursor } from "../../lib/cursor";
import { newestFirst, type PageRequest, paginate } from "../../lib/paginate";
import { userSummaryColumns } from "../users/user-summary.repository";

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

/** One page of the people a user blocked, newest first. */
export function listBlockPage(db: Executor, blockerId: string, page: PageRequest<KeysetCursor>) {
  return paginate(
    page,
    newestFirst(blocks.createdAt, blocks.blockedId),
    ({ after, orderBy, limit }) =>
      db
        .select({ block: blocks, blocked: userSummaryColumns() })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(and(eq(blocks.blockerId, blockerId), after))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => encodeCursor({ createdAt: row.block.createdAt, id: row.block.blockedId }),
  );
}
