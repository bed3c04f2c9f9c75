import { allow, type MatrixRow, SELF } from "./common";

/** Matrix rows: places. */
export const PLACES_ROWS: MatrixRow[] = [
  {
    route: "GET /api/places/reverse",
    resources: SELF,
    request: () => ({ url: "/api/places/reverse?latitude=45.7054&longitude=-121.5215" }),
    expect: allow,
  },

  {
    route: "GET /api/places/town",
    resources: SELF,
    request: () => ({ url: "/api/places/town?city=Hood%20River&countryCode=US" }),
    expect: allow,
  },
];
