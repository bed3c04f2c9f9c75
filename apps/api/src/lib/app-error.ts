import { ERROR_MESSAGES } from "@plaza/contracts/errors";

/** The one error type of the API: a stable code, an HTTP status and a message safe to show to the user. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly details?: { errors?: { path: string; message: string }[]; headers?: Record<string, string> },
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, path = "") =>
  new AppError("BAD_REQUEST", 400, message, { errors: [{ path, message }] });
export const unauthorized = () => new AppError("UNAUTHORIZED", 401, ERROR_MESSAGES.unauthorized);
export const forbidden = (message: string, code = "FORBIDDEN") => new AppError(code, 403, message);
export const notFound = (message: string = ERROR_MESSAGES.notFound) => new AppError("NOT_FOUND", 404, message);
export const conflict = (message: string, code = "CONFLICT") => new AppError(code, 409, message);
export const tooManyRequests = (message: string, retryAfterMs: number) =>
  new AppError("RATE_LIMITED", 429, message, {
    headers: { "retry-after": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  });
