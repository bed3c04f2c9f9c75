import { ADMIN_MESSAGES } from "@plaza/contracts/admin";
import {
  REPORT_RATE_LIMIT,
  type ReportBody,
  type ReportQueueFilter,
  type ReportTargetType,
  type ReportView,
  type ResolveReportBody,
} from "@plaza/contracts/reports";
import type { AppContext } from "../../app-context";
import type { Executor, Transaction } from "../../db/client";
import { badRequest, conflict, notFound, tooManyRequests } from "../../lib/app-error";
import { decodeCursor, type Page } from "../../lib/cursor";
import { type Effects, inTransaction } from "../../lib/unit-of-work";
import { insertAdminLog } from "../admin/admin.repository";
import { deletePostInTransaction, suspendUserInTransaction } from "../admin/admin.service";
import { notify } from "../notifications/notifications.service";
import { insertModerationEvent } from "./report-events.repository";
import { presentReport } from "./reports.presenter";
import {
  closeOpenReportsOfTarget,
  findOpenReport,
  findReportById,
  findReportsPage,
  findReportTarget,
  findUserSummaries,
  insertReport,
  type ReportRow,
  redactMessage,
  removeReview,
} from "./reports.repository";

/**
 * Files a report. The target must exist and be visible to the reporter (messages: only in their own
 * conversations); one open report per reporter and target (409 for a second one).
 */
/** What the API answers about a report it filed or resolved. */
export interface ReportState {
  id: string;
  status: ReportRow["status"];
}

