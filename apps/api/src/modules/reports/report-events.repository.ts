import type { ModerationEventKind } from "@plaza/contracts/moderation";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { moderationEvents } from "../../db/schema/moderation";
import { users } from "../../db/schema/users";
import { userSummaryColumns } from "../users/user-summary.repository";

export type ModerationEventRow = typeof moderationEvents.$inferSelect;

/** Appends one entry to the moderation history (rows are never changed or removed). */
export async function insertModerationEvent(
  db: Executor,
  values: {
    kind: ModerationEventKind;
    actorId: string | null;
    createdAt: Date;
    reportId?: string | null;
    accountId?: string | null;
    noticeId?: string | null;
    text?: string | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(moderationEvents).values(values);
}

const HISTORY_LIMIT = 500;

/** The history of one report or one account, oldest first, each with who did it. */
export function selectModerationHistory(db: Executor, by: { reportId: string } | { accountId: string }) {
  const condition =
    "reportId" in by ? eq(moderationEvents.reportId, by.reportId) : eq(moderationEvents.accountId, by.accountId);
  return db
    .select({ event: moderationEvents, actor: userSummaryColumns() })
    .from(moderationEvents)
    .leftJoin(users, eq(users.id, moderationEvents.actorId))
    .where(condition)
    .orderBy(asc(moderationEvents.sequence))
    .limit(HISTORY_LIMIT);
}
