import { z } from "zod";
import { BLOCK_TYPES } from "./blocks.texts";
import { userSummaryView } from "./users";

export * from "./blocks.texts";

export const blockType = z.enum(BLOCK_TYPES);

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
