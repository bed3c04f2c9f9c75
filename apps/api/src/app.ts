import compress from "@fastify/compress";
import websocket from "@fastify/websocket";
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyRequest,
  type RouteOptions,
} from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { AppContext } from "./app-context";
import { type Env, s3SettingsOf } from "./config/env";
import type { DatabaseHandle } from "./db/client";
import { InProcessQueue } from "./jobs/in-process-queue";
import { JOB_KINDS } from "./jobs/kinds";
import { BackgroundTasks } from "./lib/background-tasks";
import { type Clock, systemClock } from "./lib/clock";
import { InProcessLiveEvents, type LiveEvents } from "./lib/live-events";
import { MailOutbox } from "./lib/mail/mail-outbox";
import { createMailTransport } from "./lib/mail/transport";
import { MEDIA_WORK_CONCURRENCY } from "./lib/media-work";
import { LocalDiskStorage } from "./lib/object-storage";
import { openS3Storage, S3Storage } from "./lib/object-storage-s3";
import { InProcessPresence, type Presence, RedisPresence } from "./lib/presence";
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from "./lib/rate-limiter";
import { RedisLiveEvents } from "./lib/redis-live-events";
import { adminRoutes } from "./modules/admin/admin.routes";
import { pendingAccountsRoutes } from "./modules/admin/pending-accounts.routes";
import { agreementsRoutes } from "./modules/agreements/agreements.routes";
import { appConfigRoutes } from "./modules/app-config/app-config.routes";
import { accountRoutes } from "./modules/auth/account.routes";
import { authRoutes } from "./modules/auth/auth.routes";
import { resolveSession } from "./modules/auth/auth.service";
import { blocksRoutes } from "./modules/blocks/blocks.routes";
import { businessesRoutes } from "./modules/businesses/businesses.routes";
import { couponsRoutes } from "./modules/coupons/coupons.routes";
import { demoRoutes } from "./modules/demo/demo.routes";
import { eventsRoutes } from "./modules/events/events.routes";
import { registerFederation } from "./modules/federation/federation.plugin";
import { federationRoutes } from "./modules/federation/federation.routes";
import { followListsRoutes, followsRoutes } from "./modules/follows/follows.routes";
import { instanceRoutes } from "./modules/instance/instance.routes";
import { instanceName, readInstanceSettings } from "./modules/instance/instance.service";
import { liveEventsRoutes } from "./modules/messaging/live-events.routes";
import { messagingRoutes } from "./modules/messaging/messaging.routes";
import {
  emailDomainBlockRoutes,
  moderationQueueRoutes,
  moderationRoutes,
} from "./modules/moderation/moderation.routes";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import { unsubscribeRoutes } from "./modules/notifications/unsubscribe.routes";
import { partnershipsRoutes } from "./modules/partnerships/partnerships.routes";
import { openPaymentProvider } from "./modules/payments/payment-provider";
import { paymentsRoutes } from "./modules/payments/payments.routes";
import { placesRoutes } from "./modules/places/places.routes";
import { postsRoutes } from "./modules/posts/posts.routes";
import { pushRoutes } from "./modules/push/push.routes";
import { reportsRoutes } from "./modules/reports/reports.routes";
import { searchRoutes } from "./modules/search/search.routes";
import { objectsRoutes } from "./modules/uploads/objects.routes";
import { PictureProcesses } from "./modules/uploads/picture-processes";
import { uploadsRoutes } from "./modules/uploads/uploads.routes";
import { usersRoutes } from "./modules/users/users.routes";
import { registerAddressRateLimits } from "./plugins/address-rate-limits";
import { type ApiTag, registerApiDocs, taggedRoutes } from "./plugins/api-docs";
import { registerErrorHandler } from "./plugins/error-handler";
import { localeOfRequest, registerRequestLocale } from "./plugins/locale";
import { registerMediaAddresses } from "./plugins/media-addresses";
import { registerPlainText } from "./plugins/plain-text";
import { registerReplicaReads } from "./plugins/replica-reads";
import { registerSecurity } from "./plugins/security";
import { serializerCompiler } from "./plugins/serializer";
import { registerSession, sessionCookieName } from "./plugins/session";
import { registerWebApp } from "./plugins/web-app";

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  clock?: Clock;
  /** Log output; tests pass false. */
  logger?: boolean;
  /** Where log lines go instead of stdout (the security tests read them back). */
  logStream?: { write(line: string): void };
  /** Called with every route as it is registered (the security tests read their schemas). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Each module's routes in the order they are registered (and documented), under the tag their routes are
 * documented with (`taggedRoutes`): the tag is said here once, not on every route.
 */
