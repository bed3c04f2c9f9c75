import {
  adminLogView,
  adminPostIdParams,
  adminPostView,
  adminStatsView,
  adminUserIdParams,
  adminUsersQuery,
  adminUserView,
  agreementAdminView,
  jobRetryParams,
  jobsView,
  locationStatsView,
  publishAgreementBody,
  suspendUserBody,
  systemView,
} from "@plaza/contracts/admin";
import { noContent } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "../../lib/cursor";
import { requireSuperuser } from "../../plugins/session";
import { presentAdminUser } from "./admin.presenter";
import {
  deletePost,
  deleteUser,
  getAdminStats,
  getLocationStats,
  getSystemStatus,
  getUser,
  listJobs,
  listLogs,
  listPosts,
  listUsers,
  publishAgreement,
  retryJob,
  setVerified,
  suspendUser,
  unsuspendUser,
} from "./admin.service";

/** Every route here is for superusers only: 401 signed out, 403 'Superuser access required.' otherwise. */
const superuserOnly = { access: "superuser" } as const;

export async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.get(
    "/api/admin/stats",
    {
      schema: {
        tags: ["Admin"],
        operationId: "getAdminStats",
        summary: "Counts of users, posts, businesses and open reports",
        response: { 200: adminStatsView },
      },
      config: superuserOnly,
    },
    async () => getAdminStats(context),
  );

  app.get(
    "/api/admin/jobs",
    {
      schema: {
        tags: ["Admin"],
        operationId: "getAdminJobs",
        summary: "The job queue: queued, running and failed jobs per queue, and the latest failed jobs",
        response: { 200: jobsView },
      },
      config: superuserOnly,
    },
    async () => listJobs(context),
  );

  app.post(
    "/api/admin/jobs/:queue/:id/retry",
    {
      schema: {
        tags: ["Admin"],
        operationId: "postAdminJobsByQueueByIdRetry",
        summary: "Run a failed job again",
        errors: { 404: "No failed job with this id in this queue", 409: "The job has not failed" },
        params: jobRetryParams,
        response: { 204: noContent },
      },
      config: superuserOnly,
    },
    async (request, reply) => {
      const admin = requireSuperuser(request);
      await retryJob(context, admin.id, request.params.queue, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/admin/users",
    {
      schema: {
        tags: ["Admin"],
        operationId: "getAdminUsers",
        summary: "Users, filtered and searched",
        querystring: adminUsersQuery,
        response: { 200: z.array(adminUserView) },
      },
      config: superuserOnly,
    },
    async (request, reply) => sendPage(reply, await listUsers(context, request.query)),
  );

  app.get(
    "/api/admin/users/:userId",
    {
      schema: {
        tags: ["Admin"],
        operationId: "getAdminUsersByUserId",
        summary: "One user",
        errors: { 404: "No such user" },
        params: adminUserIdParams,
        response: { 200: adminUserView },
      },
      config: superuserOnly,
    },
    async (request) => presentAdminUser(await getUser(context, request.params.userId)),
  );

  app.post(
    "/api/admin/users/:userId/suspend",
    {
      schema: {
        tags: ["Admin"],
        operationId: "postAdminUsersByUserIdSuspend",
        summary: "Suspend a user",
        errors: { 403: "Superusers cannot be suspended", 404: "No such user" },
        params: adminUserIdParams,
        body: suspendUserBody,
        response: { 200: adminUserView },
      },
      config: superuserOnly,
    },
    async (request) => {
      const admin = requireSuperuser(request);
      return presentAdminUser(await suspendUser(context, admin.id, request.params.userId, request.body));
    },
  );

  app.post(
    "/api/admin/users/:userId/unsuspend",
    {
      schema: {
        tags: ["Admin"],
        operationId: "postAdminUsersByUserIdUnsuspend",
        summary: "Lift a suspension",
        errors: { 404: "No such user" },
        params: adminUserIdParams,
        response: { 200: adminUserView },
      },
      config: superuserOnly,
    },
    async (request) => {
      const admin = requireSuperuser(request);
      return presentAdminUser(await unsuspendUser(context, admin.id, request.params.userId));
    },
  );

  app.post(
    "/api/admin/users/:userId/verify",
    {
      schema: {
        tags: ["Admin"],
        operationId: "postAdminUsersByUserIdVerify",
        summary: "Give an account the verified badge",
        errors: { 404: "No such user" },
        params: adminUserIdParams,
        response: { 200: adminUserView },
      },
      config: superuserOnly,
    },
    async (request) => {
      const admin = requireSuperuser(request);
      return presentAdminUser(await setVerified(context, admin.id, request.params.userId, true));
    },
  );

  app.delete(
    "/api/admin/users/:userId/verify",
    {
      schema: {
        tags: ["Admin"],
        operationId: "deleteAdminUsersByUserIdVerify",
        summary: "Remove the verified badge",
        errors: { 404: "No such user" },
        params: adminUserIdParams,
        response: { 200: adminUserView },
      },
      config: superuserOnly,
    },
    async (request) => {
      const admin = requireSuperuser(request);
      return presentAdminUser(await setVerified(context, admin.id, request.params.userId, false));
    },
  );

  app.delete(
    "/api/admin/users/:userId",
    {
      schema: {
        tags: ["Admin"],
        operationId: "deleteAdminUsersByUserId",
        summary: "Delete a user (7-day grace, sessions end)",
        errors: { 403: "Superusers cannot be deleted", 404: "No such user", 409: "Already deleted" },
        params: adminUserIdParams,
        response: { 200: adminUserView },
      },
      config: superuserOnly,
    },
    async (request) => {
      const admin = requireSuperuser(request);
      return presentAdminUser(await deleteUser(context, admin.id, request.params.userId));
    },
  );

  app.get(
    "/api/admin/posts",
    {
      schema: {
        tags: ["Admin"],
        operationId: "getAdminPosts",
        summary: "Posts, newest first",
        querystring: pageQuery,
        response: { 200: z.array(adminPostView) },
      },
      config: superuserOnly,
    },
    async (request, reply) => sendPage(reply, await listPosts(context, request.query)),
  );

  app.delete(
    "/api/admin/posts/:postId",
    {
      schema: {
        tags: ["Admin"],
        operationId: "deleteAdminPostsByPostId",
        summary: "Delete a post",
        errors: { 404: "No such post" },
        params: adminPostIdParams,
        response: { 204: noContent },
      },
      config: superuserOnly,
    },
    async (request, reply) => {
      const admin = requireSuperuser(request);
      await deletePost(context, admin.id, request.params.postId);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/admin/logs",
    {
      schema: {
        tags: ["Admin"],
        operationId: "getAdminLogs",
        summary: "The moderation log",
        querystring: pageQuery,
        response: { 200: z.array(adminLogView) },
      },
      config: superuserOnly,
    },
    async (request, reply) => sendPage(reply, await listLogs(context, request.query)),
  );

  app.get(
    "/api/admin/location-stats",
    {
      schema: {
        tags: ["Admin"],
        operationId: "getAdminLocationStats",
        summary: "Where users are (groups below 5 merged)",
        response: { 200: locationStatsView },
      },
      config: superuserOnly,
    },
    async () => getLocationStats(context),
  );

  app.get(
    "/api/admin/system",
    {
      schema: {
        tags: ["Admin"],
        operationId: "getAdminSystem",
        summary: "Database size and kind, table counts, jobs and the active agreement",
        response: { 200: systemView },
      },
      config: superuserOnly,
    },
    async () => getSystemStatus(context),
  );

  app.post(
    "/api/admin/agreements",
    {
      schema: {
        tags: ["Admin"],
        operationId: "postAdminAgreements",
        summary: "Publish a new user agreement version",
        errors: { 409: "The version already exists" },
        body: publishAgreementBody,
        response: { 201: agreementAdminView },
      },
      config: superuserOnly,
    },
    async (request, reply) => {
      const admin = requireSuperuser(request);
      const agreement = await publishAgreement(context, admin.id, request.body);
      return reply.status(201).send({
        id: agreement.id,
        title: agreement.title,
        version: agreement.version,
        content: agreement.content,
        createdAt: agreement.createdAt.toISOString(),
      });
    },
  );
}
