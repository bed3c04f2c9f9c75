import { z } from "zod";

export * from "./errors.texts";

/** The JSON body of every error response (docs/PRODUCT.md "Ground rules"). */
export const errorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
