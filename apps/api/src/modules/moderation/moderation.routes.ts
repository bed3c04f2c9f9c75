import { noContent as noBody } from "@plaza/contracts/http";
import {
  adminAppealView,
  appealBody,
  appealIdParams,
  appealsQuery,
  assignReportBody,
  decideAppealBody,
  domainBlockIdParams,
  emailDomainBlockBody,
  emailDomainBlockView,
  moderationActionBody,
  moderationEventView,
  moderatorRoleView,
  noticeIdParams,
  noticeView,
  reportNoteBody,
  userIdParams,
} from "@plaza/contracts/moderation";
import { reportIdParams } from "@plaza/contracts/reports";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { created, noContent, ok, page, route } from "../../lib/route";
import { requireModerator, requireSuperuser, requireViewer } from "../../plugins/session";
import { createAppeal, decideAppeal, getOwnNotice, listAppeals } from "./appeals.service";
import { takeModerationAction } from "./moderation-actions.service";
import {
  accountHistory,
  addReportNote,
  assignReport,
  blockEmailDomain,
  listEmailDomainBlocks,
  reportHistory,
  setModerator,
  unblockEmailDomain,
} from "./moderation-queue.service";

const moderator = { access: "moderator" } as const;
const assignedView = z.object({ id: z.uuid(), assigneeId: z.uuid() });

/** The report queue's assignment, notes and history, and the accounts' history (moderators). */
export async function moderationQueueRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;

  route(
    app,
    "POST",
    "/api/admin/reports/:reportId/assign",
    {
      schema: {
        summary: "Assign a report to a moderator (yourself when none is named)",
        errors: { 404: "No such report or moderator", 409: "Already resolved" },
        params: reportIdParams,
        body: assignReportBody,
        response: { 200: assignedView },
      },
      config: moderator,
    },
    async (request) =>
      ok(await assignReport(context, requireModerator(request).id, request.params.reportId, request.body)),
  );

  route(
    app,
    "POST",
    "/api/admin/reports/:reportId/notes",
    {
      schema: {
        summary: "Add a private note to a report; answers its history",
        errors: { 404: "No such report" },
        params: reportIdParams,
        body: reportNoteBody,
        response: { 201: z.array(moderationEventView) },
      },
      config: moderator,
    },
    async (request) =>
      created(await addReportNote(context, requireModerator(request).id, request.params.reportId, request.body)),
  );

  route(
    app,
    "GET",
    "/api/admin/reports/:reportId/history",
    {
      schema: {
        summary: "Everything that happened to a report, oldest first",
        errors: { 404: "No such report" },
        params: reportIdParams,
        response: { 200: z.array(moderationEventView) },
      },
      config: moderator,
    },
    async (request) => ok(await reportHistory(context, request.params.reportId)),
  );

  route(
    app,
    "GET",
    "/api/admin/users/:userId/moderation-history",
    {
      schema: {
        summary: "Everything that happened to an account in moderation, oldest first",
        errors: { 404: "No such user" },
        params: userIdParams,
        response: { 200: z.array(moderationEventView) },
      },
      config: moderator,
    },
    async (request) => ok(await accountHistory(context, request.params.userId)),
  );

  route(
    app,
    "POST",
    "/api/admin/moderation/actions",
    {
      schema: {
        summary: "Warn, hide a post, limit, suspend or delete a post; the person gets a notice they may appeal",
        errors: {
          400: "The post is missing or not theirs; the date has passed",
          403: "Moderators and superusers cannot be acted on here",
          404: "No such user, post or report",
          409: "The report is already resolved",
        },
        body: moderationActionBody,
        response: { 201: noticeView },
      },
      config: moderator,
    },
    async (request) => created(await takeModerationAction(context, requireModerator(request).id, request.body)),
  );
}

/** Moderators (superusers only), notices and appeals. */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;

  for (const [method, isModerator] of [
    ["POST", true],
    ["DELETE", false],
  ] as const) {
    route(
      app,
      method,
      "/api/admin/users/:userId/moderator",
      {
        schema: {
          summary: isModerator ? "Make an account a moderator (superusers)" : "Take the moderator role back",
          errors: { 404: "No such user" },
          params: userIdParams,
          response: { 200: moderatorRoleView },
        },
        config: { access: "superuser" },
      },
      async (request) =>
        ok(await setModerator(context, requireSuperuser(request).id, request.params.userId, isModerator)),
    );
  }

  route(
    app,
    "GET",
    "/api/notices/:noticeId",
    {
      schema: {
        summary: "A moderation notice you received, with its appeal",
        errors: { 404: "No such notice" },
        params: noticeIdParams,
        response: { 200: noticeView },
      },
      config: { access: "user" },
    },
    async (request) => ok(await getOwnNotice(context, requireViewer(request).id, request.params.noticeId)),
  );

  route(
    app,
    "POST",
    "/api/appeals",
    {
      schema: {
        summary: "Appeal a notice: once, within 20 days (also while suspended)",
        errors: { 400: "The time to appeal has passed", 404: "No such notice", 409: "Already appealed" },
        body: appealBody,
        response: { 201: noticeView },
      },
      config: { access: "user" },
    },
    async (request) => created(await createAppeal(context, requireViewer(request).id, request.body)),
  );

  route(
    app,
    "GET",
    "/api/admin/appeals",
    {
      schema: {
        summary: "The appeals queue: open, granted or denied",
        querystring: appealsQuery,
        response: { 200: z.array(adminAppealView) },
      },
      config: moderator,
    },
    async (request) => page(await listAppeals(context, request.query)),
  );

  for (const [decision, isGranted] of [
    ["grant", true],
    ["deny", false],
  ] as const) {
    route(
      app,
      "POST",
      `/api/admin/appeals/:appealId/${decision}`,
      {
        schema: {
          summary: isGranted ? "Grant an appeal: the action is reversed" : "Deny an appeal",
          errors: { 404: "No such appeal", 409: "Already decided" },
          params: appealIdParams,
          body: decideAppealBody,
          response: { 200: adminAppealView },
        },
        config: moderator,
      },
      async (request) =>
        ok(await decideAppeal(context, requireModerator(request).id, request.params.appealId, isGranted, request.body)),
    );
  }
}

/** Blocked email domains: sign-up and email changes to them are refused (moderators). */
export async function emailDomainBlockRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/admin/email-domain-blocks",
    {
      schema: { summary: "Blocked email domains", response: { 200: z.array(emailDomainBlockView) } },
      config: moderator,
    },
    async () => ok(await listEmailDomainBlocks(context)),
  );

  route(
    app,
    "POST",
    "/api/admin/email-domain-blocks",
    {
      schema: {
        summary: "Block an email domain (and its subdomains) for sign-up and email changes",
        errors: { 409: "Already blocked" },
        body: emailDomainBlockBody,
        response: { 201: emailDomainBlockView },
      },
      config: moderator,
    },
    async (request) => created(await blockEmailDomain(context, requireModerator(request).id, request.body.domain)),
  );

  route(
    app,
    "DELETE",
    "/api/admin/email-domain-blocks/:domainBlockId",
    {
      schema: {
        summary: "Unblock an email domain",
        errors: { 404: "No such blocked domain" },
        params: domainBlockIdParams,
        response: { 204: noBody },
      },
      config: moderator,
    },
    async (request) => noContent(await unblockEmailDomain(context, request.params.domainBlockId)),
  );
}
