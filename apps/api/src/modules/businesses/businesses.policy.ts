import { type SQL, sql } from "drizzle-orm";
import type { BusinessRow } from "../../db/schema/businesses";
import { users } from "../../db/schema/users";
import type { SessionUser } from "../auth/auth.service";
import { authorVisibleTo, type PostViewer } from "../posts/posts.policy";
import { notBlockedWith } from "../relationships/relationships.repository";

/** Only the owner changes a business or reads its visit code, check-in details and analytics. */
export function canManageBusiness(viewer: Pick<SessionUser, "id">, business: Pick<BusinessRow, "ownerId">): boolean {
  return business.ownerId === viewer.id;
}

/** Published businesses are public; a draft is visible to its owner only. */
export function canViewBusiness(
  viewer: Pick<SessionUser, "id"> | null,
  business: Pick<BusinessRow, "ownerId" | "isPublished">,
): boolean {
  return business.isPublished || (viewer !== null && canManageBusiness(viewer, business));
}

/**
 * The one rule for whose check-ins and reviews the viewer sees (friend activity, a business's check-ins and
 * reviews), as an SQL condition on the joined `users` row of the visitor: the rule of their posts (account
 * visibility; no block either way; not being deleted) and their "show recent activity" switch. Everyone sees
 * their own.
 */
export function checkinsVisibleTo(viewer: PostViewer): SQL {
  return sql`(${users.id} = ${viewer.id} or (
    ${authorVisibleTo(viewer)}
    and ${notBlockedWith(viewer.id, users.id)}
    and ${users.isDeleted} = false
    and coalesce((${users.preferences} ->> 'showRecentActivity')::boolean, true)))`;
}
