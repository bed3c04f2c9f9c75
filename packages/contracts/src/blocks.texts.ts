// Texts, constants and pure rules of blocks: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./blocks.ts, which re-exports all of this.

/** Blocks (docs/PRODUCT.md §3 "Block"): hard hides everything; soft is the documented "other" kind. */
export const BLOCK_TYPES = ["hard", "soft"] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];
export const BLOCK_TYPE_LABELS: Record<BlockType, string> = { hard: "Blocked", soft: "Restricted" };
