import { ruleName } from "@plaza/contracts/instance";
import {
  APPEAL_WINDOW_DAYS,
  MODERATION_ACTION_LABELS,
  MODERATION_MESSAGES,
  type ModerationActionBody,
  type NoticeView,
  POST_ACTIONS,
} from "@plaza/contracts/moderation";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { badRequest, conflict, forbidden, notFound } from "../../lib/app-error";
import { configuredBaseUrl } from "../../lib/mail/links";
import { type Effects, inTransaction } from "../../lib/unit-of-work";
import { findUserById, insertAdminLog } from "../admin/admin.repository";
import { suspendUserInTransaction } from "../admin/admin.service";
import { accountLocale, readInstanceSettings } from "../instance/instance.service";
import { notify } from "../notifications/notifications.service";
import { requestPostFederationAfterCommit } from "../posts/post-federation";
import { deletePostRow } from "../posts/posts.repository";
import { setPostRemoved } from "../posts/posts.service";
import { insertModerationEvent } from "../reports/report-events.repository";
import { findReportById } from "../reports/reports.repository";
import { closeReport } from "../reports/reports.service";
import { presentNotice } from "./moderation.presenter";
import {
  findPostForModeration,
  insertNotice,
  type NoticeRow,
  selectPurgeableRemovedPosts,
  setLimitedFlag,
  setPostHidden,
} from "./moderation.repository";
import { noticeMail } from "./moderation-mails";

const PREVIEW_LENGTH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The web page of a notice, linked from its notification and mail. */
export function noticeUrl(context: AppContext, noticeId: string): string {
  return `${configuredBaseUrl(context.env)}/notices/${noticeId}`;
}

/** The person acted on: exists, and is not staff (moderators and superusers answer to a superuser, not the queue). */
async function actionTarget(tx: Transaction, userId: string): Promise<UserRow> {
  const target = await findUserById(tx, userId);
  if (!target || target.isDeleted) throw notFound(MODERATION_MESSAGES.userNotFound);
  if (target.isSuperuser || target.isModerator) {
    throw forbidden(MODERATION_MESSAGES.cannotModerateStaff, "STAFF_PROTECTED");
  }
  return target;
}

/**
 * Acts on a person (warn, hide a post, limit, suspend, delete a post), in one transaction: the effect, a notice
 * naming the rule and the post (in the app and by mail, with one appeal), an entry in the account's history and,
 * when it answers a report, that report and its twins resolved as actioned.
 */
export async function takeModerationAction(
  context: AppContext,
  moderatorId: string,
  body: ModerationActionBody,
): Promise<NoticeView> {
  const now = context.clock.now();
  const isPostAction = POST_ACTIONS.includes(body.action);
  if (isPostAction && !body.postId) throw badRequest(MODERATION_MESSAGES.postNeeded, "postId");
  const suspendUntil = body.action === "suspend" && body.suspendUntil ? new Date(body.suspendUntil) : null;
  if (suspendUntil && suspendUntil <= now) throw badRequest(MODERATION_MESSAGES.suspendUntilInPast, "suspendUntil");
  // The notice names the rule in words: a rule's id (the action form's list) is read as the town lists it now.
  const rule = ruleName((await readInstanceSettings(context)).rules, body.rule);
  return inTransaction(context, async (tx, effects) => {
    const target = await actionTarget(tx, body.userId);
    const post = isPostAction && body.postId ? await findPostForModeration(tx, body.postId) : undefined;
    if (isPostAction && !post) throw notFound(MODERATION_MESSAGES.postNotFound);
    if (post && post.authorId !== target.id) throw badRequest(MODERATION_MESSAGES.postNotTheirs, "postId");
    const report = body.reportId ? await findReportById(tx, body.reportId) : undefined;
    if (body.reportId && !report) throw notFound(MODERATION_MESSAGES.reportNotFound);
    if (report && report.status !== "open") throw conflict(MODERATION_MESSAGES.reportResolved, "REPORT_RESOLVED");
    const moderator = { id: moderatorId, now };
    switch (body.action) {
      case "warn":
        break;
      case "hide_post":
        await setPostHidden(tx, body.postId as string, now);
        break;
      case "limit":
        await setLimitedFlag(tx, target.id, true, now);
        break;
      case "suspend":
        await suspendUserInTransaction(tx, moderator, target.id, { reason: rule, suspendUntil });
        break;
      case "delete_post":
        // Reversible while it may be appealed: shown to nobody now, erased when its appeal window has passed.
        if (!(await setPostRemoved(tx, body.postId as string, now))) throw notFound(MODERATION_MESSAGES.postNotFound);
        await insertAdminLog(tx, {
          action: "delete_post",
          targetType: "post",
          targetId: body.postId as string,
          adminUserId: moderatorId,
          details: { authorId: target.id, title: post?.title ?? null, excerpt: post?.content.slice(0, 120), rule },
          createdAt: now,
        });
        break;
    }
    // A hidden or removed post leaves the other servers too (its Note is deleted there).
    if (post) requestPostFederationAfterCommit(effects, post, "delete");
    const postPreview = post
      ? (post.title ? `${post.title}: ${post.content}` : post.content).slice(0, PREVIEW_LENGTH)
      : null;
    const notice = await insertNotice(tx, {
      userId: target.id,
      action: body.action,
      rule,
      reason: body.reason,
      postId: post?.id ?? null,
      postPreview,
      reportId: report?.id ?? null,
      moderatorId,
      suspendUntil,
      createdAt: now,
    });
    await insertModerationEvent(tx, {
      kind: "action",
      reportId: report?.id ?? null,
      accountId: target.id,
      noticeId: notice.id,
      actorId: moderatorId,
      text: rule,
      data: { action: body.action, postId: post?.id ?? null, reason: body.reason },
      createdAt: now,
    });
    if (report) {
      await closeReport(tx, effects, report, {
        outcome: body.action,
        reason: `${MODERATION_ACTION_LABELS[body.action]}: ${rule}`,
        moderatorId,
        accountId: target.id,
        now,
      });
    }
    await tellOfNotice(context, tx, effects, target, notice);
    return presentNotice(notice, null, now);
  });
}

/** The notice in the person's notifications and mailbox (a suspended person still reads both). */
async function tellOfNotice(
  context: AppContext,
  tx: Transaction,
  effects: Effects,
  target: UserRow,
  notice: NoticeRow,
): Promise<void> {
  await notify(tx, effects, {
    userId: target.id,
    type: "moderation_notice",
    entityType: "notice",
    entityId: notice.id,
    data: { action: notice.action, rule: notice.rule },
  });
  const locale = await accountLocale(context, target, tx);
  await context.mail.enqueue(tx, noticeMail(target, notice, noticeUrl(context, notice.id), locale));
  effects.kickMail();
}

/**
 * Erases the posts moderators deleted whose appeal window (APPEAL_WINDOW_DAYS) has passed with no appeal open — the
 * pruning job's; an appeal still open keeps its post until it is decided. Returns how many.
 */
export async function purgeRemovedPosts(context: AppContext): Promise<number> {
  const before = new Date(context.clock.now().getTime() - APPEAL_WINDOW_DAYS * DAY_MS);
  const ids = await selectPurgeableRemovedPosts(context.db, before);
  for (const id of ids) await deletePostRow(context.db, id);
  return ids.length;
}
