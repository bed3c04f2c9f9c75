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
import { noContent as noBody } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { created, noContent, ok, page, route } from "../../lib/route";
import { requireSuperuser } from "../../plugins/session";
import {
  deletePost,
  deleteUser,
  getUser,
  listLogs,
  listPosts,
  listUsers,
  setVerified,
  suspendUser,
  unsuspendUser,
} from "./admin.service";
import {
  getAdminStats,
  getLocationStats,
  getSystemStatus,
  listJobs,
  publishAgreement,
  retryJob,
} from "./admin-system.service";

/** Every route here is for superusers only: 401 signed out, 403 'Superuser access required.' otherwise. */
const superuserOnly = { access: "superuser" } as const;

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  systemRoutes(app);
  agreementAndLocationRoutes(app);
  userModerationRoutes(app);
  verificationRoutes(app);
  postModerationRoutes(app);
}

/** Users: listing, reading, suspending, verifying, deleting. */
function userModerationRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/admin/users",
    {
      schema: {
        summary: "Users, filtered and searched",
        querystring: adminUsersQuery,
        response: { 200: z.array(adminUserView) },
      },
      config: superuserOnly,
    },
    async (request) => page(await listUsers(context, request.query)),
  );

  route(
    app,
    "GET",
    "/api/admin/users/:userId",
    {
      schema: {
        summary: "One user",
        errors: { 404: "No such user" },
        params: adminUserIdParams,
        response: { 200: adminUserView },
      },
      config: superuserOnly,
    },
    async (request) => ok(await getUser(context, request.params.userId)),
  );

  route(
    app,
    "POST",
    "/api/admin/users/:userId/suspend",
    {
      schema: {
        summary: "Suspend a user",
        errors: { 403: "Superusers cannot be suspended", 404: "No such user" },
        params: adminUserIdParams,
        body: suspendUserBody,
        response: { 200: adminUserView },
      },
      config: superuserOnly,
    },
    async (request) =>
      ok(await suspendUser(context, requireSuperuser(request).id, request.params.userId, request.body)),
  );

  route(
    app,
    "POST",
    "/api/admin/users/:userId/unsuspend",
    {
      schema: {
        summary: "Lift a suspension",
        errors: { 404: "No such user" },
        params: adminUserIdParams,
        response: { 200: adminUserView },
      },
      config: superuserOnly,
    },
    async (request) => ok(await unsuspendUser(context, requireSuperuser(request).id, request.params.userId)),
  );

  route(
    app,
    "DELETE",
    "/api/admin/users/:userId",
    {
      schema: {
        summary: "Delete a user (7-day grace, sessions end)",
        errors: { 403: "Superusers cannot be deleted", 404: "No such user", 409: "Already deleted" },
        params: adminUserIdParams,
        response: { 200: adminUserView },
      },
      config: superuserOnly,
    },
    async (request) => ok(await deleteUser(context, requireSuperuser(request).id, request.params.userId)),
  );
}

/** Verifying a user, and taking it back. */
function verificationRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "POST",
    "/api/admin/users/:userId/verify",
    {
      schema: {
        summary: "Give an account the verified badge",
        errors: { 404: "No such user" },
        params: adminUserIdParams,
        response: { 200: adminUserView },
      },
      config: superuserOnly,
    },
    async (request) => ok(await setVerified(context, requireSuperuser(request).id, request.params.userId, true)),
  );

  route(
    app,
    "DELETE",
    "/api/admin/users/:userId/verify",
    {
      schema: {
        summary: "Remove the verified badge",
        errors: { 404: "No such user" },
        params: adminUserIdParams,
        response: { 200: adminUserView },
      },
      config: superuserOnly,
    },
    async (request) => ok(await setVerified(context, requireSuperuser(request).id, request.params.userId, false)),
  );
}

/** Posts: listing them, and deleting one. */
function postModerationRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/admin/posts",
    {
      schema: {
        summary: "Posts, newest first",
        querystring: pageQuery,
        response: { 200: z.array(adminPostView) },
      },
      config: superuserOnly,
    },
    async (request) => page(await listPosts(context, request.query)),
  );

  route(
    app,
    "DELETE",
    "/api/admin/posts/:postId",
    {
      schema: {
        summary: "Delete a post",
        errors: { 404: "No such post" },
        params: adminPostIdParams,
        response: { 204: noBody },
      },
      config: superuserOnly,
    },
    async (request) => noContent(await deletePost(context, requireSuperuser(request).id, request.params.postId)),
  );
}

/** The state of the system: stats, jobs, logs, locations, agreements. */
function systemRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/admin/stats",
    {
      schema: {
        summary: "Counts of users, posts, businesses and open reports",
        response: { 200: adminStatsView },
      },
      config: superuserOnly,
    },
    async () => ok(await getAdminStats(context)),
  );

  route(
    app,
    "GET",
    "/api/admin/jobs",
    {
      schema: {
        summary: "The job queue: queued, running and failed jobs per queue, and the latest failed jobs",
        response: { 200: jobsView },
      },
      config: superuserOnly,
    },
    async () => ok(await listJobs(context)),
  );

  route(
    app,
    "POST",
    "/api/admin/jobs/:queue/:id/retry",
    {
      schema: {
        summary: "Run a failed job again",
        errors: { 404: "No failed job with this id in this queue", 409: "The job has not failed" },
        params: jobRetryParams,
        response: { 204: noBody },
      },
      config: superuserOnly,
    },
    async (request) =>
      noContent(await retryJob(context, requireSuperuser(request).id, request.params.queue, request.params.id)),
  );

  route(
    app,
    "GET",
    "/api/admin/logs",
    {
      schema: {
        summary: "The moderation log",
        querystring: pageQuery,
        response: { 200: z.array(adminLogView) },
      },
      config: superuserOnly,
    },
    async (request) => page(await listLogs(context, request.query)),
  );

  route(
    app,
    "GET",
    "/api/admin/system",
    {
      schema: {
        summary: "Database size and kind, table counts, jobs, the active agreement and privacy policy",
        response: { 200: systemView },
      },
      config: superuserOnly,
    },
    async () => ok(await getSystemStatus(context)),
  );
}

/** Publishing the user agreement and the privacy policy, and where people are. */
function agreementAndLocationRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/admin/location-stats",
    {
      schema: {
        summary: "Where users are (groups below 5 merged)",
        response: { 200: locationStatsView },
      },
      config: superuserOnly,
    },
    async () => ok(await getLocationStats(context)),
  );

  route(
    app,
    "POST",
    "/api/admin/agreements",
    {
      schema: {
        summary: "Publish a new user agreement version",
        errors: { 409: "The version already exists" },
        body: publishAgreementBody,
        response: { 201: agreementAdminView },
      },
      config: superuserOnly,
    },
    async (request) =>
      created(await publishAgreement(context, requireSuperuser(request).id, "user-agreement", request.body)),
  );

  route(
    app,
    "POST",
    "/api/admin/privacy-policy",
    {
      schema: {
        summary: "Publish a new privacy policy version",
        errors: { 409: "The version already exists" },
        body: publishAgreementBody,
        response: { 201: agreementAdminView },
      },
      config: superuserOnly,
    },
    async (request) =>
      created(await publishAgreement(context, requireSuperuser(request).id, "privacy-policy", request.body)),
  );
}
