import {
  createdReportView,
  reportBody,
  reportIdParams,
  reportsQuery,
  reportView,
  resolveReportBody,
} from "@plaza/contracts/reports";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { created, ok, page, route } from "../../lib/route";
import { requireModerator, requireViewer } from "../../plugins/session";
import { createReport, listReports, resolveReport } from "./reports.service";

export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;

  route(
    app,
    "POST",
    "/api/reports",
    {
      schema: {
        summary: "Report a post, comment, user, business or message",
        errors: { 404: "Nothing to report there", 409: "You already reported it", 429: "Reporting too fast" },
        body: reportBody,
        response: { 201: createdReportView },
      },
      config: { access: "user" },
    },
    async (request) => created(await createReport(context, requireViewer(request).id, request.body)),
  );

  route(
    app,
    "GET",
    "/api/admin/reports",
    {
      schema: {
        summary: "The report queue: open, assigned or resolved (moderators)",
        querystring: reportsQuery,
        response: { 200: z.array(reportView) },
      },
      config: { access: "moderator" },
    },
    async (request) => page(await listReports(context, request.query)),
  );

  route(
    app,
    "POST",
    "/api/admin/reports/:reportId/resolve",
    {
      schema: {
        summary: "Resolve a report (and every open report of its target)",
        errors: { 404: "No such report", 409: "Already resolved" },
        params: reportIdParams,
        body: resolveReportBody,
        response: { 200: createdReportView },
      },
      config: { access: "moderator" },
    },
    async (request) =>
      ok(await resolveReport(context, requireModerator(request).id, request.params.reportId, request.body)),
  );
}
