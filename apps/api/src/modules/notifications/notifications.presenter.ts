import type { NotificationView } from "@plaza/contracts/notifications";
import { presentHiddenUserSummary, presentUserSummary } from "../users/users.presenter";
import type { ActorRow, NotificationRow } from "./notifications.repository";

/**
 * Where a notification leads in the web app, from its type and entity. Unknown kinds fall back to the actor's
 * profile; moderation outcomes lead nowhere (the reporter may no longer see the content).
 */
export function notificationLink(notification: Pick<NotificationRow, "type" | "actorId" | "entityType" | "entityId">) {
  const { type, actorId, entityType, entityId } = notification;
  if (type === "report_outcome") return null;
  if (type === "coupon_redeemed") return "/business-dashboard";
  if (type === "message") return entityType === "conversation" && entityId ? `/messages/${entityId}` : "/messages";
  if (entityType === "conversation" && entityId) return `/messages/${entityId}`;
  if (entityType === "post" && entityId) return `/posts/${entityId}`;
  if (entityType === "user" && entityId) return `/profile/${entityId}`;
  if (entityType === "business" && entityId) return `/business/${entityId}`;
  return actorId ? `/profile/${actorId}` : null;
}

/**
 * A notification as its recipient sees it. When the actor has blocked the recipient since, the entry stays (a tip
 * stays a tip) but shows the actor anonymised, and no longer leads to their profile.
 */
export function presentNotification(row: {
  notification: NotificationRow;
  actor: ActorRow | null;
  isActorBlockingViewer: boolean;
}): NotificationView {
  const { notification, actor } = row;
  const isActorHidden = actor !== null && row.isActorBlockingViewer;
  const link = notificationLink(notification);
  return {
    id: notification.id,
    type: notification.type,
    actor: actor ? (isActorHidden ? presentHiddenUserSummary(actor.id) : presentUserSummary(actor)) : null,
    entityType: notification.entityType,
    entityId: notification.entityId,
    link: isActorHidden && link === `/profile/${actor.id}` ? null : link,
    data: notification.data,
    isRead: notification.readAt !== null,
    createdAt: notification.createdAt.toISOString(),
  };
}