const MODULE_ROUTES: readonly (readonly [ApiTag, FastifyPluginAsync])[] = [
  ["Auth", authRoutes],
  ["Auth", accountRoutes],
  ["Notifications", notificationsRoutes],
  ["Push", pushRoutes],
  ["Notifications", unsubscribeRoutes],
  ["Admin", adminRoutes],
  ["Federation", federationRoutes],
  ["Admin", pendingAccountsRoutes],
  ["Reports", reportsRoutes],
  ["Moderation", moderationQueueRoutes],
  ["Moderation", moderationRoutes],
  ["Moderation", emailDomainBlockRoutes],
  ["Payments", paymentsRoutes],
  ["Businesses", businessesRoutes],
  ["Coupons", couponsRoutes],
  ["Events", eventsRoutes],
  ["Partnerships", partnershipsRoutes],
  ["Search", searchRoutes],
  ["Places", placesRoutes],
  ["System", appConfigRoutes],
  ["Instance", instanceRoutes],
  ["Users", usersRoutes],
  ["Users", followListsRoutes],
  ["Follows", followsRoutes],
  ["Blocks", blocksRoutes],
  ["Agreements", agreementsRoutes],
  ["Posts", postsRoutes],
  ["Uploads", uploadsRoutes],
  ["Uploads", objectsRoutes],
  ["Messaging", messagingRoutes],
  ["Messaging", liveEventsRoutes],
  ["Demo", demoRoutes],
];

/** Fields whose values never reach a log line. */
const REDACTED_LOG_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "*.password",
  "*.email",
  "*.token",
];

/**
 * A request as logged: the path without its query, so neither the signature of a signed upload URL (`token=`)
 * nor a feed's location filter reaches a log line.
 */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split("?")[0],
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function: Fastify 5 ignores a plain number (it cannot
 * check the nearest peer), while a count is what an operator behind N proxies that nothing else reaches means.
 */
