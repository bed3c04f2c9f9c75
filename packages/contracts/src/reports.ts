import { z } from "zod";
import { pageQuery } from "./pagination";
import { userSummaryView } from "./users";

// ---- Reports ----

export const REPORT_TARGET_TYPES = ["post", "review", "message", "user"] as const;
export const reportTargetType = z.enum(REPORT_TARGET_TYPES, "Choose what you are reporting");
export type ReportTargetType = z.infer<typeof reportTargetType>;

export const REPORT_REASON_MAX_LENGTH = 500;
/** Reports one person may send per hour (a brake on mass false reporting). */
export const REPORT_RATE_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 } as const;
export const reportReason = z
  .string("Please give a reason")
  .trim()
  .min(1, "Please give a reason")
  .max(REPORT_REASON_MAX_LENGTH, "Reason must be at most 500 characters");

/** POST /api/reports. */
export const reportBody = z.object({
  targetType: reportTargetType,
  targetId: z.uuid("Invalid target"),
  reason: reportReason,
});
export type ReportBody = z.infer<typeof reportBody>;

export const REPORT_STATUSES = ["open", "actioned", "dismissed"] as const;
export const reportsQuery = pageQuery.extend({ status: z.enum(REPORT_STATUSES).default("open") });
export const reportIdParams = z.object({ reportId: z.uuid("Invalid report id") });

export const REPORT_ACTIONS = ["dismiss", "delete_content", "suspend_user"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: "Dismiss",
  delete_content: "Delete content",
  suspend_user: "Suspend user",
};

/** POST /api/admin/reports/{id}/resolve. */
export const resolveReportBody = z.object({
  action: z.enum(REPORT_ACTIONS, "Choose an action"),
  reason: reportReason,
});
export type ResolveReportBody = z.infer<typeof resolveReportBody>;

export const reportView = z.object({
  id: z.uuid(),
  targetType: reportTargetType,
  targetId: z.string(),
  /** A short description of the reported thing (post excerpt, review text, message text, username). */
  targetPreview: z.string().nullable(),
  /** The reported picture (a post's first image, a reported account's photo); null when the target has none or is gone. */
  targetImageUrl: z.string().nullable(),
  /** The author's description of that picture, when given. */
  targetImageAlt: z.string().nullable(),
  /** The person behind the reported thing (author, sender or the reported user). */
  targetOwner: userSummaryView.nullable(),
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  resolution: z.string().nullable(),
  reporter: userSummaryView.nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type ReportView = z.infer<typeof reportView>;

export const createdReportView = z.object({ id: z.uuid(), status: z.enum(REPORT_STATUSES) });
