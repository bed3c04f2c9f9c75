import { z } from "zod";
import { userSummaryView } from "./users";

/** Blocks (docs/PRODUCT.md §3 "Block"): hard hides everything; soft is the documented "other" kind. */
export const BLOCK_TYPES = ["hard", "soft"] as const;
export const blockType = z.enum(BLOCK_TYPES);
export type BlockType = z.infer<typeof blockType>;
export const BLOCK_TYPE_LABELS: Record<BlockType, string> = { hard: "Blocked", soft: "Restricted" };

export const blockBody = z.object({
  blockedId: z.uuid("Invalid user id"),
  blockType: blockType.default("hard"),
});
export type BlockBody = z.input<typeof blockBody>;

export const blockView = z.object({
  blockedId: z.uuid(),
  blockType,
  createdAt: z.string(),
  blocked: userSummaryView,
});
export type BlockView = z.infer<typeof blockView>;
export const blockedIdParams = z.object({ blockedId: z.uuid("Invalid user id") });
