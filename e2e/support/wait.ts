import type { Page } from "playwright-core";

/**
 * The browser tests' two ways of waiting for a state, so no test waits for a fixed time:
 * - `pollUntil` asks a question from the test process until it has an answer (a mail in the outbox, a server
 *   that answers /readyz);
 * - `settled` waits in the page until what moves has stopped (transitions, finite animations) and the browser has
 *   laid out and painted what the last change (a resize, a theme switch) asked for.
 */

export interface PollOptions {
  /** What is awaited, for the error when it never comes (a function: read when the wait fails). */
  what: string | (() => string);
  timeoutMs?: number;
  intervalMs?: number;
  /** Asked before each try: a reason to stop waiting at once (a process that exited), or undefined to go on. */
  giveUpIf?: () => string | undefined;
}

/**
 * Calls `probe` until it answers something other than undefined, null or false, and returns that answer. A probe
 * that throws is asked again (the last error is in the timeout's message).
 */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { what, timeoutMs = 10_000, intervalMs = 50, giveUpIf }: PollOptions,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  const awaited = () => (typeof what === "string" ? what : what());
  let lastProblem = "";
  for (;;) {
    const reason = giveUpIf?.();
    if (reason) throw new Error(`${awaited()}: ${reason}`);
    try {
      const answer = await probe();
      if (answer !== undefined && answer !== null && answer !== false) return answer;
    } catch (error) {
      lastProblem = `: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (Date.now() > deadline) throw new Error(`${awaited()} did not happen within ${timeoutMs} ms${lastProblem}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Resolves once no finite animation or transition is running on the page and two frames have been drawn since (or,
 * as a ceiling against an animation that restarts forever, after `timeoutMs`).
 * An animation that a later style change cancels rejects its `finished` promise (AbortError) and its replacement,
 * if any, runs on the next look, so each round waits for what it saw to end either way and looks again. Endless
 * animations (spinners) are not waited for.
 */
export async function settled(page: Page, { timeoutMs = 10_000 } = {}): Promise<void> {
  await page.evaluate(async (limitMs) => {
    // A ceiling, not a wait: something that restarts a transition forever must not hang a test. Every wait below is
    // held to it by a timer, which runs even when the page draws no frames (an animation's `finished` or the next
    // frame never came under a loaded machine, and a whole browser test waited out its own time limit).
    const giveUpAt = performance.now() + limitMs;
    const orCeiling = (wait: Promise<unknown>) =>
      Promise.race([wait, new Promise((resolve) => setTimeout(resolve, Math.max(0, giveUpAt - performance.now())))]);
    const frame = () => orCeiling(new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    for (;;) {
      await frame();
      await frame();
      if (performance.now() > giveUpAt) return;
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === "running" &&
            Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
        );
      if (running.length === 0) return;
      await orCeiling(Promise.allSettled(running.map((animation) => animation.finished)));
    }
  }, timeoutMs);
}

/**
 * Resolves once every picture drawn in the viewport has loaded or failed, so their load and error events have run.
 * Pictures outside it are not waited for: a lazy one (`loading="lazy"`) loads only when scrolled near, so it may
 * never complete while the page is left as it is.
 */
export async function picturesSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images)
        .filter((image) => {
          if (image.complete) return false;
          const box = image.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
        })
        .map(
          (image) =>
            new Promise((resolve) => {
              image.addEventListener("load", resolve, { once: true });
              image.addEventListener("error", resolve, { once: true });
            }),
        ),
    ),
  );
}
