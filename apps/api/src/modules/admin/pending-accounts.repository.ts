import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sessions } from "../../db/schema/auth";
import { type UserRow, users } from "../../db/schema/users";

/** The accounts waiting for approval, oldest first (they wait in the order they came). */
export function findPendingAccounts(db: Executor, limit: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.registrationStatus, "pending"), eq(users.isDeleted, false)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit);
}

/**
 * Moves a pending account to `status`, only while it is pending (so two administrators deciding at once decide
 * once). Undefined when it was not pending.
 */
export async function decidePendingAccount(
  db: Executor,
  userId: string,
  status: "active" | "rejected",
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ registrationStatus: status, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.registrationStatus, "pending")))
    .returning();
  return row;
}

export async function endSessionsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
