import { z } from "zod";
import { pageQuery } from "./pagination";
import {
  REPORT_ACTIONS,
  REPORT_QUEUE_FILTERS,
  REPORT_REASON_MAX_LENGTH,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from "./reports.texts";
import { userSummaryView } from "./users";

export * from "./reports.texts";

export const reportTargetType = z.enum(REPORT_TARGET_TYPES, "Choose what you are reporting");
export type ReportTargetType = z.infer<typeof reportTargetType>;
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
export const reportsQuery = pageQuery.extend({
  status: z.enum(REPORT_QUEUE_FILTERS, "Choose open, assigned or resolved").default("open"),
});
export const reportIdParams = z.object({ reportId: z.uuid("Invalid report id") });

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
  /** The moderator who has it; null while it is open to anyone. */
  assignee: userSummaryView.nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type ReportView = z.infer<typeof reportView>;

export const createdReportView = z.object({ id: z.uuid(), status: z.enum(REPORT_STATUSES) });
