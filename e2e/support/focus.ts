import type { Locator, Page } from "playwright-core";

/** Keyboard walks of e2e/a11y.e2e.ts: where focus is after a key press, and whether it shows a focus ring. */

/** What the focused element is, and whether it shows a focus ring (outline or box-shadow), after a key press. */
export interface FocusStop {
  description: string;
  hasRing: boolean;
  isBody: boolean;
}

export async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { description: "body", hasRing: false, isBody: true };
    const style = getComputedStyle(element);
    const hasOutline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    const hasShadow = style.boxShadow !== "none" && style.boxShadow !== "";
    const name =
      element.getAttribute("aria-label") ??
      element.textContent?.trim().slice(0, 40) ??
      element.getAttribute("id") ??
      "";
    return {
      description: `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> "${name}"`,
      hasRing: hasOutline || hasShadow,
      isBody: false,
    };
  });
}

/**
 * Presses Tab until `isTarget` holds for the focused element (at most `maxStops` presses). Every stop on the way
 * must show a focus ring; the ones that do not are added to `missingRings`.
 */
export async function tabUntil(
  page: Page,
  isTarget: (element: Element) => boolean,
  missingRings: string[],
  maxStops = 60,
): Promise<void> {
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press("Tab");
    const current = await focusStop(page);
    if (!current.isBody && !current.hasRing) missingRings.push(current.description);
    if (await page.evaluate(isTarget, undefined as never).catch(() => false)) return;
  }
  throw new Error(`Tab never reached the target (last focus: ${(await focusStop(page)).description})`);
}

/** Tabs through a whole page (until focus wraps back to the top) and returns the stops without a focus ring. */
export async function tabThroughPage(page: Page, maxStops = 120): Promise<{ stops: number; missingRings: string[] }> {
  const missingRings: string[] = [];
  let stops = 0;
  for (; stops < maxStops; stops += 1) {
    await page.keyboard.press("Tab");
    // A stop already visited means focus went round the page once.
    const isRevisit = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || element === document.body) return true;
      if (element.dataset.tabVisited) return true;
      element.dataset.tabVisited = "1";
      return false;
    });
    if (isRevisit) break;
    const current = await focusStop(page);
    if (!current.hasRing) missingRings.push(current.description);
  }
  return { stops, missingRings };
}

/**
 * Closes an open dialog or menu with Escape, as a keyboard user does, and resolves once focus is back on the page:
 * - Escape is pressed once focus has moved into the overlay. Until then the overlay may be on screen without its
 *   handlers (focus trap, Escape) attached yet, and on a loaded machine an Escape pressed in that moment was lost.
 * - Focus returns a task after the overlay is removed (Radix's focus scope restores it in a timeout), so reading
 *   `document.activeElement` right after the overlay is gone can see the body: this waits until focus has landed
 *   on an element again, and fails naming where it is if that never happens.
 * - If the overlay stays, the error says what had focus and which other layers (toasts, menus) were open, since
 *   Escape goes to the topmost dismissable layer.
 */
export async function escapeFrom(page: Page, overlay: Locator, timeout = 10_000): Promise<void> {
  await overlay.waitFor();
  await page.waitForFunction(
    (element) => element?.contains(document.activeElement) ?? false,
    await overlay.elementHandle(),
  );
  await page.keyboard.press("Escape");
  try {
    await overlay.waitFor({ state: "detached", timeout });
  } catch (error) {
    const layers = await page.evaluate(() => ({
      focus: document.activeElement?.outerHTML.slice(0, 160) ?? "none",
      dialogs: document.querySelectorAll("[role=dialog]").length,
      menus: document.querySelectorAll("[role=menu]").length,
      toasts: Array.from(document.querySelectorAll("[data-slot=toast]"), (toast) => toast.textContent?.trim()),
    }));
    throw new Error(`Escape did not close the overlay within ${timeout} ms: ${JSON.stringify(layers)}`, {
      cause: error,
    });
  }
  const landed = await page
    .waitForFunction(() => document.activeElement !== null && document.activeElement !== document.body, undefined, {
      timeout,
    })
    .then(() => true)
    .catch(() => false);
  if (!landed) throw new Error(`focus was lost to the page's body ${timeout} ms after the overlay closed`);
}
