import { allow, type MatrixRow, SELF } from "./common";

/** Matrix rows: search. */
export const SEARCH_ROWS: MatrixRow[] = [
  { route: "GET /api/search", resources: SELF, request: () => ({ url: "/api/search?q=user" }), expect: allow },
];
