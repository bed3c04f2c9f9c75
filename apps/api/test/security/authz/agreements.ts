import { allow, type MatrixRow, NONE_ID, SELF } from "./common";

/** Matrix rows: agreements. */
export const AGREEMENTS_ROWS: MatrixRow[] = [
  {
    route: "GET /api/agreements/active",
    resources: SELF,
    request: () => ({ url: "/api/agreements/active" }),
    expect: allow,
  },
  {
    route: "GET /api/agreements/privacy-policy",
    resources: SELF,
    request: () => ({ url: "/api/agreements/privacy-policy" }),
    expect: allow,
  },
  {
    route: "POST /api/agreements/accept",
    resources: ["other", "none"],
    request: (input) => ({
      url: "/api/agreements/accept",
      payload: { agreementId: input.resource === "none" ? NONE_ID : input.world.activeAgreementId },
    }),
    expect: (input) => (input.resource === "none" ? "deny" : "allow"),
  },
  {
    route: "GET /api/agreements/acceptance",
    resources: SELF,
    request: () => ({ url: "/api/agreements/acceptance" }),
    expect: () => "any",
  },
];
