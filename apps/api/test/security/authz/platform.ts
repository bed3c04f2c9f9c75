import { allow, type MatrixRow, SELF } from "./common";

/** Matrix rows: health. */
export const HEALTH_ROWS: MatrixRow[] = [
  { route: "GET /healthz", resources: SELF, request: () => ({ url: "/healthz" }), expect: allow },
  { route: "GET /readyz", resources: SELF, request: () => ({ url: "/readyz" }), expect: allow },
];

/** Matrix rows: app configuration (public, the same for everyone). */
export const APP_CONFIGURATION_ROWS: MatrixRow[] = [
  { route: "GET /api/config", resources: SELF, request: () => ({ url: "/api/config" }), expect: allow },
];

/** Matrix rows: API docs (public, the same for everyone). */
export const API_DOCS_ROWS: MatrixRow[] = [
  { route: "GET /api/docs", resources: SELF, request: () => ({ url: "/api/docs" }), expect: allow },
  { route: "GET /api/docs/json", resources: SELF, request: () => ({ url: "/api/docs/json" }), expect: allow },
  { route: "GET /api/docs/yaml", resources: SELF, request: () => ({ url: "/api/docs/yaml" }), expect: allow },
  {
    route: "GET /api/docs/static/index.html",
    resources: SELF,
    request: () => ({ url: "/api/docs/static/index.html" }),
    expect: allow,
  },
  {
    route: "GET /api/docs/static/swagger-initializer.js",
    resources: SELF,
    request: () => ({ url: "/api/docs/static/swagger-initializer.js" }),
    expect: allow,
  },
  {
    route: "GET /api/docs/static/*",
    resources: SELF,
    request: () => ({ url: "/api/docs/static/swagger-ui.css" }),
    expect: allow,
  },
];

/** Matrix rows: demo town: off in tests (no town in the database), so every role gets 404. */
export const DEMO_TOWN_ROWS: MatrixRow[] = [
  {
    route: "GET /api/demo/accounts",
    resources: SELF,
    request: () => ({ url: "/api/demo/accounts" }),
    expect: () => 404,
  },
];
