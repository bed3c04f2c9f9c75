import type { AdminLogView, AdminPostView, AdminUserView } from "@plaza/contracts/admin";
import type { posts } from "../../db/schema/posts";
import type { UserRow } from "../../db/schema/users";
import type { UserSummaryRow } from "../users/user-summary.repository";
import { presentUserSummary } from "../users/users.presenter";
import type { AdminLogPageRow } from "./admin.repository";

/** A user as the admin screen shows them: contact and moderation fields, never the password hash or sessions. */
export function presentAdminUser(user: UserRow): AdminUserView {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    profileImageUrl: user.profileImageUrl,
    profileType: user.profileType,
    isVerified: user.isVerified,
    isSuperuser: user.isSuperuser,
    isSuspended: user.isSuspended,
    suspendedUntil: user.suspendedUntil?.toISOString() ?? null,
    suspensionReason: user.suspensionReason,
    isDeleted: user.isDeleted,
    deletionGracePeriodEnd: user.deletionGracePeriodEnd?.toISOString() ?? null,
    postsCount: user.postsCount,
    followersCount: user.followersCount,
    createdAt: user.createdAt.toISOString(),
  };
}

export function presentAdminPost(row: { post: typeof posts.$inferSelect; author: UserSummaryRow }): AdminPostView {
  const { post, author } = row;
  const price = post.priceCents === null ? null : post.priceCents / 100;
  return {
    id: post.id,
    authorId: post.authorId,
    author: presentUserSummary(author),
    title: post.title,
    content: post.content,
    createdAt: post.createdAt.toISOString(),
    postType: post.postType,
    isPpv: post.postType === "ppv",
    ppvPrice: post.postType === "ppv" ? price : null,
    imageUrl: post.mediaType === "video" ? null : (post.mediaUrls[0] ?? null),
    altText: post.altText,
    mediaType: post.mediaType,
  };
}

/** What the log's target is called, from its joined row or, for an agreement, the version it logged. */
function targetLabel(row: AdminLogPageRow): string | null {
  if (row.targetUser) return `@${row.targetUser.username}`;
  if (row.targetPostTitle) return `“${row.targetPostTitle}”`;
  if (row.targetPostContent) return `“${row.targetPostContent}”`;
  const version = row.log.details.version;
  if (row.log.targetType === "agreement" && typeof version === "string") return `version ${version}`;
  return null;
}

export function presentAdminLog(row: AdminLogPageRow): AdminLogView {
  const { log } = row;
  return {
    id: log.id,
    action: log.action,
    targetType: log.targetType,
    targetId: log.targetId,
    adminUserId: log.adminUserId,
    admin: row.admin ? presentUserSummary(row.admin) : null,
    targetLabel: targetLabel(row),
    targetUser: row.targetUser ? presentUserSummary(row.targetUser) : null,
    details: log.details,
    createdAt: log.createdAt.toISOString(),
  };
}
