import { type SQL, sql } from "drizzle-orm";
import { posts } from "../../db/schema/posts";
import { canSeeContentOf } from "../users/users.policy";
import type { Viewer } from "../users/viewer";

/** What the viewer has paid for, as read with the post (ppv_unlocks, subscriptions). */
export interface PostEntitlements {
  isUnlocked: boolean;
  isSubscribed: boolean;
}

/**
 * May the viewer see the whole post (content, media)? The author always may; a ppv post needs the viewer's
 * unlock, a subscriber post an active subscription to the author (docs/PRODUCT.md "Privacy"). Free posts are open.
 */
export function canViewFull(
  viewerId: string | null,
  post: { authorId: string; postType: "free" | "ppv" | "subscriber" },
  entitlements: PostEntitlements,
): boolean {
  if (viewerId !== null && viewerId === post.authorId) return true;
  if (post.postType === "ppv") return entitlements.isUnlocked;
  if (post.postType === "subscriber") return entitlements.isSubscribed;
  return true;
}

/**
 * canViewFull as an SQL condition on the `posts` row, for queries that filter or rank by it (search, business
 * photos): one rule, so a query never opens a post the read keeps locked. `entitlements` are the viewer's facts as
 * postListColumns reads them; signed out, only free posts are open.
 */
export function canViewFullSql(viewer: Viewer | null, entitlements: { isUnlocked: SQL; isSubscribed: SQL }): SQL {
  if (!viewer) return sql`(${posts.postType} = 'free')`;
  return sql`(${posts.authorId} = ${viewer.id} or (case ${posts.postType} when 'ppv' then ${entitlements.isUnlocked} when 'subscriber' then ${entitlements.isSubscribed} else true end))`;
}

export interface AuthorPrivacy {
  id: string;
  accountVisibility: "public" | "private" | "custom";
  customVisibleUsers: string[];
  isLimited: boolean;
}

/**
 * May the viewer see this author's posts? The profile content rule of users.policy (one rule for profiles,
 * posts and unlocks). Blocks are checked separately.
 */
export function canSeeAuthorPosts(viewer: Viewer | null, author: AuthorPrivacy, isFollower: boolean): boolean {
  return canSeeContentOf(viewer, author, isFollower);
}
