import { randomUUID } from "node:crypto";
import { freshPost } from "../world";
import { allow, ID, idOf, type MatrixRow, NONE_ID, owner, SELF, spareUser } from "./common";

/** Matrix rows: admin (superuser only: the generic rules deny everybody else). */
export const ADMIN_ROWS: MatrixRow[] = [
  ...["stats", "users", "posts", "logs", "location-stats", "system", "reports"].map(
    (page): MatrixRow => ({
      route: `GET /api/admin/${page}`,
      resources: SELF,
      request: () => ({ url: `/api/admin/${page}` }),
      expect: allow,
    }),
  ),
  { route: "GET /api/admin/jobs", resources: SELF, request: () => ({ url: "/api/admin/jobs" }), expect: allow },
  {
    // No such job: the superuser gets a 4xx, everybody else the generic refusal.
    route: "POST /api/admin/jobs/:queue/:id/retry",
    resources: SELF,
    request: () => ({ url: `/api/admin/jobs/mail-account/${randomUUID()}/retry` }),
    expect: () => "refuse",
  },
  {
    route: "GET /api/admin/users/:userId",
    resources: ID,
    request: (input) => ({ url: `/api/admin/users/${idOf(input)}` }),
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
  ...(["POST", "DELETE"] as const).map(
    (method): MatrixRow => ({
      route: `${method} /api/admin/users/:userId/verify`,
      resources: ID,
      request: async (input) => ({
        url: `/api/admin/users/${input.resource === "other" ? await spareUser(input) : idOf(input)}/verify`,
      }),
      expect: (input) => (input.resource === "none" ? 404 : "allow"),
    }),
  ),
  ...(["suspend", "unsuspend"] as const).map(
    (action): MatrixRow => ({
      route: `POST /api/admin/users/:userId/${action}`,
      resources: ID,
      request: async (input) => {
        const target = input.resource === "other" ? await spareUser(input) : idOf(input);
        return { url: `/api/admin/users/${target}/${action}`, payload: { reason: "matrix" } };
      },
      // A superuser cannot suspend a superuser, themselves included.
      expect: (input) =>
        input.resource === "none" ? 404 : input.resource === "own" && action === "suspend" ? 403 : "allow",
    }),
  ),
  {
    route: "DELETE /api/admin/users/:userId",
    resources: ID,
    request: async (input) => ({
      url: `/api/admin/users/${input.resource === "other" ? await spareUser(input) : idOf(input)}`,
    }),
    expect: (input) => (input.resource === "none" ? 404 : input.resource === "own" ? 403 : "allow"),
  },
  {
    route: "DELETE /api/admin/posts/:postId",
    resources: ID,
    request: async (input) => ({
      url: `/api/admin/posts/${input.resource === "none" ? NONE_ID : await freshPost(input.world, owner(input) ?? input.otherId)}`,
    }),
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
  {
    route: "POST /api/admin/agreements",
    resources: SELF,
    request: () => ({
      url: "/api/admin/agreements",
      payload: { title: "Terms", version: randomUUID().slice(0, 8), content: "Be kind." },
    }),
    expect: allow,
  },
  {
    route: "POST /api/admin/privacy-policy",
    resources: SELF,
    request: () => ({
      url: "/api/admin/privacy-policy",
      payload: { title: "Privacy", version: randomUUID().slice(0, 8), content: "We keep little." },
    }),
    expect: allow,
  },
  {
    route: "POST /api/admin/reports/:reportId/resolve",
    resources: ["other", "none"],
    request: async (input) => {
      let id = NONE_ID;
      if (input.resource === "other") {
        const post = await freshPost(input.world, input.world.actors.user.id);
        const created = await input.world.harness.app.inject({
          method: "POST",
          url: "/api/reports",
          headers: { cookie: input.world.actors.otherUser.cookie },
          payload: { targetType: "post", targetId: post, reason: "Spam" },
        });
        id = created.json<{ id: string }>().id;
      }
      return { url: `/api/admin/reports/${id}/resolve`, payload: { action: "dismiss", reason: "Fine" } };
    },
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
];
