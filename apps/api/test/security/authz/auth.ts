import { randomUUID } from "node:crypto";
import { allow, ID, type MatrixRow, SELF } from "./common";

/** Matrix rows: auth. */
export const AUTH_ROWS: MatrixRow[] = [
  {
    route: "POST /api/auth/register",
    resources: SELF,
    endsSession: true,
    request: () => {
      const tag = randomUUID().slice(0, 8);
      return {
        url: "/api/auth/register",
        payload: {
          email: `m${tag}@example.test`,
          password: "Matrix pa55word",
          username: `m_${tag}`,
          firstName: "M",
          lastName: "X",
          profileType: "personal",
        },
      };
    },
    expect: allow,
  },
  {
    route: "POST /api/auth/login",
    resources: ID,
    endsSession: true,
    request: (input) => {
      if (input.resource === "own" && !input.me) return null;
      const actor = input.resource === "own" ? Object.values(input.world.actors).find((a) => a.id === input.me) : null;
      if (actor)
        return { url: "/api/auth/login", payload: { email: actor.email, password: "Security suite pa55phrase!" } };
      const email = input.resource === "other" ? input.world.actors.user.email : "nobody@example.test";
      return { url: "/api/auth/login", payload: { email, password: "wrong password!!" } };
    },
    // Wrong passwords: 401, or 429 once that email has too many failures.
    expect: (input) => (input.resource === "own" ? "allow" : "refuse"),
  },
  {
    route: "POST /api/auth/logout",
    resources: SELF,
    endsSession: true,
    request: () => ({ url: "/api/auth/logout" }),
    expect: allow,
  },
  {
    route: "GET /api/logout",
    resources: SELF,
    endsSession: true,
    request: () => ({ url: "/api/logout" }),
    expect: allow,
  },
  { route: "GET /api/login", resources: SELF, request: () => ({ url: "/api/login?returnTo=/feed" }), expect: allow },
  {
    route: "GET /api/auth/user",
    resources: SELF,
    request: () => ({ url: "/api/auth/user" }),
    expect: (input) => (input.role === "anon" ? 401 : "allow"),
  },
  { route: "GET /api/auth/superuser", resources: SELF, request: () => ({ url: "/api/auth/superuser" }), expect: allow },
];
