import { freshNotification } from "../world";
import { allow, ID, type MatrixRow, NONE_ID, owner, SELF } from "./common";

/** Matrix rows: notifications. */
export const NOTIFICATIONS_ROWS: MatrixRow[] = [
  { route: "GET /api/notifications", resources: SELF, request: () => ({ url: "/api/notifications" }), expect: allow },
  {
    route: "GET /api/notifications/unread-count",
    resources: SELF,
    request: () => ({ url: "/api/notifications/unread-count" }),
    expect: allow,
  },
  {
    route: "POST /api/notifications/read-all",
    resources: SELF,
    request: () => ({ url: "/api/notifications/read-all" }),
    expect: allow,
  },
  {
    route: "POST /api/notifications/:notificationId/read",
    resources: ID,
    request: async (input) => {
      const target = owner(input);
      const id = input.resource === "none" || !target ? NONE_ID : await freshNotification(input.world, target);
      return { url: `/api/notifications/${id}/read` };
    },
    // Someone else's notification: a no-op at most (the DB check proves it stays unread).
    expect: (input) => (input.resource === "own" ? "allow" : "noop"),
  },
];
