import { randomUUID } from "node:crypto";
import { checkins } from "../../../src/db/schema/checkins";
import { insertUser, type SignedInRole } from "../harness";
import { seesAliceContent, type World } from "../world";

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
  /** Strings this role's answer must not hold (e.g. the id of a post it may not find), whatever the status. */
  forbidden?: string[];
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

export const ID = ["own", "other", "none"] as const satisfies Resource[];
export const SELF = ["self"] as const satisfies Resource[];
export const NONE_ID = "00000000-0000-4000-8000-00000000dead";

export const isBiz = (role: string) => role === "bizOwner" || role === "bizOther";
export const idOf = (input: CaseInput) =>
  input.resource === "own" ? input.me : input.resource === "other" ? input.otherId : NONE_ID;
/** The own resource when the role has one, Alice's otherwise. */
export const allow = (): Expectation => "allow";
export const ownOnly = (input: CaseInput): Expectation => (input.resource === "own" ? "allow" : "deny");
/** Reading Alice's content: allowed by her visibility; own always; nonexistent 404. */
export const aliceContent = (input: CaseInput): Expectation => {
  if (input.resource === "none") return "deny";
  if (input.resource === "own") return input.role === "anon" ? "skip" : "allow";
  if (input.role === "user") return "allow";
  return seesAliceContent(input.world, input.role) ? "allow" : "deny";
};
/** Someone else's business (bizOther's; for bizOther, bizOwner's). */
export const otherBusiness = (input: CaseInput) =>
  input.world.businesses[input.role === "bizOther" ? "bizOwner" : "bizOther"];
export const businessId = (input: CaseInput): string | null => {
  if (input.resource === "none") return NONE_ID;
  if (input.resource === "other") return otherBusiness(input)?.id ?? null;
  return isBiz(input.role) ? (input.world.businesses[input.role as SignedInRole]?.id ?? null) : null;
};
export const couponId = (input: CaseInput): string | null => {
  if (input.resource === "none") return NONE_ID;
  if (input.resource === "other") return otherBusiness(input)?.couponId ?? null;
  return isBiz(input.role) ? (input.world.businesses[input.role as SignedInRole]?.couponId ?? null) : null;
};
/** A business-owner resource: only the owner of the business may act. */
export const businessOwnerOnly = (input: CaseInput): Expectation => (input.resource === "own" ? "allow" : "deny");
export const owner = (input: CaseInput) => (input.resource === "own" ? input.me : input.otherId);
export const money = () => ({ "idempotency-key": randomUUID() });

/** A verified review (a rated check-in) at the business, by a spare visitor, written straight to the database. */
export async function freshReview(input: CaseInput, business: string): Promise<string> {
  const visitor = await insertUser(input.world.harness);
  const [row] = await input.world.harness.context.db
    .insert(checkins)
    .values({
      userId: visitor,
      businessId: business,
      rating: 4,
      review: "Nice",
      distanceMeters: 1,
    })
    .returning({ id: checkins.id });
  if (!row) throw new Error("no review inserted");
  return row.id;
}

export async function freshCoupon(input: CaseInput, business: string): Promise<string | null> {
  const role = business === input.world.businesses.bizOwner?.id ? "bizOwner" : "bizOther";
  const response = await input.world.harness.app.inject({
    method: "POST",
    url: "/api/coupons",
    headers: { cookie: input.world.actors[role].cookie },
    payload: { businessId: business, title: "Spare coupon", discountType: "freeItem", discountValue: 0 },
  });
  return response.statusCode === 201 ? response.json<{ id: string }>().id : null;
}

export function spareUser(input: CaseInput): Promise<string> {
  return insertUser(input.world.harness);
}
