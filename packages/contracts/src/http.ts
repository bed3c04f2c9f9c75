import { z } from "zod";

/** A 204 answer: no body. Routes declare it so that the API documentation shows it as such. */
export const noContent = z.undefined().describe("Done; no body");

/** A redirect answer (the target is in the Location header): no body. */
export const redirect = z.undefined().describe("Redirect; the target is in the Location header");
