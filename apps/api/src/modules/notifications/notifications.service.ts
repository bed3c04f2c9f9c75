import type { Executor } from "../../db/client";
import { notifications } from "../../db/schema/admin";

/** Kinds of notification (CONTRACT "Social": notifications are real). */
export type NotificationType =
  | "follow"
  | "tip"
  | "ppv_unlock"
  | "new_subscriber"
  | "coupon_redeemed"
  | "message"
  | "report_outcome"
  | "comment"
  | "like";

export interface NewNotification {
  userId: string;
  type: NotificationType;
  actorId?: string | null;
  entityType?: string;
  entityId?: string;
  data?: Record<string, unknown>;
}

/**
 * Records a notification inside the caller's transaction, so it exists exactly when the event it reports does.
 * Nobody is notified of their own actions.
 */
export async function notify(db: Executor, notification: NewNotification): Promise<void> {
  if (notification.actorId && notification.actorId === notification.userId) return;
  await db.insert(notifications).values({
    userId: notification.userId,
    type: notification.type,
    actorId: notification.actorId ?? null,
    entityType: notification.entityType ?? null,
    entityId: notification.entityId ?? null,
    data: notification.data ?? {},
  });
}
