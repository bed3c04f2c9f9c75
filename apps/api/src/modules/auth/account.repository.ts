import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type SessionRow, sessions } from "../../db/schema/auth";
import { type UserRow, users } from "../../db/schema/users";

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/** Switches the address (it was just proved by its confirmation link) and recomputes superuser rights. */
export async function updateVerifiedEmail(
  db: Executor,
  userId: string,
  email: string,
  isSuperuser: boolean,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ email, emailVerifiedAt: now, isSuperuser, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/** The account's live sessions, most recently used first. */
export async function listSessionsOfUser(db: Executor, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one of the user's sessions by its public id; false when no such session of theirs exists. */
export async function deleteSessionByPublicId(db: Executor, userId: string, publicId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Ends every session of the user but `keepSessionId` (all of them when it is null). */
export async function deleteSessionsExcept(db: Executor, userId: string, keepSessionId: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}
