import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { sessions } from "../db/schema/auth";
import { checkins } from "../db/schema/businesses";
import { insertUser, type SignedInRole } from "./harness";
import {
  cookieOfRole,
  freshBlock,
  freshComment,
  freshFollowRequest,
  freshNotification,
  freshPost,
  seesAliceContent,
  testImage,
  uploadedObject,
  uploadTicket,
  visitCodeOf,
  type World,
} from "./world";

/**
 * The authorisation matrix (issue 9): route × role × resource → expected outcome, as data. Each row names a
 * route, the resources it is tried on and one rule; the generic rules (signed out → 401, superuser routes →
 * 403, suspended writers → 403) come first and are not repeated here.
 *
 * Resources: `own` = the role's own thing, `other` = Alice's (the `user` role's; for Alice herself, `otherUser`'s),
 * `none` = an id that does not exist, `self` = a route without a resource.
 */
export type Resource = "own" | "other" | "none" | "self";
/**
 * allow: < 400; deny: 401/403/404; refuse: any 4xx; noop: anything below 500 but the database must not change
 * even on a 2xx (idempotent calls on someone else's thing); any: below 500 (the leak and DB checks still run).
 */
export type Expectation = "allow" | "deny" | "refuse" | "noop" | "any" | 401 | 403 | 404 | "skip";

export interface CaseInput {
  world: World;
  role: string;
  resource: Resource;
  /** The role's user id (null signed out). */
  me: string | null;
  /** Whose resource `other` is. */
  otherId: string;
}

