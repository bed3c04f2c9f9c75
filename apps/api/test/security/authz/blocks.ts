import { freshBlock } from "../world";
import { ID, idOf, type MatrixRow, NONE_ID, ownOnly } from "./common";

/** Matrix rows: blocks. */
export const BLOCKS_ROWS: MatrixRow[] = [
  {
    route: "POST /api/blocks",
    resources: ID,
    request: (input) => ({ url: "/api/blocks", payload: { blockedId: idOf(input) ?? NONE_ID } }),
    expect: (input) => (input.resource === "other" ? "allow" : "refuse"),
  },
  {
    route: "DELETE /api/blocks/:blockedId",
    resources: ID,
    request: async (input) => ({
      url: `/api/blocks/${input.resource === "own" && input.me ? await freshBlock(input.world, input.me) : input.resource === "other" ? input.world.actors.blocked.id : NONE_ID}`,
    }),
    // Another person's block (Alice's of `blocked`) is never touched: the DB check proves it.
    expect: (input) =>
      input.resource === "own" ? "allow" : input.role === "user" && input.resource === "other" ? "allow" : "noop",
  },
  {
    route: "GET /api/users/:userId/blocked",
    resources: ID,
    request: (input) => ({ url: `/api/users/${idOf(input) ?? NONE_ID}/blocked` }),
    expect: ownOnly,
  },
];
