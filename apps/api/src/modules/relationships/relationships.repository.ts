import { and, eq, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { blocks } from "../../db/schema/blocks";
import { follows } from "../../db/schema/follows";

/**
 * Who follows and who blocks whom. Every module that needs these facts (privacy, messaging, feeds, tips)
 * asks here, so the rule lives once.
 */
export async function isFollowing(db: Executor, followerId: string, followingId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
    .limit(1);
  return row !== undefined;
}

/** True when either of the two has blocked the other (docs/PRODUCT.md "Privacy": blocks work both ways). */
export async function isBlockedEitherWay(db: Executor, userA: string, userB: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, userA), eq(blocks.blockedId, userB)),
        and(eq(blocks.blockerId, userB), eq(blocks.blockedId, userA)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** SQL condition: `followerId` follows the user in column `userColumn`. */
export function followedBy(followerId: string, userColumn: Parameters<typeof eq>[0]) {
  return sql`exists (select 1 from ${follows} where ${follows.followerId} = ${followerId} and ${follows.followingId} = ${userColumn})`;
}

/** SQL condition: no block between `viewerId` and the user in column `userColumn`, in either direction. */
export function notBlockedWith(viewerId: string, userColumn: Parameters<typeof eq>[0]) {
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${userColumn}) or (${blocks.blockerId} = ${userColumn} and ${blocks.blockedId} = ${viewerId}))`;
}

/**
 * SQL condition: the user in column `userColumn` has blocked `viewerId` (one direction). What the blocked person
 * still has from before the block (conversations, notifications) shows the blocker anonymised when this holds.
 */
export function hasBlocked(userColumn: Parameters<typeof eq>[0], viewerId: string) {
  return sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${userColumn} and ${blocks.blockedId} = ${viewerId})`;
}
