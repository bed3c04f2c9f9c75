// Texts, constants and pure rules of reports: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./reports.ts, which re-exports all of this.

// ---- Reports ----

export const REPORT_TARGET_TYPES = ["post", "review", "message", "user"] as const;

export const REPORT_REASON_MAX_LENGTH = 500;
/** Reports one person may send per hour (a brake on mass false reporting). */
export const REPORT_RATE_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 } as const;

export const REPORT_STATUSES = ["open", "actioned", "dismissed"] as const;
/**
 * The queue's filters (GET /api/admin/reports?status=): open (nobody has it), assigned (a moderator has it),
 * resolved (actioned or dismissed); actioned and dismissed narrow resolved.
 */
export const REPORT_QUEUE_FILTERS = ["open", "assigned", "resolved", "actioned", "dismissed"] as const;
export type ReportQueueFilter = (typeof REPORT_QUEUE_FILTERS)[number];

export const REPORT_ACTIONS = ["dismiss", "delete_content", "suspend_user"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: "Dismiss",
  delete_content: "Delete content",
  suspend_user: "Suspend user",
};