export async function createReport(context: AppContext, reporterId: string, body: ReportBody): Promise<ReportState> {
  if (body.targetType === "user" && body.targetId === reporterId) {
    throw badRequest(ADMIN_MESSAGES.cannotReportYourself, "targetId");
  }
  const target = await findReportTarget(context.db, body.targetType, body.targetId, reporterId);
  if (!target) throw notFound(ADMIN_MESSAGES.reportTargetNotFound);
  if (await findOpenReport(context.db, reporterId, body.targetType, body.targetId)) {
    throw conflict(ADMIN_MESSAGES.alreadyReported, "ALREADY_REPORTED");
  }
  const attempt = await context.rateLimiter.hit(
    `reports:${reporterId}`,
    REPORT_RATE_LIMIT.max,
    REPORT_RATE_LIMIT.windowMs,
  );
  if (!attempt.allowed) throw tooManyRequests(ADMIN_MESSAGES.reportingTooFast, attempt.retryAfterMs);
  try {
    const report = await insertReport(context.db, {
      reporterId,
      targetType: body.targetType,
      targetId: body.targetId,
      reason: body.reason,
      createdAt: context.clock.now(),
    });
    return { id: report.id, status: report.status };
  } catch (error) {
    // A concurrent twin got in first: the partial unique index keeps one open report per reporter and target.
    if (isUniqueViolation(error)) throw conflict(ADMIN_MESSAGES.alreadyReported, "ALREADY_REPORTED");
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  return candidate.code === "23505" || candidate.cause?.code === "23505";
}

export async function listReports(
  context: AppContext,
  query: { status: ReportQueueFilter; limit: number; cursor?: string },
): Promise<Page<ReportView>> {
  const page = await findReportsPage(context.db, query.status, {
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
  });
  const rows = page.items;
  // Targets live in four tables: one small lookup per distinct target of this page (at most 101), admin-only.
  const targets = new Map<string, Awaited<ReturnType<typeof findReportTarget>>>();
  for (const { report } of rows) {
    const key = `${report.targetType}:${report.targetId}`;
    if (!targets.has(key)) {
      targets.set(key, await findReportTarget(context.db, report.targetType as ReportTargetType, report.targetId));
    }
  }
  const ownerIds = [
    ...new Set([
      ...[...targets.values()].flatMap((target) => (target ? [target.ownerId] : [])),
      ...rows.flatMap(({ report }) => (report.assignedTo ? [report.assignedTo] : [])),
    ]),
  ];
  const owners = new Map((await findUserSummaries(context.db, ownerIds)).map((owner) => [owner.id, owner]));
  const items = rows.map((row) => {
    const target = targets.get(`${row.report.targetType}:${row.report.targetId}`);
    return presentReport({
      ...row,
      target: target ?? null,
      owner: target ? (owners.get(target.ownerId) ?? null) : null,
      assignee: row.report.assignedTo ? (owners.get(row.report.assignedTo) ?? null) : null,
    });
  });
  return { items, nextCursor: page.nextCursor };
}

async function applyReportAction(
  tx: Executor,
  admin: { id: string; now: Date },
  report: ReportRow,
  body: ResolveReportBody,
): Promise<void> {
  if (body.action === "dismiss") return;
  const targetType = report.targetType as ReportTargetType;
  const target = await findReportTarget(tx, targetType, report.targetId);
  if (body.action === "suspend_user") {
    if (!target) throw notFound(ADMIN_MESSAGES.reportTargetNotFound);
    await suspendUserInTransaction(
      tx,
      admin,
      target.ownerId,
      { reason: body.reason, suspendUntil: null },
      { reportId: report.id },
    );
    return;
  }
  // delete_content
  if (targetType === "user") throw badRequest(ADMIN_MESSAGES.nothingToDelete, "action");
  if (!target) return; // Already gone: closing the report is all that is left to do.
  if (targetType === "post") {
    await deletePostInTransaction(tx, admin, report.targetId, { reportId: report.id });
    return;
  }
  const isRemoved =
    targetType === "review" ? await removeReview(tx, report.targetId) : await redactMessage(tx, report.targetId);
  if (isRemoved) {
    await insertAdminLog(tx, {
      action: targetType === "review" ? "delete_review" : "delete_message",
      targetType,
      targetId: report.targetId,
      adminUserId: admin.id,
      details: { ownerId: target.ownerId, excerpt: target.preview, reportId: report.id },
      createdAt: admin.now,
    });
  }
}

/**
 * Closes a report and every open report of the same target with one outcome, inside the caller's transaction: each
 * gets a "resolved" entry in the moderation history, the admin log a line, and each reporter a notification.
 * The moderation module's actions close the report they answer through this too.
 */
export async function closeReport(
  tx: Transaction,
  effects: Effects,
  report: ReportRow,
  resolution: { outcome: string; reason: string; moderatorId: string; accountId: string | null; now: Date },
): Promise<ReportRow[]> {
  const { now, moderatorId } = resolution;
  const closed = await closeOpenReportsOfTarget(tx, report, {
    status: resolution.outcome === "dismiss" ? "dismissed" : "actioned",
    resolution: resolution.reason,
    resolvedBy: moderatorId,
    resolvedAt: now,
  });
  for (const closedReport of closed) {
    await insertModerationEvent(tx, {
      kind: "resolved",
      reportId: closedReport.id,
      accountId: resolution.accountId,
      actorId: moderatorId,
      text: resolution.reason,
      data: { action: resolution.outcome },
      createdAt: now,
    });
  }
  await insertAdminLog(tx, {
    action: "resolve_report",
    targetType: "report",
    targetId: report.id,
    adminUserId: moderatorId,
    details: {
      action: resolution.outcome,
      reason: resolution.reason,
      reportedType: report.targetType,
      reportedId: report.targetId,
      closedReports: closed.length,
    },
    createdAt: now,
  });
  for (const closedReport of closed) {
    if (!closedReport.reporterId) continue;
    await notify(tx, effects, {
      userId: closedReport.reporterId,
      type: "report_outcome",
      entityType: "report",
      entityId: closedReport.id,
      data: { outcome: resolution.outcome, targetType: report.targetType },
    });
  }
  return closed;
}

/**
 * Resolves a report: acts on it (dismiss, delete the content, or suspend the person behind it), closes every
 * open report of the same target with that outcome, logs it, and tells each reporter the outcome — one
 * transaction.
 */
export async function resolveReport(
  context: AppContext,
  adminId: string,
  reportId: string,
  body: ResolveReportBody,
): Promise<ReportState> {
  const now = context.clock.now();
  const admin = { id: adminId, now };
  const resolved = await inTransaction(context, async (tx, effects) => {
    const report = await findReportById(tx, reportId);
    if (!report) throw notFound(ADMIN_MESSAGES.reportNotFound);
    if (report.status !== "open") throw conflict(ADMIN_MESSAGES.reportAlreadyResolved, "REPORT_RESOLVED");
    const targetOwnerId =
      (await findReportTarget(tx, report.targetType as ReportTargetType, report.targetId))?.ownerId ?? null;
    await applyReportAction(tx, admin, report, body);
    const closed = await closeReport(tx, effects, report, {
      outcome: body.action,
      reason: body.reason,
      moderatorId: adminId,
      accountId: targetOwnerId,
      now,
    });
    return closed.find((closedReport) => closedReport.id === report.id) ?? report;
  });
  return { id: resolved.id, status: resolved.status };
}
