import type { SocialLinks } from "@plaza/contracts/social-links";
import type { PreferencesBody, ProfileUpdateBody, SelfUserView } from "@plaza/contracts/users";
import type { AppContext } from "../../app-context";
import { presentSelf } from "./users.presenter";
import {
  exportAccountData,
  updatePreferences,
  updateProfile,
  updateProfilePhoto,
  updateSocialLinks,
} from "./users.service";
import type { SessionUser } from "./viewer";

/**
 * The signed-in user's own account as the routes answer it: each change (users.service) answered with the
 * user's self view, and the account export as a file.
 */
export async function editProfile(
  context: AppContext,
  viewer: SessionUser,
  body: ProfileUpdateBody,
): Promise<SelfUserView> {
  return presentSelf(await updateProfile(context, viewer, body));
}

export async function editPreferences(
  context: AppContext,
  viewer: SessionUser,
  body: PreferencesBody,
): Promise<SelfUserView> {
  return presentSelf(await updatePreferences(context, viewer, body));
}

export async function setProfilePhoto(context: AppContext, viewer: SessionUser, url: string): Promise<SelfUserView> {
  return presentSelf(await updateProfilePhoto(context, viewer, url));
}

export async function replaceSocialLinks(
  context: AppContext,
  viewer: SessionUser,
  userId: string,
  socialLinks: SocialLinks,
): Promise<SelfUserView> {
  return presentSelf(await updateSocialLinks(context, viewer, userId, socialLinks));
}

/** Everything the account holds, as the file the browser downloads (`plaza-export-<username>-<date>.json`). */
export async function exportAccountFile(context: AppContext, viewer: SessionUser) {
  const data = await exportAccountData(context, viewer);
  const date = context.clock.now().toISOString().slice(0, 10);
  return { filename: `plaza-export-${viewer.username}-${date}.json`, data };
}
