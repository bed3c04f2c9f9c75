import type { BlockType, BlockView } from "@plaza/contracts/blocks";
import type { PageQuery } from "@plaza/contracts/pagination";
import { USERS_MESSAGES } from "@plaza/contracts/users";
import type { AppContext } from "../../app-context";
import { badRequest, forbidden, notFound } from "../../lib/app-error";
import { decodeCursor, mapPage, type Page } from "../../lib/cursor";
import { deleteFollow, deleteFollowRequest, lockPair } from "../follows/follows.repository";
import { findUserSummary } from "../users/user-summary.repository";
import type { SessionUser } from "../users/viewer";
import { presentBlock } from "./blocks.presenter";
import { deleteBlock, listBlockPage, upsertBlock } from "./blocks.repository";

/**
 * Blocks a user (docs/PRODUCT.md "Privacy"): follows (and follow requests) in both directions end, with their counters, in the same
 * transaction. Blocking again only changes the block type.
 */
export async function blockUser(
  context: AppContext,
  viewer: SessionUser,
  { blockedId, blockType }: { blockedId: string; blockType: BlockType },
): Promise<BlockView> {
  if (blockedId === viewer.id) throw badRequest(USERS_MESSAGES.cannotBlockYourself, "blockedId");
  const target = await findUserSummary(context.db, blockedId);
  if (!target) throw notFound(USERS_MESSAGES.userNotFound);
  const block = await context.db.transaction(async (tx) => {
    await lockPair(tx, viewer.id, blockedId);
    const block = await upsertBlock(tx, { blockerId: viewer.id, blockedId, blockType, createdAt: context.clock.now() });
    await deleteFollow(tx, viewer.id, blockedId);
    await deleteFollow(tx, blockedId, viewer.id);
    await deleteFollowRequest(tx, viewer.id, blockedId);
    await deleteFollowRequest(tx, blockedId, viewer.id);
    return block;
  });
  return presentBlock(block, target);
}

/** Lifts the viewer's block on a user (idempotent). */
export async function unblockUser(context: AppContext, viewer: SessionUser, blockedId: string): Promise<void> {
  await deleteBlock(context.db, viewer.id, blockedId);
}

/** The people a user blocked; only the user themself may look (403 otherwise). */
export async function listBlockedUsers(
  context: AppContext,
  viewer: SessionUser,
  userId: string,
  { limit, cursor }: PageQuery,
): Promise<Page<BlockView>> {
  if (viewer.id !== userId) throw forbidden(USERS_MESSAGES.notYourBlockList, "NOT_OWNER");
  const page = await listBlockPage(context.db, userId, { limit, cursor: decodeCursor(cursor) });
  return mapPage(page, (row) => presentBlock(row.block, row.blocked));
}
