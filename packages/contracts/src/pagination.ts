import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "./constants";

/** `?limit=&cursor=` of every list (docs/PRODUCT.md "Ground rules"); the next cursor travels in X-Next-Cursor. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;
