import type { BlockView } from "@plaza/contracts/blocks";
import type { blocks } from "../../db/schema/blocks";
import type { UserSummaryRow } from "../users/user-summary.repository";
import { presentUserSummary } from "../users/users.presenter";

/** A block as its owner sees it in their block list. */
export function presentBlock(block: typeof blocks.$inferSelect, blocked: UserSummaryRow): BlockView {
  return {
    blockedId: block.blockedId,
    blockType: block.blockType,
    createdAt: block.createdAt.toISOString(),
    blocked: presentUserSummary(blocked),
  };
}
