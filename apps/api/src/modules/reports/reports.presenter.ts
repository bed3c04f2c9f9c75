import type { ReportTargetType, ReportView } from "@plaza/contracts/reports";
import type { UserSummaryRow } from "../users/user-summary.repository";
import { presentUserSummary } from "../users/users.presenter";
import type { ReportRow, ReportTarget } from "./reports.repository";

export function presentReport(row: {
  report: ReportRow;
  reporter: UserSummaryRow | null;
  target: ReportTarget | null;
  owner: UserSummaryRow | null;
  assignee: UserSummaryRow | null;
}): ReportView {
  const { report } = row;
  return {
    id: report.id,
    targetType: report.targetType as ReportTargetType,
    targetId: report.targetId,
    targetPreview: row.target?.preview ?? null,
    targetImageUrl: row.target?.imageUrl ?? null,
    targetImageAlt: row.target?.imageAlt ?? null,
    targetOwner: row.owner ? presentUserSummary(row.owner) : null,
    reason: report.reason,
    status: report.status,
    resolution: report.resolution,
    reporter: row.reporter ? presentUserSummary(row.reporter) : null,
    assignee: row.assignee ? presentUserSummary(row.assignee) : null,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
  };
}
