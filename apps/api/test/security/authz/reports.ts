import { freshPost } from "../world";
import { type MatrixRow, NONE_ID } from "./common";

/** Matrix rows: reports. */
export const REPORTS_ROWS: MatrixRow[] = [
  {
    route: "POST /api/reports",
    resources: ["other", "none"],
    request: async (input) => ({
      url: "/api/reports",
      payload: {
        targetType: "post",
        targetId: input.resource === "none" ? NONE_ID : await freshPost(input.world, input.otherId),
        reason: "Spam",
      },
    }),
    expect: (input) => (input.resource === "none" ? "refuse" : "any"),
  },
];
