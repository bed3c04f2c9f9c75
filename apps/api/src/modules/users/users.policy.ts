import type { Executor } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { isBlockedEitherWay, isFollowing } from "../relationships/relationships.repository";

type Viewer = Pick<UserRow, "id" | "isSuperuser"> | null;

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
 * Whether the viewer may see the profile's content (posts, photos, followers and following lists) under its
 * accountVisibility (CONTRACT "Privacy"): public → everyone; private → followers; custom → customVisibleUsers.
 * Call after canSeeProfile (blocks are checked there).
 */
export async function canViewProfileContent(db: Executor, viewer: Viewer, owner: UserRow): Promise<boolean> {
  if (isOwnerOrSuperuser(viewer, owner)) return true;
  switch (owner.accountVisibility) {
    case "public":
      return true;
    case "private":
      return viewer !== null && (await isFollowing(db, viewer.id, owner.id));
    case "custom":
      return viewer !== null && owner.customVisibleUsers.includes(viewer.id);
  }
}
