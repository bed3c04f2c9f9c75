import type {
  AdminAppealView,
  AppealView,
  EmailDomainBlockView,
  ModerationEventKind,
  ModerationEventView,
  NoticeView,
} from "@plaza/contracts/moderation";
import { APPEAL_WINDOW_DAYS } from "@plaza/contracts/moderation";
import type { EmailDomainBlockRow } from "../auth/email-domain-blocks.repository";
import type { ModerationEventRow } from "../reports/report-events.repository";
import type { UserSummaryRow } from "../users/user-summary.repository";
import { presentUserSummary } from "../users/users.presenter";
import type { AppealRow, NoticeRow } from "./moderation.repository";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment an appeal of this notice is accepted. */
export function appealDeadline(notice: Pick<NoticeRow, "createdAt">): Date {
  return new Date(notice.createdAt.getTime() + APPEAL_WINDOW_DAYS * DAY_MS);
}

export function presentAppeal(appeal: AppealRow): AppealView {
  return {
    id: appeal.id,
    noticeId: appeal.noticeId,
    text: appeal.text,
    status: appeal.status,
    decisionNote: appeal.decisionNote,
    createdAt: appeal.createdAt.toISOString(),
    decidedAt: appeal.decidedAt?.toISOString() ?? null,
  };
}

export function presentNotice(notice: NoticeRow, appeal: AppealRow | null, now: Date): NoticeView {
  const deadline = appealDeadline(notice);
  return {
    id: notice.id,
    action: notice.action,
    rule: notice.rule,
    reason: notice.reason,
    postId: notice.postId,
    postPreview: notice.postPreview,
    suspendUntil: notice.suspendUntil?.toISOString() ?? null,
    createdAt: notice.createdAt.toISOString(),
    appealDeadline: deadline.toISOString(),
    canAppeal: appeal === null && now <= deadline && notice.reversedAt === null,
    reversedAt: notice.reversedAt?.toISOString() ?? null,
    appeal: appeal ? presentAppeal(appeal) : null,
  };
}

export function presentAdminAppeal(
  row: { appeal: AppealRow; notice: NoticeRow; user: UserSummaryRow | null },
  now: Date,
): AdminAppealView {
  const { appeal: _appeal, ...notice } = presentNotice(row.notice, row.appeal, now);
  return { ...presentAppeal(row.appeal), notice, user: row.user ? presentUserSummary(row.user) : null };
}

export function presentModerationEvent(row: {
  event: ModerationEventRow;
  actor: UserSummaryRow | null;
}): ModerationEventView {
  return {
    id: row.event.id,
    kind: row.event.kind as ModerationEventKind,
    reportId: row.event.reportId,
    noticeId: row.event.noticeId,
    text: row.event.text,
    data: row.event.data,
    actor: row.actor ? presentUserSummary(row.actor) : null,
    createdAt: row.event.createdAt.toISOString(),
  };
}

export function presentEmailDomainBlock(row: EmailDomainBlockRow): EmailDomainBlockView {
  return { id: row.id, domain: row.domain, createdAt: row.createdAt.toISOString() };
}
