import {
  describeNotification,
  NOTIFICATION_AVATAR_COUNT,
  type NotificationSubjectView,
  type NotificationView,
} from "@plaza/contracts/notifications";
import { displayName, HIDDEN_USER_NAME } from "@plaza/contracts/users";
import type { Executor } from "../../db/client";
import { presentHiddenUserSummary, presentUserSummary } from "../users/users.presenter";
import {
  type ActorRow,
  findActorsByIds,
  findNotificationRow,
  type NotificationPageRow,
  type NotificationRow,
} from "./notifications.repository";

/** How long an untitled post's text may be when it names a notification. */
const UNTITLED_POST_SUBJECT_LENGTH = 40;

/**
 * Where a notification leads in the web app, from its type and entity. Money goes to the wallet, a redeemed coupon
 * to the business dashboard; moderation outcomes lead nowhere (the reporter may no longer see the content).
 */
export function notificationLink(
  notification: Pick<NotificationRow, "type" | "actorId" | "entityType" | "entityId"> &
    Partial<Pick<NotificationRow, "data">>,
) {
  const { type, actorId, entityType, entityId } = notification;
  if (type === "report_outcome") return null;
  if (type === "coupon_redeemed") return "/business-dashboard";
  // Partnerships: the creator answers in Settings, the owner manages partners on the dashboard.
  if (type === "partnership_invited") return "/settings#partners";
  if (type === "partnership_accepted" || type === "partnership_declined") return "/business-dashboard#partners";
  if (type === "partnership_ended") {
    return notification.data?.recipientRole === "creator" ? "/settings#partners" : "/business-dashboard#partners";
  }
  if (type === "tip" || type === "new_subscriber") return "/wallet";
  // A renewal that needs the payer: the page that finishes paying it.
  if (type === "payment_action_required" && entityId) return `/pay/${entityId}`;
  if (type === "message") return entityType === "conversation" && entityId ? `/messages/${entityId}` : "/messages";
  if (entityType === "conversation" && entityId) return `/messages/${entityId}`;
  if (entityType === "post" && entityId) return `/posts/${entityId}`;
  if (entityType === "user" && entityId) return `/profile/${entityId}`;
  if (entityType === "business" && entityId) return `/business/${entityId}`;
  if (entityType === "event" && entityId) return `/events/${entityId}`;
  // A moderation notice and its appeal's answer open the notice (its page holds the appeal form).
  if (entityType === "notice" && entityId) return `/notices/${entityId}`;
  return actorId ? `/profile/${actorId}` : null;
}

function subjectOf(row: Pick<NotificationPageRow, "post" | "business">): NotificationSubjectView | null {
  if (row.post) {
    const text = row.post.title?.trim() || row.post.content.trim().replace(/\s+/g, " ");
    const title =
      text.length > UNTITLED_POST_SUBJECT_LENGTH ? `${text.slice(0, UNTITLED_POST_SUBJECT_LENGTH - 1)}…` : text;
    return title ? { kind: "post", id: row.post.id, title } : null;
  }
  if (row.business) return { kind: "business", id: row.business.id, title: row.business.name };
  return null;
}

/** The ids of a grouped notification's actors, newest first (the actor alone for an ungrouped one). */
function actorIdsOf(notification: NotificationRow): string[] {
  const ids = Array.isArray(notification.data.actorIds)
    ? notification.data.actorIds.filter((id): id is string => typeof id === "string")
    : [];
  if (ids.length > 0) return ids;
  return notification.actorId ? [notification.actorId] : [];
}

/** The other actors whose avatars the rows show, to load in one query. */
export function extraActorIds(rows: Pick<NotificationPageRow, "notification">[]): string[] {
  const ids = new Set<string>();
  for (const { notification } of rows) {
    for (const id of actorIdsOf(notification).slice(0, NOTIFICATION_AVATAR_COUNT)) {
      if (id !== notification.actorId) ids.add(id);
    }
  }
  return [...ids];
}

/**
 * A notification as its recipient sees it: the sentence naming its subject, the actors' avatars, the screen it
 * opens. When the actor has blocked the recipient since, the entry stays (a tip stays a tip) but shows the actor
 * anonymised, and no longer leads to their profile. `otherActors` holds the grouped actors (see extraActorIds).
 */
export function presentNotification(
  row: Pick<NotificationPageRow, "notification" | "actor" | "isActorBlockingViewer" | "post" | "business">,
  otherActors: Map<string, ActorRow> = new Map(),
): NotificationView {
  const { notification, actor } = row;
  const isActorHidden = actor !== null && row.isActorBlockingViewer;
  const link = notificationLink(notification);
  const targetUrl = isActorHidden && link === `/profile/${actor.id}` ? null : link;
  const actorView = actor ? (isActorHidden ? presentHiddenUserSummary(actor.id) : presentUserSummary(actor)) : null;
  const actorIds = actorIdsOf(notification);
  const others = actorIds
    .slice(0, NOTIFICATION_AVATAR_COUNT)
    .filter((id) => id !== notification.actorId)
    .map((id) => otherActors.get(id))
    .filter((other): other is ActorRow => other !== undefined)
    .map(presentUserSummary);
  const actors = [...(actorView ? [actorView] : []), ...others].slice(0, NOTIFICATION_AVATAR_COUNT);
  const actorCount = Math.max(actorIds.length, actorView ? 1 : 0);
  const subject = subjectOf(row);
  const { actorIds: _ids, ...data } = notification.data;
  const actorName = actorView ? (isActorHidden ? HIDDEN_USER_NAME : displayName(actorView)) : null;
  return {
    id: notification.id,
    type: notification.type,
    actor: actorView,
    actors,
    actorCount,
    entityType: notification.entityType,
    entityId: notification.entityId,
    subject,
    text: describeNotification({ type: notification.type, data, subject, actorCount }, actorName),
    targetUrl,
    link: targetUrl,
    data,
    isRead: notification.readAt !== null,
    createdAt: notification.createdAt.toISOString(),
  };
}

/** A page of notifications, presented (one more query for the grouped actors' avatars). */
export async function presentNotificationPage(
  db: Executor,
  userId: string,
  rows: NotificationPageRow[],
): Promise<NotificationView[]> {
  const others = await findActorsByIds(db, userId, extraActorIds(rows));
  return rows.map((row) => presentNotification(row, others));
}

/**
 * ONE notification presented for its recipient, exactly as the list shows it (Web Push sends this as its
 * payload; notification mails use its text and target). Undefined when it does not exist or is not theirs.
 */
export async function presentNotificationForUser(
  db: Executor,
  userId: string,
  notificationId: string,
): Promise<NotificationView | undefined> {
  const row = await findNotificationRow(db, userId, notificationId);
  if (!row) return undefined;
  const [view] = await presentNotificationPage(db, userId, [row]);
  return view;
}
