import type { BlockView } from "@plaza/contracts/blocks";
import type { blocks } from "../../db/schema/blocks";
import type { UserRow } from "../../db/schema/users";
import { presentUserSummary } from "../users/users.presenter";

/** A block as its owner sees it in their block list. */
export function presentBlock(block: typeof blocks.$inferSelect, blocked: UserRow): BlockView {
  return {
    blockedId: block.blockedId,
    blockType: block.blockType,
    createdAt: block.createdAt.toISOString(),
    blocked: presentUserSummary(blocked),
  };
}
