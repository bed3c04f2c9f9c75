import type { ReportQueueFilter, ReportTargetType } from "@plaza/contracts/reports";
import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { businesses } from "../../db/schema/businesses";
import { checkins } from "../../db/schema/checkins";
import { conversations, messages } from "../../db/schema/messaging";
import { posts } from "../../db/schema/posts";
import { reports } from "../../db/schema/reports";
import { users } from "../../db/schema/users";
import { encodeCursor, type KeysetCursor } from "../../lib/cursor";
import { newestFirst, type PageRequest, paginate } from "../../lib/paginate";
import { userSummaryColumns } from "../users/user-summary.repository";

export type ReportRow = typeof reports.$inferSelect;

/** The reported thing: who is behind it and a short text to recognise it. */
export interface ReportTarget {
  ownerId: string;
  preview: string | null;
  /** The reported picture (a post's first image, an account's photo), so a moderator sees what was reported; null without one. */
  imageUrl?: string | null;
  imageAlt?: string | null;
}

export const REMOVED_MESSAGE_TEXT = "[removed by a moderator]";
const PREVIEW_LENGTH = 200;

const clip = (text: string | null) => (text === null ? null : text.slice(0, PREVIEW_LENGTH));

/**
 * Finds a report target. With `participantId`, a message is found only when that person is in its conversation
 * (you can report only what you can see).
 */
export async function findReportTarget(
  db: Executor,
  targetType: ReportTargetType,
  targetId: string,
  participantId?: string,
): Promise<ReportTarget | undefined> {
  switch (targetType) {
    case "post": {
      const [row] = await db
        .select({
          ownerId: posts.authorId,
          title: posts.title,
          content: posts.content,
          mediaUrls: posts.mediaUrls,
          mediaType: posts.mediaType,
          altText: posts.altText,
        })
        .from(posts)
        .where(eq(posts.id, targetId))
        .limit(1);
      return (
        row && {
          ownerId: row.ownerId,
          preview: clip(row.title ? `${row.title}: ${row.content}` : row.content),
          imageUrl: row.mediaType === "video" ? null : (row.mediaUrls[0] ?? null),
          imageAlt: row.altText,
        }
      );
    }
    case "review": {
      const [row] = await db
        .select({ ownerId: checkins.userId, review: checkins.review, rating: checkins.rating })
        .from(checkins)
        .where(and(eq(checkins.id, targetId), or(isNotNull(checkins.review), isNotNull(checkins.rating))))
        .limit(1);
      return row && { ownerId: row.ownerId, preview: clip(row.review ?? `${row.rating ?? ""} stars`) };
    }
    case "message": {
      const [row] = await db
        .select({ ownerId: messages.senderId, content: messages.content })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            eq(messages.id, targetId),
            participantId
              ? or(eq(conversations.participant1Id, participantId), eq(conversations.participant2Id, participantId))
              : undefined,
          ),
        )
        .limit(1);
      return row && { ownerId: row.ownerId, preview: clip(row.content) };
    }
    case "user": {
      const [row] = await db
        .select({ ownerId: users.id, username: users.username, photo: users.profileImageUrl })
        .from(users)
        .where(and(eq(users.id, targetId), eq(users.isDeleted, false)))
        .limit(1);
      // A reported account's picture is its profile photo.
      return row && { ownerId: row.ownerId, preview: `@${row.username}`, imageUrl: row.photo, imageAlt: null };
    }
  }
}

export async function findOpenReport(db: Executor, reporterId: string, targetType: string, targetId: string) {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetType, targetType),
        eq(reports.targetId, targetId),
        eq(reports.status, "open"),
      ),
    )
    .limit(1);
  return row;
}

export async function insertReport(db: Executor, values: typeof reports.$inferInsert): Promise<ReportRow> {
  const [row] = await db.insert(reports).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findReportById(db: Executor, reportId: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, reportId)).limit(1);
  return row;
}

const summaryColumns = userSummaryColumns();

/** The queue filter as a condition on reports. */
function queueCondition(filter: ReportQueueFilter) {
  switch (filter) {
    case "open":
      return and(eq(reports.status, "open"), isNull(reports.assignedTo));
    case "assigned":
      return and(eq(reports.status, "open"), isNotNull(reports.assignedTo));
    case "resolved":
      return inArray(reports.status, ["actioned", "dismissed"]);
    default:
      return eq(reports.status, filter);
  }
}

export async function findReportsPage(db: Executor, filter: ReportQueueFilter, page: PageRequest<KeysetCursor>) {
  return paginate(
    page,
    newestFirst(reports.createdAt, reports.id),
    ({ after, orderBy, limit }) =>
      db
        .select({ report: reports, reporter: summaryColumns })
        .from(reports)
        .leftJoin(users, eq(users.id, reports.reporterId))
        .where(and(queueCondition(filter), after))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => encodeCursor(row.report),
  );
}

export async function findUserSummaries(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db.select(summaryColumns).from(users).where(inArray(users.id, userIds));
}

/** Closes every open report of one target with the same outcome; answers the closed reports. */
export async function closeOpenReportsOfTarget(
  db: Executor,
  target: { targetType: string; targetId: string },
  outcome: { status: "actioned" | "dismissed"; resolution: string; resolvedBy: string; resolvedAt: Date },
): Promise<ReportRow[]> {
  return db
    .update(reports)
    .set(outcome)
    .where(
      and(eq(reports.targetType, target.targetType), eq(reports.targetId, target.targetId), eq(reports.status, "open")),
    )
    .returning();
}

/** Removes a review (text and rating) and keeps the business's rating counters right. */
export async function removeReview(db: Executor, checkinId: string): Promise<boolean> {
  const [before] = await db
    .select({ rating: checkins.rating, businessId: checkins.businessId })
    .from(checkins)
    .where(eq(checkins.id, checkinId))
    .limit(1);
  if (!before) return false;
  await db.update(checkins).set({ review: null, rating: null }).where(eq(checkins.id, checkinId));
  if (before.rating !== null) {
    await db
      .update(businesses)
      .set({
        ratingSum: sql`greatest(${businesses.ratingSum} - ${before.rating}, 0)`,
        totalReviews: sql`greatest(${businesses.totalReviews} - 1, 0)`,
        averageRating: sql`case when ${businesses.totalReviews} - 1 > 0 then round((${businesses.ratingSum} - ${before.rating})::numeric / (${businesses.totalReviews} - 1), 2) else 0 end`,
      })
      .where(eq(businesses.id, before.businessId));
  }
  return true;
}

/** Replaces a message's text (the conversation's counters and order stay as they are). */
export async function redactMessage(db: Executor, messageId: string): Promise<boolean> {
  const [row] = await db
    .update(messages)
    .set({ content: REMOVED_MESSAGE_TEXT })
    .where(eq(messages.id, messageId))
    .returning({ conversationId: messages.conversationId });
  if (!row) return false;
  // The list preview shows the latest message's text; if that was this one, it goes too.
  await db
    .update(conversations)
    .set({ lastMessagePreview: REMOVED_MESSAGE_TEXT })
    .where(
      and(
        eq(conversations.id, row.conversationId),
        sql`not exists (select 1 from ${messages} where ${messages.conversationId} = ${row.conversationId} and ${messages.content} <> ${REMOVED_MESSAGE_TEXT} and ${messages.createdAt} > (select ${messages.createdAt} from ${messages} where ${messages.id} = ${messageId}))`,
      ),
    );
  return true;
}