export interface RequestSpec {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface MatrixRow {
  route: string;
  resources: Resource[];
  /** Expanded over Alice's account visibility public/private/custom. */
  byVisibility?: boolean;
  request(input: CaseInput): Promise<RequestSpec | null> | RequestSpec | null;
  expect(input: CaseInput): Expectation;
  /** The role's session ends or changes with this call. */
  endsSession?: boolean;
}

const ID = ["own", "other", "none"] as const satisfies Resource[];
const SELF = ["self"] as const satisfies Resource[];
const NONE_ID = "00000000-0000-4000-8000-00000000dead";

const isBiz = (role: string) => role === "bizOwner" || role === "bizOther";
const idOf = (input: CaseInput) =>
  input.resource === "own" ? input.me : input.resource === "other" ? input.otherId : NONE_ID;
/** The own resource when the role has one, Alice's otherwise. */
const allow = (): Expectation => "allow";
const ownOnly = (input: CaseInput): Expectation => (input.resource === "own" ? "allow" : "deny");
/** Reading Alice's content: allowed by her visibility; own always; nonexistent 404. */
const aliceContent = (input: CaseInput): Expectation => {
  if (input.resource === "none") return "deny";
  if (input.resource === "own") return input.role === "anon" ? "skip" : "allow";
  if (input.role === "user") return "allow";
  return seesAliceContent(input.world, input.role) ? "allow" : "deny";
};
/** Someone else's business (bizOther's; for bizOther, bizOwner's). */
const otherBusiness = (input: CaseInput) => input.world.businesses[input.role === "bizOther" ? "bizOwner" : "bizOther"];
const businessId = (input: CaseInput): string | null => {
  if (input.resource === "none") return NONE_ID;
  if (input.resource === "other") return otherBusiness(input)?.id ?? null;
  return isBiz(input.role) ? (input.world.businesses[input.role as SignedInRole]?.id ?? null) : null;
};
const couponId = (input: CaseInput): string | null => {
  if (input.resource === "none") return NONE_ID;
  if (input.resource === "other") return otherBusiness(input)?.couponId ?? null;
  return isBiz(input.role) ? (input.world.businesses[input.role as SignedInRole]?.couponId ?? null) : null;
};
/** A business-owner resource: only the owner of the business may act. */
const businessOwnerOnly = (input: CaseInput): Expectation => (input.resource === "own" ? "allow" : "deny");
const owner = (input: CaseInput) => (input.resource === "own" ? input.me : input.otherId);
const money = () => ({ "idempotency-key": randomUUID() });

/** A verified review (a rated check-in) at the business, by a spare visitor, written straight to the database. */
async function freshReview(input: CaseInput, business: string): Promise<string> {
  const visitor = await insertUser(input.world.harness);
  const [row] = await input.world.harness.context.db
    .insert(checkins)
    .values({
      userId: visitor,
      businessId: business,
      rating: 4,
      review: "Nice",
      latitude: 0,
      longitude: 0,
      distanceMeters: 1,
    })
    .returning({ id: checkins.id });
  if (!row) throw new Error("no review inserted");
  return row.id;
}

async function freshCoupon(input: CaseInput, business: string): Promise<string | null> {
  const role = business === input.world.businesses.bizOwner?.id ? "bizOwner" : "bizOther";
  const response = await input.world.harness.app.inject({
    method: "POST",
    url: "/api/coupons",
    headers: { cookie: input.world.actors[role].cookie },
    payload: { businessId: business, title: "Spare coupon", discountType: "freeItem", discountValue: 0 },
  });
  return response.statusCode === 201 ? response.json<{ id: string }>().id : null;
}

export const MATRIX: MatrixRow[] = [
  // ---- health ----
  { route: "GET /healthz", resources: SELF, request: () => ({ url: "/healthz" }), expect: allow },
  { route: "GET /readyz", resources: SELF, request: () => ({ url: "/readyz" }), expect: allow },

  // ---- auth ----
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

  // ---- accounts (verification, reset, security settings, two-factor) ----
  {
    // A token nobody was sent: refused for everyone (the token decides, not the session).
    route: "POST /api/auth/verify-email",
    resources: SELF,
    request: () => ({ url: "/api/auth/verify-email", payload: { token: `unknown-${randomUUID()}` } }),
    expect: () => "refuse",
  },
  {
    // The actors' addresses are verified: 409 (or 429), never a mail.
    route: "POST /api/auth/verify-email/resend",
    resources: SELF,
    request: () => ({ url: "/api/auth/verify-email/resend" }),
    expect: () => "refuse",
  },
  {
    // The same 202 for every address; an unknown one here, so nothing is sent.
    route: "POST /api/auth/password-reset",
    resources: SELF,
    request: () => ({ url: "/api/auth/password-reset", payload: { email: `nobody-${randomUUID()}@example.test` } }),
    expect: allow,
  },
  {
    route: "POST /api/auth/password-reset/confirm",
    resources: SELF,
    request: () => ({
      url: "/api/auth/password-reset/confirm",
      payload: { token: `unknown-${randomUUID()}`, password: "Matrix pa55word new" },
    }),
    expect: () => "refuse",
  },
  {
    // A wrong current password: 403, nothing changes.
    route: "POST /api/auth/password",
    resources: SELF,
    request: () => ({
      url: "/api/auth/password",
      payload: { currentPassword: "not the password!", newPassword: "Matrix pa55word new" },
    }),
    expect: () => "refuse",
  },
  {
    route: "POST /api/auth/email",
    resources: SELF,
    request: () => ({
      url: "/api/auth/email",
      payload: { newEmail: `new-${randomUUID()}@example.test`, currentPassword: "not the password!" },
    }),
    expect: () => "refuse",
  },
  {
    route: "POST /api/auth/email/confirm",
    resources: SELF,
    request: () => ({ url: "/api/auth/email/confirm", payload: { token: `unknown-${randomUUID()}` } }),
    expect: () => "refuse",
  },
  {
    route: "GET /api/auth/sessions",
    resources: SELF,
    request: () => ({ url: "/api/auth/sessions" }),
    expect: allow,
  },
  {
    // Alice's session or an unknown id: 404 for everyone (one's own session is ended by the sessions tests).
    route: "DELETE /api/auth/sessions/:sessionId",
    resources: ["other", "none"],
    request: async (input) => {
      if (input.resource === "none") return { url: `/api/auth/sessions/${NONE_ID}` };
      const [session] = await input.world.harness.context.db
        .select({ publicId: sessions.publicId })
        .from(sessions)
        .where(eq(sessions.userId, input.otherId))
        .limit(1);
      return session ? { url: `/api/auth/sessions/${session.publicId}` } : null;
    },
    expect: () => "deny",
  },
  {
    route: "POST /api/auth/sessions/revoke-others",
    resources: SELF,
    request: () => ({ url: "/api/auth/sessions/revoke-others" }),
    expect: allow,
  },
  {
    route: "POST /api/auth/2fa/setup",
    resources: SELF,
    request: () => ({ url: "/api/auth/2fa/setup" }),
    expect: allow,
  },
  {
    // No setup confirmed by a real code: 400 for everyone.
    route: "POST /api/auth/2fa/enable",
    resources: SELF,
    request: () => ({ url: "/api/auth/2fa/enable", payload: { code: "000000" } }),
    expect: () => "refuse",
  },
  {
    route: "POST /api/auth/2fa/disable",
    resources: SELF,
    request: () => ({
      url: "/api/auth/2fa/disable",
      payload: { currentPassword: "not the password!", code: "000000" },
    }),
    expect: () => "refuse",
  },

  // ---- agreements ----
  {
    route: "GET /api/agreements/active",
    resources: SELF,
    request: () => ({ url: "/api/agreements/active" }),
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

  // ---- admin (superuser only: the generic rules deny everybody else) ----
  ...["stats", "users", "posts", "logs", "location-stats", "system", "reports"].map(
    (page): MatrixRow => ({
      route: `GET /api/admin/${page}`,
      resources: SELF,
      request: () => ({ url: `/api/admin/${page}` }),
      expect: allow,
    }),
  ),
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

  // ---- reports ----
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

  // ---- blocks ----
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

  // ---- businesses ----
  {
    route: "POST /api/businesses",
    resources: SELF,
    request: () => ({
      url: "/api/businesses",
      payload: { name: "Another cafe", category: "cafe", latitude: 1, longitude: 1 },
    }),
    // One business per business account; other profile types have none.
    expect: () => "refuse",
  },
  { route: "GET /api/businesses", resources: SELF, request: () => ({ url: "/api/businesses" }), expect: allow },
  {
    route: "GET /api/businesses/:id",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}` } : null;
    },
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
  {
    route: "PATCH /api/businesses/:id",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}`, payload: { description: "Changed by the matrix" } } : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "GET /api/users/:userId/business",
    resources: ID,
    request: (input) => {
      const id =
        input.resource === "none" ? NONE_ID : input.resource === "own" ? input.me : input.world.actors.bizOther.id;
      return id ? { url: `/api/users/${id}/business` } : null;
    },
    expect: (input) => (input.resource === "none" || (input.resource === "own" && !isBiz(input.role)) ? 404 : "allow"),
  },
  {
    route: "GET /api/businesses/:id/visit-code",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/visit-code` } : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "POST /api/businesses/:id/checkins",
    resources: ID,
    request: async (input) => {
      const id = businessId(input);
      if (!id) return null;
      const codeOwner = id === input.world.businesses.bizOwner?.id ? "bizOwner" : "bizOther";
      const visitCode = input.resource === "none" ? "123456" : await visitCodeOf(input.world, codeOwner);
      return { url: `/api/businesses/${id}/checkins`, payload: { latitude: 48.8584, longitude: 2.2945, visitCode } };
    },
    expect: (input) => (input.resource === "none" ? 404 : "any"),
  },
  {
    route: "GET /api/businesses/:id/checkins",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/checkins` } : null;
    },
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
  {
    route: "GET /api/businesses/:id/reviews",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/reviews` } : null;
    },
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
  ...(["PUT", "DELETE"] as const).map(
    (method): MatrixRow => ({
      route: `${method} /api/reviews/:id/reply`,
      resources: ID,
      request: async (input) => {
        const id = businessId(input);
        if (!id) return null;
        const review = input.resource === "none" ? NONE_ID : await freshReview(input, id);
        return { url: `/api/reviews/${review}/reply`, ...(method === "PUT" ? { payload: { text: "Thanks!" } } : {}) };
      },
      // Only the business's owner answers its reviews; a review without a reply has none to delete (404).
      expect: (input) =>
        input.resource === "own" ? (method === "PUT" ? "allow" : 404) : input.resource === "none" ? 404 : "deny",
    }),
  ),
  {
    route: "GET /api/businesses/:id/analytics",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/analytics` } : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "GET /api/friend-activity",
    resources: SELF,
    request: () => ({ url: "/api/friend-activity" }),
    expect: allow,
  },

  // ---- coupons ----
  {
    route: "POST /api/coupons",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id
        ? {
            url: "/api/coupons",
            payload: { businessId: id, title: "Matrix", discountType: "freeItem", discountValue: 0 },
          }
        : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "PATCH /api/coupons/:id",
    resources: ID,
    request: (input) => {
      const id = couponId(input);
      return id ? { url: `/api/coupons/${id}`, payload: { title: "Renamed by the matrix" } } : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "DELETE /api/coupons/:id",
    resources: ID,
    request: async (input) => {
      const business = businessId(input);
      if (!business) return null;
      const id = input.resource === "none" ? NONE_ID : await freshCoupon(input, business);
      return id ? { url: `/api/coupons/${id}` } : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "GET /api/businesses/:id/coupons",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/coupons` } : null;
    },
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },
  // ---- partnerships (docs/PRODUCT.md "Partnerships"): owners invite Alice (a creator; 201, or 409 once invited);
  // answers and ends are tried on a partnership that does not exist (the lifecycle is in partnerships.int.test.ts).
  {
    route: "POST /api/partnerships",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: "/api/partnerships", payload: { businessId: id, creatorId: input.otherId } } : null;
    },
    expect: (input) => (input.resource === "own" ? "any" : "deny"),
  },
  { route: "GET /api/partnerships", resources: SELF, request: () => ({ url: "/api/partnerships" }), expect: allow },
  {
    route: "POST /api/partnerships/:id/accept",
    resources: ["none"],
    request: () => ({ url: `/api/partnerships/${NONE_ID}/accept` }),
    expect: () => "deny",
  },
  {
    route: "POST /api/partnerships/:id/decline",
    resources: ["none"],
    request: () => ({ url: `/api/partnerships/${NONE_ID}/decline` }),
    expect: () => "deny",
  },
  {
    route: "DELETE /api/partnerships/:id",
    resources: ["none"],
    request: () => ({ url: `/api/partnerships/${NONE_ID}` }),
    expect: () => "deny",
  },
  {
    route: "GET /api/users/:userId/perks",
    resources: ID,
    request: (input) => ({ url: `/api/users/${idOf(input)}/perks` }),
    expect: () => "any",
  },
  {
    route: "GET /api/businesses/:id/partner-redemptions",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/partner-redemptions` } : null;
    },
    expect: businessOwnerOnly,
  },
  { route: "GET /api/coupons/active", resources: SELF, request: () => ({ url: "/api/coupons/active" }), expect: allow },
  {
    route: "POST /api/coupons/:id/redeem",
    resources: ID,
    request: (input) => {
      const id = couponId(input);
      return id ? { url: `/api/coupons/${id}/redeem` } : null;
    },
    // Redeeming needs a verified check-in in the last 24 h: the check-in rows above made some; never one's own.
    expect: (input) => (input.resource === "other" ? "any" : "refuse"),
  },
  {
    route: "GET /api/coupons/redemptions/mine",
    resources: SELF,
    request: () => ({ url: "/api/coupons/redemptions/mine" }),
    expect: allow,
  },
  {
    route: "GET /api/coupons/:id/redemptions",
    resources: ID,
    request: (input) => {
      const id = couponId(input);
      return id ? { url: `/api/coupons/${id}/redemptions` } : null;
    },
    expect: businessOwnerOnly,
  },
  {
    route: "POST /api/coupon-redemptions/mark-used",
    resources: ["none"],
    request: () => ({ url: "/api/coupon-redemptions/mark-used", payload: { code: "NOSUCHCODE" } }),
    expect: () => "refuse",
  },

  // ---- follows ----
  {
    route: "POST /api/follows",
    resources: ID,
    byVisibility: true,
    request: (input) => ({ url: "/api/follows", payload: { followingId: idOf(input) ?? NONE_ID } }),
    expect: (input) => (input.resource !== "other" ? "refuse" : input.role === "blocked" ? "refuse" : "allow"),
  },
  {
    route: "DELETE /api/follows/:userId",
    resources: ID,
    request: (input) => ({ url: `/api/follows/${idOf(input) ?? NONE_ID}` }),
    expect: (input) => (input.resource === "other" ? "any" : "noop"),
  },
  {
    route: "GET /api/follows/status/:userId",
    resources: ID,
    request: (input) => ({ url: `/api/follows/status/${idOf(input) ?? NONE_ID}` }),
    expect: () => "any",
  },
  {
    route: "GET /api/follows/requests",
    resources: SELF,
    request: () => ({ url: "/api/follows/requests" }),
    expect: allow,
  },
  ...(
    [
      ["POST", "/approve"],
      ["DELETE", ""],
    ] as const
  ).map(
    ([method, suffix]): MatrixRow => ({
      route: `${method} /api/follows/requests/:userId${suffix}`,
      resources: ID,
      request: async (input) => {
        // own: a request waiting for this role; other: one waiting for Alice (only she may answer it).
        const target = input.resource === "own" ? input.me : input.resource === "other" ? input.otherId : null;
        const requester = target ? await freshFollowRequest(input.world, target) : NONE_ID;
        return { url: `/api/follows/requests/${requester}${suffix}` };
      },
      // Someone else's request is never answered: refused, or a no-op the DB check proves.
      expect: (input) => (input.resource === "own" ? "allow" : method === "POST" ? "refuse" : "noop"),
    }),
  ),

  // ---- messaging ----
  { route: "GET /api/conversations", resources: SELF, request: () => ({ url: "/api/conversations" }), expect: allow },
  {
    route: "GET /api/conversations/:id/messages",
    resources: ["other", "none"],
    request: (input) => ({
      url: `/api/conversations/${input.resource === "other" ? input.world.foreignConversationId : NONE_ID}/messages`,
    }),
    expect: () => "deny",
  },
  {
    route: "POST /api/conversations/:id/mark-read",
    resources: ["other", "none"],
    request: (input) => ({
      url: `/api/conversations/${input.resource === "other" ? input.world.foreignConversationId : NONE_ID}/mark-read`,
    }),
    expect: () => "deny",
  },
  {
    route: "POST /api/messages",
    resources: ID,
    request: (input) => ({
      url: "/api/messages",
      payload: { recipientId: idOf(input) ?? NONE_ID, content: "Hello there" },
    }),
    // Blocks work both ways: `blocked` cannot write to Alice.
    expect: (input) => (input.resource !== "other" ? "refuse" : input.role === "blocked" ? "refuse" : "allow"),
  },
  {
    route: "GET /api/messages/unread-count",
    resources: SELF,
    request: () => ({ url: "/api/messages/unread-count" }),
    expect: allow,
  },
  {
    route: "GET /api/live",
    resources: SELF,
    request: () => ({ url: "/api/live" }),
    expect: (input) => (input.role === "anon" ? 401 : "any"),
  },

  // ---- notifications ----
  { route: "GET /api/notifications", resources: SELF, request: () => ({ url: "/api/notifications" }), expect: allow },
  {
    route: "GET /api/notifications/unread-count",
    resources: SELF,
    request: () => ({ url: "/api/notifications/unread-count" }),
    expect: allow,
  },
  {
    route: "POST /api/notifications/read-all",
    resources: SELF,
    request: () => ({ url: "/api/notifications/read-all" }),
    expect: allow,
  },
  {
    route: "POST /api/notifications/:notificationId/read",
    resources: ID,
    request: async (input) => {
      const target = owner(input);
      const id = input.resource === "none" || !target ? NONE_ID : await freshNotification(input.world, target);
      return { url: `/api/notifications/${id}/read` };
    },
    // Someone else's notification: a no-op at most (the DB check proves it stays unread).
    expect: (input) => (input.resource === "own" ? "allow" : "noop"),
  },

  // ---- push ----
  {
    route: "GET /api/push/public-key",
    resources: SELF,
    request: () => ({ url: "/api/push/public-key" }),
    expect: allow,
  },
  {
    route: "POST /api/push/subscriptions",
    resources: SELF,
    // A loopback endpoint: the outbound guard refuses it (400) for every signed-in role, and nothing is pushed.
    request: () => ({
      url: "/api/push/subscriptions",
      payload: {
        endpoint: "https://127.0.0.1/push/matrix",
        keys: { p256dh: `B${"A".repeat(86)}`, auth: "AAAAAAAAAAAAAAAAAAAAAA" },
      },
    }),
    expect: () => "refuse",
  },
  {
    route: "DELETE /api/push/subscriptions",
    resources: SELF,
    request: () => ({ url: "/api/push/subscriptions", payload: { endpoint: "https://push.example.com/matrix" } }),
    expect: allow,
  },
  {
    // A token nobody was sent: refused for everyone (the token decides, not the session).
    route: "GET /api/notifications/unsubscribe",
    resources: SELF,
    request: () => ({ url: `/api/notifications/unsubscribe?token=unknown-${randomUUID()}` }),
    expect: () => "refuse",
  },
  {
    route: "POST /api/notifications/unsubscribe",
    resources: SELF,
    request: () => ({ url: `/api/notifications/unsubscribe?token=unknown-${randomUUID()}` }),
    expect: () => "refuse",
  },

  // ---- payments ----
  {
    route: "POST /api/tips",
    resources: ID,
    request: (input) => ({
      url: "/api/tips",
      payload: { receiverId: idOf(input) ?? NONE_ID, amount: 2, cardLast4: "4242" },
      headers: money(),
    }),
    expect: (input) => (input.resource === "other" ? (input.role === "blocked" ? "refuse" : "any") : "refuse"),
  },
  {
    route: "POST /api/ppv-unlocks",
    resources: ID,
    byVisibility: true,
    request: async (input) => ({
      url: "/api/ppv-unlocks",
      payload: {
        postId:
          input.resource === "none" || !owner(input)
            ? NONE_ID
            : await freshPost(input.world, owner(input) ?? "", "ppv"),
        amount: 5,
        cardLast4: "4242",
      },
      headers: money(),
    }),
    expect: (input) => {
      if (input.resource !== "other") return "refuse";
      // Alice's "other" is otherUser's public post.
      return input.role === "user" || seesAliceContent(input.world, input.role) ? "allow" : "refuse";
    },
  },
  {
    route: "POST /api/subscriptions",
    resources: ID,
    request: (input) => ({
      url: "/api/subscriptions",
      payload: { creatorId: idOf(input) ?? NONE_ID, cardLast4: "4242" },
      headers: money(),
    }),
    expect: (input) => (input.resource === "other" ? (input.role === "blocked" ? "refuse" : "any") : "refuse"),
  },
  { route: "GET /api/subscriptions", resources: SELF, request: () => ({ url: "/api/subscriptions" }), expect: allow },
  {
    route: "GET /api/subscriptions/subscribers",
    resources: SELF,
    request: () => ({ url: "/api/subscriptions/subscribers" }),
    expect: allow,
  },
  {
    route: "DELETE /api/subscriptions/:creatorId",
    resources: ID,
    request: (input) => ({ url: `/api/subscriptions/${idOf(input) ?? NONE_ID}` }),
    expect: (input) => (input.resource === "other" ? "any" : "noop"),
  },
  {
    route: "GET /api/subscriptions/status/:creatorId",
    resources: ID,
    request: (input) => ({ url: `/api/subscriptions/status/${idOf(input) ?? NONE_ID}` }),
    expect: () => "any",
  },
  {
    route: "PATCH /api/users/subscription-price",
    resources: SELF,
    request: () => ({ url: "/api/users/subscription-price", payload: { price: 9.99 } }),
    expect: () => "any",
  },
  { route: "GET /api/wallet", resources: SELF, request: () => ({ url: "/api/wallet" }), expect: allow },
  { route: "GET /api/wallet/lines", resources: SELF, request: () => ({ url: "/api/wallet/lines" }), expect: allow },
  {
    route: "GET /api/wallet/spending",
    resources: SELF,
    request: () => ({ url: "/api/wallet/spending" }),
    expect: allow,
  },

  // ---- posts ----
  {
    route: "POST /api/posts",
    resources: SELF,
    request: () => ({ url: "/api/posts", payload: { title: "Matrix", content: "A post from the matrix" } }),
    expect: allow,
  },
  { route: "GET /api/posts/feed", resources: SELF, request: () => ({ url: "/api/posts/feed" }), expect: allow },
  { route: "GET /api/posts/trending", resources: SELF, request: () => ({ url: "/api/posts/trending" }), expect: allow },
  {
    route: "GET /api/posts/nearby",
    resources: SELF,
    request: () => ({ url: "/api/posts/nearby?latitude=45.7054&longitude=-121.5215&radius=10" }),
    expect: allow,
  },
  {
    route: "PATCH /api/posts/:id",
    resources: ID,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/posts/${input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author)}`,
        payload: { content: "Edited from the matrix" },
      };
    },
    expect: ownOnly,
  },
  {
    route: "GET /api/posts/:id",
    resources: ID,
    byVisibility: true,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/posts/${input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author, "ppv")}`,
      };
    },
    expect: aliceContent,
  },
  {
    route: "DELETE /api/posts/:id",
    resources: ID,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/posts/${input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author)}`,
      };
    },
    expect: ownOnly,
  },
  {
    route: "GET /api/users/:userId/posts",
    resources: ID,
    byVisibility: true,
    request: async (input) => {
      const author = owner(input);
      if (author) await freshPost(input.world, author, "subscriber");
      return { url: `/api/users/${input.resource === "none" || !author ? NONE_ID : author}/posts` };
    },
    expect: aliceContent,
  },
  {
    route: "POST /api/likes",
    resources: ID,
    byVisibility: true,
    request: async (input) => {
      const author = owner(input);
      return {
        url: "/api/likes",
        payload: { postId: input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author) },
      };
    },
    expect: aliceContent,
  },
  {
    route: "DELETE /api/likes/:postId",
    resources: ID,
    byVisibility: true,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/likes/${input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author)}`,
      };
    },
    // Unliking a post one cannot see: refused, or a no-op the DB check proves.
    expect: (input) => (aliceContent(input) === "deny" ? "noop" : aliceContent(input)),
  },
  {
    route: "GET /api/posts/:id/comments",
    resources: ID,
    byVisibility: true,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/posts/${input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author)}/comments`,
      };
    },
    expect: aliceContent,
  },
  {
    route: "POST /api/posts/:id/comments",
    resources: ID,
    byVisibility: true,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/posts/${input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author)}/comments`,
        payload: { content: "Nice one" },
      };
    },
    expect: aliceContent,
  },

  {
    route: "PATCH /api/comments/:id",
    resources: ID,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/comments/${input.resource === "none" || !author ? NONE_ID : await freshComment(input.world, author, author)}`,
        payload: { content: "Edited comment" },
      };
    },
    expect: ownOnly,
  },
  {
    // Someone else's comment on someone else's post: refused (the post's author may delete, tested in editing).
    route: "DELETE /api/comments/:id",
    resources: ID,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/comments/${input.resource === "none" || !author ? NONE_ID : await freshComment(input.world, author, author)}`,
      };
    },
    expect: ownOnly,
  },

  // ---- search ----
  { route: "GET /api/search", resources: SELF, request: () => ({ url: "/api/search?q=user" }), expect: allow },

  // ---- places ----
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
  // ---- app configuration (public, the same for everyone) ----
  { route: "GET /api/config", resources: SELF, request: () => ({ url: "/api/config" }), expect: allow },

  // ---- API docs (public, the same for everyone) ----
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

  // ---- demo town: off in tests (no town in the database), so every role gets 404 ----
  {
    route: "GET /api/demo/accounts",
    resources: SELF,
    request: () => ({ url: "/api/demo/accounts" }),
    expect: () => 404,
  },

  // ---- uploads ----
  {
    route: "POST /api/objects/upload",
    resources: SELF,
    request: () => ({ url: "/api/objects/upload" }),
    expect: allow,
  },
  {
    route: "PUT /api/uploads/:uploadId",
    resources: ID,
    request: async (input) => {
      const cookie = input.resource === "own" ? cookieOfRole(input.world, input.role) : input.world.actors.user.cookie;
      if (!cookie || input.role === "suspended") {
        if (input.resource === "own") return null;
      }
      const ticket =
        input.resource === "none"
          ? { uploadURL: `/api/uploads/${NONE_ID}?token=abc` }
          : await uploadTicket(input.world, cookie ?? input.world.actors.user.cookie);
      return { url: ticket.uploadURL, payload: await testImage(), headers: { "content-type": "image/png" } };
    },
    expect: (input) =>
      input.resource === "own" ? "allow" : input.role === "user" && input.resource === "other" ? "allow" : "deny",
  },
  {
    route: "GET /uploads/:file",
    resources: ["other", "none"],
    request: async (input) => ({
      url:
        input.resource === "other"
          ? await uploadedObject(input.world, input.world.actors.user.cookie)
          : `/uploads/${NONE_ID}.webp`,
    }),
    expect: (input) => (input.resource === "none" ? 404 : "allow"),
  },

  // ---- users ----
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
      if (input.resource === "own" && (!cookie || input.role === "suspended")) return null;
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

function spareUser(input: CaseInput): Promise<string> {
  return insertUser(input.world.harness);
}