function trustProxyOption(trust: Env["TRUST_PROXY"]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Builds the whole API (plugins, then modules) without listening; server.ts listens and tests inject.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger:
      options.logger === false && !options.logStream
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: { paths: REDACTED_LOG_PATHS, censor: "[redacted]" },
            serializers: { req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Request ids are random, and the path part of a URL with a signed query is never logged whole.
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
  });
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text/plain body would be a CSRF "simple request".
  app.removeContentTypeParser("text/plain");

  // No offline queue: while Redis is away a command fails at once (and the caller degrades, docs/RELIABILITY.md)
  // instead of holding the request until a reconnect.
  // ioredis is loaded only when REDIS_URL is set (a process without Redis never holds its code).
  const redis: Redis | null = env.REDIS_URL
    ? new (await import("ioredis")).Redis(env.REDIS_URL, {
        maxRetriesPerRequest: 2,
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : null;
  let isRedisDown = false;
  redis?.on("error", (error: Error) => {
    if (!isRedisDown) app.log.warn({ err: { message: error.message } }, "redis unavailable: degraded mode");
    isRedisDown = true;
  });
  redis?.on("ready", () => {
    if (isRedisDown) app.log.info("redis available again");
    isRedisDown = false;
  });
  const rateLimiter: RateLimiter = redis ? new RedisRateLimiter(redis, clock) : new MemoryRateLimiter(clock);
  // With Redis, live events published by any API process reach sockets held by every other one.
  const liveEvents: LiveEvents = redis
    ? new RedisLiveEvents(redis, (error) => app.log.warn({ err: error }, "live events subscriber error"))
    : new InProcessLiveEvents();
  // A connection counts as online until it misses two heartbeats (plus slack).
  const presenceLeaseMs = env.LIVE_HEARTBEAT_MS * 2 + 5_000;
  const presence: Presence = redis ? new RedisPresence(redis, presenceLeaseMs) : new InProcessPresence(presenceLeaseMs);
  // Object storage when the S3_* settings are given (every process then sees every upload), else local disk.
  const s3Settings = s3SettingsOf(env);
  const storage = s3Settings ? await openS3Storage(s3Settings) : new LocalDiskStorage(env.DATA_DIR);
  // Before any route or job asks for it (paymentProviderFor): the Stripe SDK loads here when it is configured.
  await openPaymentProvider(env);
  const background = new BackgroundTasks(app.log);
  const context: AppContext = {
    env,
    database,
    db: database.db,
    clock,
    rateLimiter,
    redis,
    liveEvents,
    presence,
    storage,
    pictures: new PictureProcesses(MEDIA_WORK_CONCURRENCY),
    mail: new MailOutbox(database.db, clock, createMailTransport(env, app.log), app.log, {
      sendsHere: env.WORKERS,
      sendLeaseMs: env.MAIL_SEND_LEASE_SECONDS * 1000,
    }),
    background,
    // Replaced by startJobQueue with pg-boss on PostgreSQL; runs requested work here unless WORKERS=off.
    jobs: null as unknown as AppContext["jobs"],
    deliverNotifications: true,
  };
  context.jobs = new InProcessQueue(context, app.log, JOB_KINDS, {
    works: env.WORKERS,
    // Tests and shutdown wait for requested runs through background.idle().
    onRun: (run) => background.track(run),
  });
  context.mail.nameWith((executor) => instanceName(context, executor));
  app.decorate("context", context);
  app.log.info(`mail: sent as ${context.mail.transport.description}`);
  app.log.info(
    storage instanceof S3Storage
      ? `uploads: stored in ${storage.description}`
      : `uploads: stored on local disk in ${storage.root} (one machine only; the S3_* settings turn on object storage, README "Scaling out")`,
  );
  if (env.SMTP_URL && !env.PUBLIC_URL) {
    app.log.warn("mail: PUBLIC_URL is not set, so links in mails use the Host of the request; set it in production");
  }
  app.addHook("onClose", async () => {
    await context.background.idle();
    app.log.info("shutdown: background tasks done");
    await context.jobs.stop();
    app.log.info("shutdown: job queue stopped");
    await context.mail.close();
    // No picture process outlives the app.
    await context.pictures.close();
    await liveEvents.close();
    await redis?.quit().catch(() => undefined);
    if (storage instanceof S3Storage) storage.client.destroy();
  });

  let isDraining = false;
  app.decorate("beginDraining", () => {
    isDraining = true;
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (isDraining) reply.header("connection", "close");
    return payload;
  });

  registerErrorHandler(app);
  registerPlainText(app);
  registerMediaAddresses(app, storage);
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
  await registerSecurity(app, env);
  registerAddressRateLimits(app, context);
  registerReplicaReads(app, context);
  await registerSession(app, context);
  registerRequestLocale(app, async () => (await readInstanceSettings(context)).locale);
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await registerApiDocs(app, context);

  const system = (summary: string, docResponses: Record<number, z.ZodType>) => ({
    schema: { tags: ["System"], summary, docResponses },
  });
  app.get(
    "/healthz",
    system("Liveness: the process answers", { 200: z.object({ status: z.literal("ok") }) }),
    async () => ({ status: "ok" }),
  );
  const readiness = {
    200: z.object({ status: z.literal("ready") }),
    503: z.object({ status: z.literal("database unavailable") }).describe("The database does not answer"),
  };
  app.get("/readyz", system("Readiness: the database answers", readiness), async (_request, reply) => {
    if (isDraining) return reply.status(503).send({ status: "shutting down" });
    const isReady = await database.ping();
    return reply.status(isReady ? 200 : 503).send({ status: isReady ? "ready" : "database unavailable" });
  });

  for (const [tag, routes] of MODULE_ROUTES) await app.register(taggedRoutes(tag, routes));
  if (env.FEDERATION) await registerFederation(app, context);
  else
    app.log.info("federation: off (FEDERATION=on with an https PUBLIC_URL lets other servers follow Plaza accounts)");

  await registerWebApp(app, env.WEB_DIST_DIR, sessionCookieName(context), {
    title: () => instanceName(context),
    // As an API request's language, the account found from the session cookie (pages do not resolve it otherwise).
    locale: async (request) => {
      const token = request.cookies[sessionCookieName(context)];
      const viewer = token && token.length <= 100 ? await resolveSession(context, token) : null;
      return localeOfRequest(request, viewer?.preferences.locale, (await readInstanceSettings(context)).locale);
    },
  });
  return app;
}
