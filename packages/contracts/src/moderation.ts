import { z } from "zod";
import {
  APPEAL_STATUSES,
  APPEAL_TEXT_MAX_LENGTH,
  MODERATION_ACTIONS,
  MODERATION_EVENT_KINDS,
  MODERATION_NOTE_MAX_LENGTH,
  MODERATION_RULE_MAX_LENGTH,
} from "./moderation.texts";
import { pageQuery } from "./pagination";
import { REPORT_REASON_MAX_LENGTH } from "./reports.texts";
import { userSummaryView } from "./users";

export * from "./moderation.texts";

/** POST /api/admin/reports/{id}/assign: to a moderator, yourself when moderatorId is left out. */
export const assignReportBody = z.object({ moderatorId: z.uuid("Invalid moderator id").optional() });
export type AssignReportBody = z.infer<typeof assignReportBody>;

/** POST /api/admin/reports/{id}/notes */
export const reportNoteBody = z.object({
  text: z
    .string("Write a note")
    .trim()
    .min(1, "Write a note")
    .max(MODERATION_NOTE_MAX_LENGTH, `A note must be at most ${MODERATION_NOTE_MAX_LENGTH} characters`),
});
export type ReportNoteBody = z.infer<typeof reportNoteBody>;

/** POST /api/admin/moderation/actions */
export const moderationActionBody = z.object({
  action: z.enum(MODERATION_ACTIONS, "Choose an action"),
  userId: z.uuid("Invalid user id"),
  postId: z.uuid("Invalid post id").optional(),
  /** The report this action answers: it is resolved as actioned with it. */
  reportId: z.uuid("Invalid report id").optional(),
  /** The rule broken: an instance rule's id or its words. */
  rule: z
    .string("Name the rule")
    .trim()
    .min(1, "Name the rule")
    .max(MODERATION_RULE_MAX_LENGTH, `A rule must be at most ${MODERATION_RULE_MAX_LENGTH} characters`),
  reason: z.string().trim().max(REPORT_REASON_MAX_LENGTH, "Reason must be at most 500 characters").default(""),
  /** Suspensions only: the end; left out, for good. */
  suspendUntil: z.iso.datetime({ offset: true, message: "Invalid date" }).optional(),
});
export type ModerationActionBody = z.infer<typeof moderationActionBody>;

export const noticeIdParams = z.object({ noticeId: z.uuid("Invalid notice id") });
export const appealIdParams = z.object({ appealId: z.uuid("Invalid appeal id") });
export const userIdParams = z.object({ userId: z.uuid("Invalid user id") });

/** POST /api/appeals */
export const appealBody = z.object({
  noticeId: z.uuid("Invalid notice id"),
  text: z
    .string("Say why")
    .trim()
    .min(1, "Say why")
    .max(APPEAL_TEXT_MAX_LENGTH, `An appeal must be at most ${APPEAL_TEXT_MAX_LENGTH} characters`),
});
export type AppealBody = z.infer<typeof appealBody>;

/** POST /api/admin/appeals/{id}/grant|deny */
export const decideAppealBody = z.object({
  note: z.string().trim().max(MODERATION_NOTE_MAX_LENGTH, "A note must be at most 2000 characters").default(""),
});
export type DecideAppealBody = z.infer<typeof decideAppealBody>;
export const appealsQuery = pageQuery.extend({ status: z.enum(APPEAL_STATUSES).default("open") });

export const appealView = z.object({
  id: z.uuid(),
  noticeId: z.uuid(),
  text: z.string(),
  status: z.enum(APPEAL_STATUSES),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AppealView = z.infer<typeof appealView>;

/** What the person acted on reads (GET /api/notices/{id}). */
export const noticeView = z.object({
  id: z.uuid(),
  action: z.enum(MODERATION_ACTIONS),
  rule: z.string(),
  reason: z.string(),
  postId: z.string().nullable(),
  postPreview: z.string().nullable(),
  suspendUntil: z.string().nullable(),
  createdAt: z.string(),
  appealDeadline: z.string(),
  canAppeal: z.boolean(),
  reversedAt: z.string().nullable(),
  appeal: appealView.nullable(),
});
export type NoticeView = z.infer<typeof noticeView>;

/** An appeal in the moderators' queue, with its notice and the person. */
export const adminAppealView = appealView.extend({
  notice: noticeView.omit({ appeal: true }),
  user: userSummaryView.nullable(),
});
export type AdminAppealView = z.infer<typeof adminAppealView>;

export const moderationEventView = z.object({
  id: z.uuid(),
  kind: z.enum(MODERATION_EVENT_KINDS),
  reportId: z.string().nullable(),
  noticeId: z.string().nullable(),
  text: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  actor: userSummaryView.nullable(),
  createdAt: z.string(),
});
export type ModerationEventView = z.infer<typeof moderationEventView>;

/** GET|POST /api/admin/email-domain-blocks */
export const emailDomainBlockBody = z.object({
  domain: z
    .string("Enter a domain such as example.com")
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "Enter a domain such as example.com"),
});
export type EmailDomainBlockBody = z.infer<typeof emailDomainBlockBody>;
export const emailDomainBlockView = z.object({ id: z.uuid(), domain: z.string(), createdAt: z.string() });
export type EmailDomainBlockView = z.infer<typeof emailDomainBlockView>;
export const domainBlockIdParams = z.object({ domainBlockId: z.uuid("Invalid id") });

/** POST|DELETE /api/admin/users/{id}/moderator answers the account's roles. */
export const moderatorRoleView = z.object({ id: z.uuid(), isModerator: z.boolean() });
