import { cookieOfRole, uploadedObject } from "../world";
import { aliceContent, allow, ID, idOf, type MatrixRow, NONE_ID, ownOnly, SELF } from "./common";

/** Matrix rows: users. */
export const USERS_ROWS: MatrixRow[] = [
  {
    route: "GET /api/users/search",
    resources: SELF,
    request: () => ({ url: "/api/users/search?q=user" }),
    expect: allow,
  },
  {
    route: "GET /api/users/suggested",
    resources: SELF,
    request: () => ({ url: "/api/users/suggested" }),
    expect: allow,
  },
  { route: "GET /api/users/export", resources: SELF, request: () => ({ url: "/api/users/export" }), expect: allow },
  {
    route: "PATCH /api/users/profile",
    resources: SELF,
    request: (input) => {
      const actor = Object.values(input.world.actors).find((a) => a.id === input.me);
      return {
        url: "/api/users/profile",
        payload: { firstName: "Matrix", lastName: "Role", username: actor?.username ?? "anon_user" },
      };
    },
    expect: allow,
  },
  {
    route: "PATCH /api/users/preferences",
    resources: SELF,
    request: () => ({ url: "/api/users/preferences", payload: { marketingEmails: true } }),
    expect: allow,
  },
  {
    route: "PUT /api/profile/photo",
    resources: ID,
    request: async (input) => {
      const cookie = input.resource === "own" ? cookieOfRole(input.world, input.role) : input.world.actors.user.cookie;
      if (input.resource === "own" && (!cookie || input.role === "suspended" || input.role === "pending")) return null;
      const url =
        input.resource === "none"
          ? `/uploads/${NONE_ID}.webp`
          : await uploadedObject(input.world, cookie ?? input.world.actors.user.cookie);
      return { url: "/api/profile/photo", payload: { profileImageUrl: url } };
    },
    expect: (input) =>
      input.resource === "own" || (input.role === "user" && input.resource === "other") ? "allow" : "refuse",
  },
  {
    route: "POST /api/users/delete",
    resources: SELF,
    request: () => ({ url: "/api/users/delete" }),
    expect: (input) => (input.role === "deleting" ? "any" : "allow"),
  },
  {
    route: "POST /api/users/cancel-deletion",
    resources: SELF,
    request: () => ({ url: "/api/users/cancel-deletion" }),
    expect: (input) => (input.role === "deleting" ? "allow" : "refuse"),
  },
  {
    route: "GET /api/users/:userId",
    resources: ID,
    byVisibility: true,
    request: (input) => ({ url: `/api/users/${idOf(input) ?? NONE_ID}` }),
    // The profile card is visible to all but blocked people; its content follows the visibility rule.
    expect: (input) =>
      input.resource === "none"
        ? 404
        : input.resource === "own"
          ? input.me
            ? "allow"
            : "skip"
          : input.role === "blocked"
            ? "deny"
            : "allow",
  },
  {
    route: "PUT /api/users/:userId/social-links",
    resources: ID,
    request: (input) => ({
      url: `/api/users/${idOf(input) ?? NONE_ID}/social-links`,
      payload: { socialLinks: { twitter: "https://twitter.com/matrix" } },
    }),
    expect: ownOnly,
  },
  ...(["followers", "following"] as const).map(
    (direction): MatrixRow => ({
      route: `GET /api/users/:userId/${direction}`,
      resources: ID,
      byVisibility: true,
      request: (input) => ({ url: `/api/users/${idOf(input) ?? NONE_ID}/${direction}` }),
      expect: aliceContent,
    }),
  ),
];
