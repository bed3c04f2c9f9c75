import {
  createdReportView,
  reportBody,
  reportIdParams,
  reportsQuery,
  reportView,
  resolveReportBody,
} from "@plaza/contracts/reports";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "../../lib/cursor";
import { requireSuperuser, requireViewer } from "../../plugins/session";
import { createReport, listReports, resolveReport } from "./reports.service";

export async function reportsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.post(
    "/api/reports",
    {
      schema: {
        tags: ["Reports"],
        operationId: "postReports",
        summary: "Report a post, comment, user, business or message",
        errors: { 404: "Nothing to report there", 409: "You already reported it", 429: "Reporting too fast" },
        body: reportBody,
        response: { 201: createdReportView },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      const report = await createReport(context, requireViewer(request).id, request.body);
      return reply.status(201).send({ id: report.id, status: report.status });
    },
  );

  app.get(
    "/api/admin/reports",
    {
      schema: {
        tags: ["Reports"],
        operationId: "getAdminReports",
        summary: "Reports, open first (superusers)",
        querystring: reportsQuery,
        response: { 200: z.array(reportView) },
      },
      config: { access: "superuser" },
    },
    async (request, reply) => sendPage(reply, await listReports(context, request.query)),
  );

  app.post(
    "/api/admin/reports/:reportId/resolve",
    {
      schema: {
        tags: ["Reports"],
        operationId: "postAdminReportsByReportIdResolve",
        summary: "Resolve a report (and every open report of its target)",
        errors: { 404: "No such report", 409: "Already resolved" },
        params: reportIdParams,
        body: resolveReportBody,
        response: { 200: createdReportView },
      },
      config: { access: "superuser" },
    },
    async (request) => {
      const admin = requireSuperuser(request);
      const report = await resolveReport(context, admin.id, request.params.reportId, request.body);
      return { id: report.id, status: report.status };
    },
  );
}
