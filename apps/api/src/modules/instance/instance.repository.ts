import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type InstanceSettingsRow, instanceSettings, invites } from "../../db/schema/instance";

export type InstanceSettingsValues = Omit<InstanceSettingsRow, "id" | "updatedAt">;

/** The one settings row, or undefined before the first change. */
export async function findInstanceSettings(db: Executor): Promise<InstanceSettingsRow | undefined> {
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.id, 1));
  return row;
}

/** Writes the whole settings row (inserted the first time, replaced after). */
export async function saveInstanceSettings(
  db: Executor,
  values: InstanceSettingsValues,
  now: Date,
): Promise<InstanceSettingsRow> {
  const [row] = await db
    .insert(instanceSettings)
    .values({ id: 1, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: instanceSettings.id, set: { ...values, updatedAt: now } })
    .returning();
  if (!row) throw new Error("instance settings were not saved");
  return row;
}

export async function insertInvite(db: Executor, values: typeof invites.$inferInsert) {
  const [row] = await db.insert(invites).values(values).returning();
  if (!row) throw new Error("invite was not created");
  return row;
}

/**
 * Counts one use of a valid invite in one conditional update (race-safe: two sign-ups on the last use cannot both
 * pass). Returns whether a use was counted.
 */
export async function claimInviteUse(db: Executor, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(invites)
    .set({ uses: sql`${invites.uses} + 1` })
    .where(and(eq(invites.code, code), lt(invites.uses, invites.maxUses), gt(invites.expiresAt, now)))
    .returning({ id: invites.id });
  return rows.length > 0;
}

/**
 * Ends an invite now (its expiry moves to `now` unless it has already passed), as Mastodon's "expire": links already
 * sent stop working and its uses so far stay counted. `createdBy` limits it to that person's own invites (null: any,
 * for a superuser). Returns the invite, or undefined when there is none to end.
 */
export async function expireInvite(db: Executor, code: string, createdBy: string | null, now: Date) {
  const [row] = await db
    .update(invites)
    .set({ expiresAt: sql`least(${invites.expiresAt}, ${now})` })
    .where(and(eq(invites.code, code), createdBy === null ? undefined : eq(invites.createdBy, createdBy)))
    .returning();
  return row;
}

/** The invites one person made, newest first (a short list: each person makes few). */
export function findInvitesBy(db: Executor, userId: string, limit: number) {
  return db
    .select()
    .from(invites)
    .where(eq(invites.createdBy, userId))
    .orderBy(sql`${invites.createdAt} desc`)
    .limit(limit);
}
