import type { Executor } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { isBlockedEitherWay, isFollowing } from "../relationships/relationships.repository";

type Viewer = Pick<UserRow, "id" | "isSuperuser"> | null;

/** The owner's visibility settings, as the content rule needs them. */
export type ContentPrivacy = Pick<UserRow, "id" | "accountVisibility" | "customVisibleUsers">;

/** The owner and superusers see everything of a profile, including a scheduled-for-deletion one. */
export function isOwnerOrSuperuser(viewer: Viewer, owner: Pick<UserRow, "id">): boolean {
  return viewer !== null && (viewer.id === owner.id || viewer.isSuperuser);
}

/**
 * Whether the viewer may see the profile at all: deleted accounts and blocks (either direction) make it
 * not found for everyone but the owner and superusers.
 */
export async function canSeeProfile(db: Executor, viewer: Viewer, owner: UserRow): Promise<boolean> {
  if (isOwnerOrSuperuser(viewer, owner)) return true;
  if (owner.isDeleted) return false;
  if (viewer && (await isBlockedEitherWay(db, viewer.id, owner.id))) return false;
  return true;
}

/**
 * The one accountVisibility rule (docs/PRODUCT.md "Privacy"): public → everyone; private → followers; custom →
 * customVisibleUsers; the owner and superusers always. Blocks are checked separately (canSeeProfile).
 */
export function canSeeContentOf(viewer: Viewer, owner: ContentPrivacy, isFollower: boolean): boolean {
  if (isOwnerOrSuperuser(viewer, owner)) return true;
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
export async function canViewProfileContent(db: Executor, viewer: Viewer, owner: UserRow): Promise<boolean> {
  const needsFollow = owner.accountVisibility === "private" && viewer !== null && !isOwnerOrSuperuser(viewer, owner);
  const isFollower = needsFollow && viewer !== null && (await isFollowing(db, viewer.id, owner.id));
  return canSeeContentOf(viewer, owner, isFollower);
}
