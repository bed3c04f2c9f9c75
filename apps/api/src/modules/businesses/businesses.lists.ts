import type { BusinessListQuery, BusinessView } from "@plaza/contracts/businesses";
import type { CheckinView, FriendActivityView, ReviewView } from "@plaza/contracts/checkins";
import type { PageQuery } from "@plaza/contracts/pagination";
import type { AppContext } from "../../app-context";
import { decodeCursor, mapPage, type Page } from "../../lib/cursor";
import type { SessionUser } from "../users/viewer";
import { canManageBusiness } from "./businesses.policy";
import { presentBusiness, presentCheckin, presentFriendActivity, presentReview } from "./businesses.presenter";
import { listCheckins, listFriendActivity, listReviews } from "./businesses.repository";
import { getVisibleBusiness, listDiscoverPage } from "./businesses.service";

/** The lists of the businesses module, each one page with its next cursor and its items presented. */

/** A page of Discover (GET /api/businesses), in the order the query asks for. */
export async function discoverBusinesses(
  context: AppContext,
  viewer: SessionUser,
  query: BusinessListQuery,
): Promise<Page<BusinessView>> {
  const now = context.clock.now();
  return mapPage(await listDiscoverPage(context, viewer, query), (row) =>
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
  const page = await listCheckins(
    context.db,
    business.id,
    { viewer, onlyReviews },
    { limit: query.limit, cursor: decodeCursor(query.cursor) },
  );
  return mapPage(page, (row) => presentCheckin(row.checkin, row.user));
}

/** A page of a business's verified reviews, of the reviewers the reader may see; newest first. */
export async function listBusinessReviews(
  context: AppContext,
  viewer: SessionUser | null,
  businessId: string,
  query: PageQuery,
): Promise<Page<ReviewView>> {
  const business = await getVisibleBusiness(context, viewer, businessId);
  const page = await listReviews(context.db, business.id, viewer, {
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
  });
  return mapPage(page, (row) => presentReview(row.checkin, row.user));
}

/** A page of the check-ins of the people the viewer follows, newest first. */
export async function listFriendsActivity(
  context: AppContext,
  viewer: SessionUser,
  query: PageQuery,
): Promise<Page<FriendActivityView>> {
  const page = await listFriendActivity(context.db, viewer, { limit: query.limit, cursor: decodeCursor(query.cursor) });
  return mapPage(page, (row) => presentFriendActivity(row.checkin, row.user, row.businessName));
}
