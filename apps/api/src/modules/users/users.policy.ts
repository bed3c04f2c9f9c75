import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { follows } from "../../db/schema/follows";
import { type UserRow, users } from "../../db/schema/users";
import { isBlockedEitherWay, isFollowing } from "../relationships/relationships.repository";
import type { Viewer } from "./viewer";

/** The owner's visibility settings, as the content rule needs them. */
export type ContentPrivacy = Pick<UserRow, "id" | "accountVisibility" | "customVisibleUsers" | "isLimited">;

/** The owner and superusers see everything of a profile, including a scheduled-for-deletion one. */
export function isOwnerOrSuperuser(viewer: Viewer | null, owner: Pick<UserRow, "id">): boolean {
  return viewer !== null && (viewer.id === owner.id || viewer.isSuperuser);
}

/**
 * Whether the viewer may see the profile at all: deleted accounts and blocks (either direction) make it
 * not found for everyone but the owner and superusers.
 */
export async function canSeeProfile(db: Executor, viewer: Viewer | null, owner: UserRow): Promise<boolean> {
  if (isOwnerOrSuperuser(viewer, owner)) return true;
  if (owner.isDeleted) return false;
  if (viewer && (await isBlockedEitherWay(db, viewer.id, owner.id))) return false;
  return true;
}

/**
 * The one accountVisibility rule (docs/PRODUCT.md "Privacy"): public → everyone; private → followers; custom →
 * customVisibleUsers; the owner and superusers always. A limited account (a moderator's action) is seen by its
 * followers only, on top of its own setting. Blocks are checked separately (canSeeProfile).
 */
export function canSeeContentOf(viewer: Viewer | null, owner: ContentPrivacy, isFollower: boolean): boolean {
  if (isOwnerOrSuperuser(viewer, owner)) return true;
  if (owner.isLimited && !(viewer !== null && isFollower)) return false;
  switch (owner.accountVisibility) {
    case "public":
      return true;
    case "private":
      return viewer !== null && isFollower;
    case "custom":
      return viewer !== null && owner.customVisibleUsers.includes(viewer.id);
  }
}

/**
 * Whether the viewer may see the profile's content (posts, photos, followers and following lists).
 * Call after canSeeProfile (blocks are checked there). The follow is looked up only for private accounts.
 */
export async function canViewProfileContent(db: Executor, viewer: Viewer | null, owner: UserRow): Promise<boolean> {
  const needsFollow =
    (owner.accountVisibility === "private" || owner.isLimited) && viewer !== null && !isOwnerOrSuperuser(viewer, owner);
  const isFollower = needsFollow && viewer !== null && (await isFollowing(db, viewer.id, owner.id));
  return canSeeContentOf(viewer, owner, isFollower);
}

/**
 * canSeeContentOf as an SQL condition on a joined `users` row (the author of posts, the visitor of check-ins), for
 * the reads of the posts and businesses modules. Blocks and deletion are checked separately.
 */
export function authorVisibleTo(viewer: Viewer | null): SQL {
  if (!viewer) return sql`(${users.accountVisibility} = 'public' and not ${users.isLimited})`;
  if (viewer.isSuperuser) return sql`true`;
  const isFollower = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewer.id} and ${follows.followingId} = ${users.id})`;
  return sql`(${users.id} = ${viewer.id}
    or ((not ${users.isLimited} or ${isFollower}) and (${users.accountVisibility} = 'public'
      or (${users.accountVisibility} = 'private' and ${isFollower})
      or (${users.accountVisibility} = 'custom' and ${viewer.id}::uuid = any(${users.customVisibleUsers})))))`;
}
