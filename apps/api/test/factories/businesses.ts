import type { BusinessCategory, BusinessView, CreateBusinessBody } from "@plaza/contracts/businesses";
import type { CouponView, CreateCouponInput } from "@plaza/contracts/coupons";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../src/app-context";
import type { Executor } from "../../src/db/client";
import { businesses } from "../../src/db/schema/businesses";
import { checkins } from "../../src/db/schema/checkins";
import type { Position } from "../../src/lib/geo";
import type { TestClient } from "../test-app";
import { buildUser } from "./users";

/** Where test businesses stand (the Eiffel Tower); customers check in from here. */
export const BUSINESS_POSITION = { latitude: 48.8584, longitude: 2.2945 } as const;

let sequence = 0;

/** A business-profile account with its business (a draft unless `publish`), created through the API. */
export async function buildBusiness(
  app: FastifyInstance,
  options: { overrides?: Partial<CreateBusinessBody>; publish?: boolean; coupon?: Partial<CreateCouponInput> } = {},
): Promise<{ owner: TestClient; ownerId: string; business: BusinessView; coupon: CouponView | null }> {
  sequence += 1;
  const { client: owner, user } = await buildUser(app, { profileType: "business" });
  const created = await owner.post("/api/businesses", {
    name: `Cafe Number ${sequence}`,
    category: "cafe",
    ...BUSINESS_POSITION,
    ...options.overrides,
  });
  if (created.statusCode !== 201) throw new Error(`buildBusiness failed: ${created.statusCode} ${created.body}`);
  let business = created.json<BusinessView>();
  let coupon: CouponView | null = null;
  if (options.publish || options.coupon) {
    const couponResponse = await owner.post("/api/coupons", {
      businessId: business.id,
      title: "Free coffee",
      discountType: "freeItem",
      discountValue: 0,
      ...options.coupon,
    });
    if (couponResponse.statusCode !== 201) throw new Error(`coupon failed: ${couponResponse.body}`);
    coupon = couponResponse.json<CouponView>();
  }
  if (options.publish) {
    const published = await owner.patch(`/api/businesses/${business.id}`, { isPublished: true });
    if (published.statusCode !== 200) throw new Error(`publish failed: ${published.body}`);
    business = published.json<BusinessView>();
  }
  return { owner, ownerId: user.id, business, coupon };
}

/** The visit code the owner's dashboard shows right now. */
export async function readVisitCode(owner: TestClient, businessId: string): Promise<string> {
  const response = await owner.get(`/api/businesses/${businessId}/visit-code`);
  if (response.statusCode !== 200) throw new Error(`visit code failed: ${response.body}`);
  return response.json<{ code: string }>().code;
}

/** A verified check-in of `customer` at the business, through the API. */
export async function checkInAt(
  customer: TestClient,
  owner: TestClient,
  businessId: string,
  extra: { rating?: number; review?: string } = {},
) {
  const visitCode = await readVisitCode(owner, businessId);
  const response = await customer.post(`/api/businesses/${businessId}/checkins`, {
    ...BUSINESS_POSITION,
    visitCode,
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(`check-in failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * `count` published businesses (and their owners) inserted in one statement, for query-cost tests that need a table
 * too large to read whole. With `around`, they are spread over a rectangle `spanKm` wide around that point.
 */
export async function insertPublishedBusinesses(
  db: Executor,
  options: { prefix: string; count: number; category: BusinessCategory; around?: Position; spanKm?: number },
): Promise<void> {
  const centre = options.around ?? null;
  const spanKm = options.spanKm ?? 0;
  const latitudeSpan = spanKm / 111.195;
  const longitudeSpan = centre ? latitudeSpan / Math.cos((centre.latitude * Math.PI) / 180) : 0;
  await db.execute(sql`
    with owners as (
      insert into users (email, password_hash, username, preferences, profile_type)
      select ${options.prefix} || '-' || n || '@example.test', 'x', ${options.prefix} || '_' || n, '{}'::jsonb,
        'business'
      from generate_series(1, ${options.count}::int) as n
      returning id, split_part(username, '_', 2)::int as n
    )
    insert into businesses (owner_id, name, category, latitude, longitude, is_published, visit_secret)
    select id, ${options.prefix} || ' ' || n, ${options.category},
      ${centre?.latitude ?? null}::float8 + ((n * 7919) % 1000 / 1000.0 - 0.5) * ${latitudeSpan}::float8,
      ${centre?.longitude ?? null}::float8 + ((n * 104729) % 997 / 997.0 - 0.5) * ${longitudeSpan}::float8,
      true, 'secret'
    from owners`);
  await db.execute(sql`analyze businesses`);
}

/** A business with one verified, rated check-in (a review) by `reviewerId`, written straight to the database. */
export async function insertReview(context: AppContext, ownerId: string, reviewerId: string, rating: number) {
  const [business] = await context.db
    .insert(businesses)
    .values({
      ownerId,
      name: "Corner Cafe",
      category: "cafe",
      visitSecret: "secret",
      ratingSum: rating,
      totalReviews: 1,
      averageRating: rating,
      totalCheckIns: 1,
    })
    .returning({ id: businesses.id });
  if (!business) throw new Error("no business");
  const [checkin] = await context.db
    .insert(checkins)
    .values({
      userId: reviewerId,
      businessId: business.id,
      rating,
      review: "Rude staff",
      distanceMeters: 1,
    })
    .returning({ id: checkins.id });
  if (!checkin) throw new Error("no checkin");
  return { businessId: business.id, checkinId: checkin.id };
}
