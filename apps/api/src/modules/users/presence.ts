import type { Preferences } from "@plaza/contracts/users";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/users";

/** lastActiveAt is written at most this often while a connection stays open (and at connect and close). */
export const LAST_ACTIVE_WRITE_INTERVAL_MS = 60_000;

/** Records that the user has the app open (throttled unless `force`: connect and close always write). */
export async function recordActivity(db: Executor, userId: string, now: Date, force = false): Promise<void> {
  const stale = new Date(now.getTime() - LAST_ACTIVE_WRITE_INTERVAL_MS);
  await db
    .update(users)
    .set({ lastActiveAt: now })
    .where(
      and(eq(users.id, userId), force ? undefined : or(isNull(users.lastActiveAt), lt(users.lastActiveAt, stale))),
    );
}

export interface PresenceView {
  isOnline: boolean | null;
  lastActiveAt: string | null;
}

/**
 * What the viewer may see of someone's presence: with `showOnlineStatus` off both are null to everyone else (the
 * user always sees their own).
 */
export function presentPresence(
  viewerId: string | null,
  user: { id: string; preferences: Preferences; lastActiveAt: Date | null },
  isOnline: boolean,
): PresenceView {
  if (viewerId !== user.id && user.preferences.showOnlineStatus === false)
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
