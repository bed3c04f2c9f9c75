import type { Preferences, ProfileType } from "@plaza/contracts/users";
import type { AppContext } from "../../app-context";

export interface PresenceView {
  isOnline: boolean | null;
  lastActiveAt: string | null;
}

/**
 * What the viewer may see of someone's presence: with `showOnlineStatus` off both are null to everyone else (the
 * user always sees their own). A business account has none for others: it speaks as its business, and whether
 * its owner has the app open is the owner's, not the business's (docs/PRODUCT.md "Businesses").
 */
export function presentPresence(
  viewerId: string | null,
  user: { id: string; profileType: ProfileType; preferences: Preferences; lastActiveAt: Date | null },
  isOnline: boolean,
): PresenceView {
  if (viewerId !== user.id && (user.preferences.showOnlineStatus === false || user.profileType === "business"))
    return { isOnline: null, lastActiveAt: null };
  return { isOnline, lastActiveAt: user.lastActiveAt?.toISOString() ?? null };
}

/** Whether each of these users has a live connection; nobody is online when presence cannot be asked. */
export async function onlineAmong(context: Pick<AppContext, "presence">, userIds: string[]): Promise<Set<string>> {
  try {
    return await context.presence.onlineAmong([...new Set(userIds)]);
  } catch {
    return new Set();
  }
}
