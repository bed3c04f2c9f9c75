import type { IncomingMessage } from "node:http";

/** How much of a body over the limit is read and thrown away so that its sender can read the 413 answer. */
export const DISCARD_MAX_BYTES = 32 * 1024 * 1024;
/** How long a sender of a body over the limit may go on sending it. */
export const DISCARD_MAX_MS = 30_000;

/**
 * Reads the rest of a request whose body is over the limit and throws it away, up to a bound of bytes and time; past
 * the bound the connection is closed. Closing at once instead (Fastify's way) resets a connection whose client is
 * still sending, and a client that reads the answer only once it has sent everything never sees the 413.
 */
export function discardRestOfBody(
  request: IncomingMessage,
  bounds: { maxBytes: number; maxMs: number } = { maxBytes: DISCARD_MAX_BYTES, maxMs: DISCARD_MAX_MS },
): void {
  if (request.complete || request.destroyed) return;
  let discardedBytes = 0;
  const stop = (closeConnection: boolean) => {
    clearTimeout(timer);
    request.off("data", onData);
    request.off("end", onEnd);
    request.off("error", onEnd);
    // Destroying the message destroys its socket (and works on injected requests, which have no real socket).
    if (closeConnection) request.destroy();
  };
  const onData = (chunk: Buffer) => {
    discardedBytes += chunk.length;
    if (discardedBytes > bounds.maxBytes) stop(true);
  };
  const onEnd = () => stop(false);
  const timer = setTimeout(() => stop(true), bounds.maxMs);
  timer.unref();
  request.on("data", onData);
  request.once("end", onEnd);
  request.once("error", onEnd);
  request.resume();
}
