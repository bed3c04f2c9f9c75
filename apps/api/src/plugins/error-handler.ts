import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/availability";
import { AppError } from "../lib/app-error";
import { StorageUnavailableError } from "../lib/object-storage";
import { textIn } from "../lib/texts";
import { discardRestOfBody } from "./oversized-body";

/** Seconds a client should wait before retrying while the database is unavailable. */
const UNAVAILABLE_RETRY_AFTER_S = 2;

const PG_UNIQUE_VIOLATION = "23505";
const PG_INVALID_TEXT = "22P02";

function postgresCode(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  if (typeof candidate.cause?.code === "string") return candidate.cause.code;
  return typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code) ? candidate.code : undefined;
}

/**
 * What an error log line may carry. Drizzle puts the query's parameters (emails, hashes of session tokens, …) in
 * its error's message and in a `params` field; they never reach a log.
 */
export function loggableError(error: Error): Record<string, unknown> {
  const hasParams = "params" in error;
  const message = hasParams ? (error.message.split("\nparams:")[0] ?? "") : error.message;
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
  return {
    type: error.name,
    message,
    code: (error as { code?: unknown }).code,
    ...(cause && typeof cause === "object" ? { cause: { message: cause.message, code: cause.code } } : {}),
    stack: hasParams ? error.stack?.replace(error.message, message) : error.stack,
  };
}

/**
 * One error handler: AppError → its status; schema validation → 400 with errors[]; unique violation → 409;
 * Fastify's own 4xx (bad JSON, body too large, wrong content type) keep their status with a clear message;
 * the database or the object store being unreachable → 503 with Retry-After; everything else is logged and answered with a generic 500 body.
 * Every message is in the request's language (`request.locale`, plugins/locale.ts; English as the contract writes it).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const text = (english: string) => textIn(request.locale, english);
    if (error instanceof AppError) {
      if (error.details?.headers) reply.headers(error.details.headers);
      // A body refused as too large while it was still arriving (an upload read as a stream): read and drop the
      // rest, within bounds, so that a sender who reads only after sending gets this answer, not a reset.
      if (error.statusCode === 413) discardRestOfBody(request.raw);
      return reply.status(error.statusCode).send({
        message: text(error.message),
        code: error.code,
        ...(error.details?.errors
          ? { errors: error.details.errors.map((issue) => ({ ...issue, message: text(issue.message) })) }
          : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: text(issue.message ?? ERROR_MESSAGES.invalidValue),
      }));
      return reply.status(400).send({
        message: errors[0]?.message ?? text(ERROR_MESSAGES.invalidRequest),
        code: "VALIDATION_FAILED",
        errors,
      });
    }
    const pgCode = postgresCode(error);
    if (pgCode === PG_UNIQUE_VIOLATION) {
      return reply.status(409).send({ message: text(ERROR_MESSAGES.alreadyExists), code: "CONFLICT" });
    }
    if (pgCode === PG_INVALID_TEXT) {
      return reply.status(400).send({ message: text(ERROR_MESSAGES.invalidIdentifier), code: "BAD_REQUEST" });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      // The connection stays open while the rest of the body is read and dropped, so the sender gets this answer.
      reply.removeHeader("connection");
      discardRestOfBody(request.raw);
      return reply.status(413).send({ message: text(ERROR_MESSAGES.payloadTooLarge), code: "PAYLOAD_TOO_LARGE" });
    }
    if (status >= 400 && status < 500) {
      const message =
        status === 415
          ? ERROR_MESSAGES.unsupportedMediaType
          : status === 429
            ? ERROR_MESSAGES.tooManyRequests
            : error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
              ? ERROR_MESSAGES.invalidJson
              : error.message;
      // Every 429 carries the same code and text, whichever limit answered.
      const code = status === 429 ? "RATE_LIMITED" : (error.code ?? "BAD_REQUEST");
      return reply.status(status).send({ message: text(message), code });
    }
    // Before the database check: a refused connection to the store looks like one to the database.
    if (error instanceof StorageUnavailableError) {
      // Nothing was recorded: the upload link stays unused, so the same upload may simply be sent again.
      request.log.error({ err: loggableError(error) }, "object storage unavailable");
      return reply
        .status(503)
        .header("retry-after", String(UNAVAILABLE_RETRY_AFTER_S))
        .send({ message: text(ERROR_MESSAGES.serviceUnavailable), code: "STORAGE_UNAVAILABLE" });
    }
    if (isDatabaseUnavailable(error)) {
      // An unfinished transaction is rolled back by PostgreSQL; money calls may be retried with their Idempotency-Key.
      request.log.warn({ err: loggableError(error) }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(UNAVAILABLE_RETRY_AFTER_S))
        .send({ message: text(ERROR_MESSAGES.serviceUnavailable), code: "SERVICE_UNAVAILABLE" });
    }
    request.log.error({ err: loggableError(error) }, "unhandled error");
    return reply.status(500).send({ message: text(ERROR_MESSAGES.internal), code: "INTERNAL" });
  });
}
