import type {
  AssignReportBody,
  EmailDomainBlockView,
  ModerationEventView,
  ReportNoteBody,
} from "@plaza/contracts/moderation";
import { MODERATION_MESSAGES } from "@plaza/contracts/moderation";
import type { ReportTargetType } from "@plaza/contracts/reports";
import type { AppContext } from "../../app-context";
import { conflict, notFound } from "../../lib/app-error";
import { findUserById, insertAdminLog } from "../admin/admin.repository";
import {
  deleteEmailDomainBlock,
  insertEmailDomainBlock,
  selectEmailDomainBlocks,
} from "../auth/email-domain-blocks.repository";
import { insertModerationEvent, selectModerationHistory } from "../reports/report-events.repository";
import { findReportById, findReportTarget } from "../reports/reports.repository";
import { presentEmailDomainBlock, presentModerationEvent } from "./moderation.presenter";
import { assignOpenReport, setModeratorFlag } from "./moderation.repository";

/** Whom a report is about: the owner of the reported thing (null when it is gone). */
async function reportedAccount(context: AppContext, report: { targetType: string; targetId: string }) {
  return (await findReportTarget(context.db, report.targetType as ReportTargetType, report.targetId))?.ownerId ?? null;
}

/**
 * Gives an open report to a moderator (the caller when none is named; another must be a moderator or superuser).
 * Reassigning is allowed; a resolved report answers 409.
 */
export async function assignReport(
  context: AppContext,
  moderatorId: string,
  reportId: string,
  body: AssignReportBody,
): Promise<{ id: string; assigneeId: string }> {
  const assigneeId = body.moderatorId ?? moderatorId;
  if (assigneeId !== moderatorId) {
    const assignee = await findUserById(context.db, assigneeId);
    if (!assignee || assignee.isDeleted || !(assignee.isModerator || assignee.isSuperuser)) {
      throw notFound(MODERATION_MESSAGES.moderatorNotFound);
    }
  }
  const report = await findReportById(context.db, reportId);
  if (!report) throw notFound(MODERATION_MESSAGES.reportNotFound);
  const now = context.clock.now();
  const accountId = await reportedAccount(context, report);
  await context.db.transaction(async (tx) => {
    const assigned = await assignOpenReport(tx, reportId, assigneeId);
    if (!assigned) throw conflict(MODERATION_MESSAGES.reportResolved, "REPORT_RESOLVED");
    await insertModerationEvent(tx, {
      kind: "assigned",
      reportId,
      accountId,
      actorId: moderatorId,
      data: { assigneeId },
      createdAt: now,
    });
  });
  return { id: reportId, assigneeId };
}

/** A private note on a report, for moderators only; it joins the report's and the account's history. */
export async function addReportNote(
  context: AppContext,
  moderatorId: string,
  reportId: string,
  body: ReportNoteBody,
): Promise<ModerationEventView[]> {
  const report = await findReportById(context.db, reportId);
  if (!report) throw notFound(MODERATION_MESSAGES.reportNotFound);
  await insertModerationEvent(context.db, {
    kind: "note",
    reportId,
    accountId: await reportedAccount(context, report),
    actorId: moderatorId,
    text: body.text,
    createdAt: context.clock.now(),
  });
  return reportHistory(context, reportId);
}

/** Everything that happened to a report, oldest first. */
export async function reportHistory(context: AppContext, reportId: string): Promise<ModerationEventView[]> {
  if (!(await findReportById(context.db, reportId))) throw notFound(MODERATION_MESSAGES.reportNotFound);
  return (await selectModerationHistory(context.db, { reportId })).map(presentModerationEvent);
}

/** Everything that happened to an account in moderation (reports on it, actions, appeals), oldest first. */
export async function accountHistory(context: AppContext, userId: string): Promise<ModerationEventView[]> {
  if (!(await findUserById(context.db, userId))) throw notFound(MODERATION_MESSAGES.userNotFound);
  return (await selectModerationHistory(context.db, { accountId: userId })).map(presentModerationEvent);
}

/** Makes an account a moderator or takes the role back (superusers only, at the route); logged. */
export async function setModerator(
  context: AppContext,
  superuserId: string,
  userId: string,
  isModerator: boolean,
): Promise<{ id: string; isModerator: boolean }> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const target = await findUserById(tx, userId);
    if (!target || target.isDeleted) throw notFound(MODERATION_MESSAGES.userNotFound);
    const updated = await setModeratorFlag(tx, userId, isModerator, now);
    if (!updated) throw notFound(MODERATION_MESSAGES.userNotFound);
    await insertAdminLog(tx, {
      action: isModerator ? "grant_moderator" : "revoke_moderator",
      targetType: "user",
      targetId: userId,
      adminUserId: superuserId,
      details: { username: target.username },
      createdAt: now,
    });
    return updated;
  });
}

export async function listEmailDomainBlocks(context: AppContext): Promise<EmailDomainBlockView[]> {
  return (await selectEmailDomainBlocks(context.db)).map(presentEmailDomainBlock);
}

/** Blocks a domain and its subdomains for sign-up and email changes; 409 when it is blocked already. */
export async function blockEmailDomain(
  context: AppContext,
  moderatorId: string,
  domain: string,
): Promise<EmailDomainBlockView> {
  const row = await insertEmailDomainBlock(context.db, {
    domain,
    createdBy: moderatorId,
    createdAt: context.clock.now(),
  });
  if (!row) throw conflict(MODERATION_MESSAGES.domainAlreadyBlocked, "DOMAIN_BLOCKED");
  return presentEmailDomainBlock(row);
}

export async function unblockEmailDomain(context: AppContext, blockId: string): Promise<void> {
  if (!(await deleteEmailDomainBlock(context.db, blockId))) throw notFound(MODERATION_MESSAGES.domainBlockNotFound);
}
