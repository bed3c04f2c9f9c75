/**
 * Errors that mean "the database cannot be reached right now" (down, restarting, refusing connections), as
 * opposed to a bad query. The API answers them with 503 so clients and load balancers retry instead of seeing a
 * server bug (500).
 */
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
/** SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; class 08 = connection exception. */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** node-postgres and pg-pool report a lost or impossible connection without a code. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end/;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps the driver's error as `cause`; pg-pool wraps the socket error the same way.
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_NODE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code))) return true;
    if (typeof code === "string" && /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
