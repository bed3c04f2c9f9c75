import { type SQL, sql } from "drizzle-orm";
import { type BusinessRow, businesses } from "../../db/schema/businesses";
import { users } from "../../db/schema/users";
import { notBlockedWith } from "../relationships/relationships.repository";
import { authorVisibleTo } from "../users/users.policy";
import type { SessionUser, Viewer } from "../users/viewer";

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
 * their own; a signed-out reader sees those of public accounts.
 */
export function checkinsVisibleTo(viewer: Viewer | null): SQL {
  if (!viewer) {
    return sql`(${authorVisibleTo(null)}
    and ${users.isDeleted} = false
    and coalesce((${users.preferences} ->> 'showRecentActivity')::boolean, true))`;
  }
  return sql`(${users.id} = ${viewer.id} or (
    ${authorVisibleTo(viewer)}
    and ${notBlockedWith(viewer.id, users.id)}
    and ${users.isDeleted} = false
    and coalesce((${users.preferences} ->> 'showRecentActivity')::boolean, true)))`;
}

/**
 * SQL condition: the business is open at `now` in its own time zone (the `openNow=true` filter). The hours are a
 * JSON array, Monday first, so the local ISO weekday picks today's entry and yesterday's (whose overnight part may
 * still run). Local times compare as "HH:MM" text. The same rule as `openStatus` in contracts/business-hours,
 * which computes `isOpenNow` for each business read; the int tests hold the two together.
 */
export function openNowSql(now: Date): SQL {
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${businesses.timeZone})`;
  const day = sql`(extract(isodow from ${local})::int - 1)`;
  const today = sql`(${businesses.hours} -> ${day})`;
  const yesterday = sql`(${businesses.hours} -> ((${day} + 6) % 7))`;
  const time = sql`to_char(${local}, 'HH24:MI')`;
  return sql`(${businesses.hours} is not null and (
    (${yesterday} ->> 'close' <= ${yesterday} ->> 'open' and ${time} < ${yesterday} ->> 'close')
    or (${time} >= ${today} ->> 'open'
      and (${today} ->> 'close' <= ${today} ->> 'open' or ${time} < ${today} ->> 'close'))))`;
}
