/**
 * What the server sends its supervisor once it listens (`npm start` runs it under `scripts/supported-node.mjs
 * --supervise`, whose READY_MESSAGE is the same text: apps/api/test/supervised-start.test.ts checks both). Until
 * then, a death by a signal is a failed start that the supervisor tries once more.
 */
export const SERVER_READY_MESSAGE = "plaza:ready";

/** Tells the supervisor, if there is one (an IPC channel), that the server is ready. */
export function announceReady(): void {
  process.send?.(SERVER_READY_MESSAGE);
}
