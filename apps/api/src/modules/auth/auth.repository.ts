import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { preparedStatement } from "../../db/prepared";
import { sessions } from "../../db/schema/auth";
import { type UserRow, users } from "../../db/schema/users";

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The live session with its user, or undefined when unknown or expired. */
export async function findSessionWithUser(db: Executor, sessionId: string, now: Date) {
  // Every signed-in request runs this: a named prepared statement (see preparedStatement).
  const statement = preparedStatement(db, "session_with_user", (name) =>
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder("sessionId")),
          sql`${sessions.expiresAt} > ${sql.placeholder("now")}::timestamptz`,
        ),
      )
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ sessionId, now: now.toISOString() });
  return row;
}

export async function touchSession(db: Executor, sessionId: string, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now)));
}

/** Makes exactly the configured emails superusers, once verified (run at start-up). */
export async function syncSuperusers(db: Executor, emails: string[]): Promise<void> {
  if (emails.length === 0) {
    await db.update(users).set({ isSuperuser: false }).where(eq(users.isSuperuser, true));
    return;
  }
  const list = sql.join(
    emails.map((email) => sql`${email}`),
    sql`, `,
  );
  const isListedAndVerified = sql`(${users.email} in (${list}) and ${users.emailVerifiedAt} is not null)`;
  await db
    .update(users)
    .set({ isSuperuser: isListedAndVerified })
    .where(sql`${users.isSuperuser} <> ${isListedAndVerified}`);
}

export async function liftSuspension(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ isSuspended: false, suspendedUntil: null, suspensionReason: null })
    .where(eq(users.id, userId));
}
