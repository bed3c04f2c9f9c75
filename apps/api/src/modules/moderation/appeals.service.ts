import type {
  AdminAppealView,
  AppealBody,
  AppealStatus,
  DecideAppealBody,
  NoticeView,
} from "@plaza/contracts/moderation";
import { MODERATION_MESSAGES, POST_ACTIONS } from "@plaza/contracts/moderation";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import { badRequest, conflict, notFound } from "../../lib/app-error";
import { decodeCursor, mapPage, type Page } from "../../lib/cursor";
import { inTransaction } from "../../lib/unit-of-work";
import { findUserById, insertAdminLog, updateSuspension } from "../admin/admin.repository";
import { accountLocale } from "../instance/instance.service";
import { notify } from "../notifications/notifications.service";
import { requestPostFederationAfterCommit } from "../posts/post-federation";
import { setPostRemoved } from "../posts/posts.service";
import { insertModerationEvent } from "../reports/report-events.repository";
import { appealDeadline, presentAdminAppeal, presentNotice } from "./moderation.presenter";
import {
  decideAppealRow,
  findAppealForDecision,
  findAppealOfNotice,
  findNoticeById,
  findPostForModeration,
  insertAppeal,
  markNoticeReversed,
  type NoticeRow,
  selectAppealsPage,
  setLimitedFlag,
  setPostHidden,
} from "./moderation.repository";
import { noticeUrl } from "./moderation-actions.service";
import { appealDecisionMail } from "./moderation-mails";

/** A notice as its person reads it (404 for anyone else's: notices are private). */
export async function getOwnNotice(context: AppContext, userId: string, noticeId: string): Promise<NoticeView> {
  const notice = await findNoticeById(context.db, noticeId);
  if (!notice || notice.userId !== userId) throw notFound(MODERATION_MESSAGES.noticeNotFound);
  const appeal = await findAppealOfNotice(context.db, notice.id);
  return presentNotice(notice, appeal ?? null, context.clock.now());
}

/**
 * The one appeal of a notice, within APPEAL_WINDOW_DAYS of it: 409 for a second one (also when two race), 400 once
 * the window has closed. A suspended person may appeal (the session plugin lets this write through).
 */
export async function createAppeal(context: AppContext, userId: string, body: AppealBody): Promise<NoticeView> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const notice = await findNoticeById(tx, body.noticeId);
    if (!notice || notice.userId !== userId) throw notFound(MODERATION_MESSAGES.noticeNotFound);
    if (await findAppealOfNotice(tx, notice.id))
      throw conflict(MODERATION_MESSAGES.alreadyAppealed, "ALREADY_APPEALED");
    if (now > appealDeadline(notice)) throw badRequest(MODERATION_MESSAGES.appealWindowClosed, "noticeId");
    const appeal = await insertAppeal(tx, { noticeId: notice.id, userId, text: body.text, createdAt: now });
    if (!appeal) throw conflict(MODERATION_MESSAGES.alreadyAppealed, "ALREADY_APPEALED");
    await insertModerationEvent(tx, {
      kind: "appeal",
      reportId: notice.reportId,
      accountId: userId,
      noticeId: notice.id,
      actorId: userId,
      text: body.text,
      createdAt: now,
    });
    return presentNotice(notice, appeal, now);
  });
}

export async function listAppeals(
  context: AppContext,
  query: { status: AppealStatus; limit: number; cursor?: string },
): Promise<Page<AdminAppealView>> {
  const page = await selectAppealsPage(context.db, query.status, {
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
  });
  const now = context.clock.now();
  return mapPage(page, (row) => presentAdminAppeal(row, now));
}

/** Undoes what a notice's action did: shows the post (hidden or deleted), lifts the limit or the suspension. */
async function reverseAction(tx: Transaction, notice: NoticeRow, moderatorId: string, now: Date): Promise<void> {
  switch (notice.action) {
    case "hide_post":
      if (notice.postId) await setPostHidden(tx, notice.postId, null);
      return;
    case "limit":
      await setLimitedFlag(tx, notice.userId, false, now);
      return;
    case "suspend":
      await updateSuspension(tx, notice.userId, {
        isSuspended: false,
        suspendedUntil: null,
        suspensionReason: null,
        now,
      });
      await insertAdminLog(tx, {
        action: "unsuspend_user",
        targetType: "user",
        targetId: notice.userId,
        adminUserId: moderatorId,
        details: { noticeId: notice.id, appeal: "granted" },
        createdAt: now,
      });
      return;
    case "delete_post":
      // Removed, not yet erased: an appeal is decided before its post is (the purge waits for open appeals).
      if (notice.postId) await setPostRemoved(tx, notice.postId, null);
      return;
    case "warn":
      return;
  }
}

/**
 * Decides an open appeal: granting reverses the action and marks the notice reversed; either way the person is
 * told (in the app and by mail) and the history gets an entry. 409 when it was decided already.
 */
export async function decideAppeal(
  context: AppContext,
  moderatorId: string,
  appealId: string,
  isGranted: boolean,
  body: DecideAppealBody,
): Promise<AdminAppealView> {
  const now = context.clock.now();
  return inTransaction(context, async (tx, effects) => {
    const appeal = await findAppealForDecision(tx, appealId);
    if (!appeal) throw notFound(MODERATION_MESSAGES.appealNotFound);
    if (appeal.status !== "open") throw conflict(MODERATION_MESSAGES.appealDecided, "APPEAL_DECIDED");
    const notice = await findNoticeById(tx, appeal.noticeId);
    if (!notice) throw notFound(MODERATION_MESSAGES.noticeNotFound);
    if (isGranted) {
      await reverseAction(tx, notice, moderatorId, now);
      await markNoticeReversed(tx, notice.id, now);
      // A post shown again goes back to the other servers it had left.
      const post = notice.postId && isPostAction(notice.action) ? await findPostForModeration(tx, notice.postId) : null;
      if (post) requestPostFederationAfterCommit(effects, post, "create");
    }
    const decided = await decideAppealRow(tx, appeal.id, {
      status: isGranted ? "granted" : "denied",
      decidedBy: moderatorId,
      decisionNote: body.note || null,
      decidedAt: now,
    });
    if (!decided) throw conflict(MODERATION_MESSAGES.appealDecided, "APPEAL_DECIDED");
    await insertModerationEvent(tx, {
      kind: isGranted ? "appeal_granted" : "appeal_denied",
      reportId: notice.reportId,
      accountId: notice.userId,
      noticeId: notice.id,
      actorId: moderatorId,
      text: body.note || null,
      createdAt: now,
    });
    await notify(tx, effects, {
      userId: notice.userId,
      type: "appeal_decided",
      entityType: "notice",
      entityId: notice.id,
      data: { isGranted, action: notice.action },
    });
    const person = await findUserById(tx, notice.userId);
    if (person) {
      const locale = await accountLocale(context, person, tx);
      const url = noticeUrl(context, notice.id);
      await context.mail.enqueue(tx, appealDecisionMail(person, isGranted, body.note, url, locale));
      effects.kickMail();
    }
    const reread = { ...notice, reversedAt: isGranted ? now : notice.reversedAt };
    return presentAdminAppeal({ appeal: decided, notice: reread, user: null }, now);
  });
}

function isPostAction(action: NoticeRow["action"]): boolean {
  return POST_ACTIONS.includes(action);
}
