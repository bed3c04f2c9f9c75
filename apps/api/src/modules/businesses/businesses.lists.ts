import type { BusinessListQuery, BusinessView } from "@plaza/contracts/businesses";
import type { CheckinView, FriendActivityView, ReviewView } from "@plaza/contracts/checkins";
import type { PageQuery } from "@plaza/contracts/pagination";
import type { AppContext } from "../../app-context";
import { decodeCursor, encodeCursor, mapPage, type Page, toPage } from "../../lib/cursor";
import type { SessionUser } from "../auth/auth.service";
import { canManageBusiness } from "./businesses.policy";
import { presentBusiness, presentCheckin, presentFriendActivity, presentReview } from "./businesses.presenter";
import { listCheckins, listFriendActivity, listReviews } from "./businesses.repository";
import { getVisibleBusiness, listDiscoverPage } from "./businesses.service";

/** The lists of the businesses module, each one page with its next cursor and its items presented. */

/** The cursor of a check-in in a list ordered by (checkedInAt desc, id desc). */
const byCheckin = (row: { checkin: { checkedInAt: Date; id: string } }) =>
  encodeCursor({ createdAt: row.checkin.checkedInAt, id: row.checkin.id });

/** A page of Discover (GET /api/businesses), in the order the query asks for. */
export async function discoverBusinesses(
  context: AppContext,
  viewer: SessionUser,
  query: BusinessListQuery,
): Promise<Page<BusinessView>> {
  const now = context.clock.now();
  const { rows, cursorOf } = await listDiscoverPage(context, viewer, query);
  return mapPage(toPage(rows, query.limit, cursorOf), (row) =>
    presentBusiness(row.business, now, row.distanceMeters, row.friendPicks, row.verified),
  );
}

/**
 * A page of a business's check-ins: the owner sees every check-in, everyone else the reviews (rated check-ins)
 * only. Either way only of the visitors the viewer may see (blocks, account visibility, deletion, their activity
 * switch).
 */
export async function listBusinessCheckins(
  context: AppContext,
  viewer: SessionUser,
  businessId: string,
  query: PageQuery & { reviews?: "true" | "false" },
): Promise<Page<CheckinView>> {
  const business = await getVisibleBusiness(context, viewer, businessId);
  const onlyReviews = query.reviews === "true" || !canManageBusiness(viewer, business);
  const rows = await listCheckins(context.db, business.id, {
    viewer,
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
    onlyReviews,
  });
  return mapPage(toPage(rows, query.limit, byCheckin), (row) => presentCheckin(row.checkin, row.user));
}

/** A page of a business's verified reviews, of the reviewers the reader may see; newest first. */
export async function listBusinessReviews(
  context: AppContext,
  viewer: SessionUser | null,
  businessId: string,
  query: PageQuery,
): Promise<Page<ReviewView>> {
  const business = await getVisibleBusiness(context, viewer, businessId);
  const rows = await listReviews(context.db, business.id, {
    viewer,
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
  });
  return mapPage(toPage(rows, query.limit, byCheckin), (row) => presentReview(row.checkin, row.user));
}

/** A page of the check-ins of the people the viewer follows, newest first. */
export async function listFriendsActivity(
  context: AppContext,
  viewer: SessionUser,
  query: PageQuery,
): Promise<Page<FriendActivityView>> {
  const rows = await listFriendActivity(context.db, viewer, query.limit, decodeCursor(query.cursor));
  return mapPage(toPage(rows, query.limit, byCheckin), (row) =>
    presentFriendActivity(row.checkin, row.user, row.businessName),
  );
}
