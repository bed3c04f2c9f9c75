import type { Page, Route } from "playwright-core";

/** Page helpers of e2e/polish.e2e.ts: colour schemes, measured colours and contrast, and held requests. */

/**
 * Switches the system's colour scheme on an open page and waits until the app has repainted for it: lib/theme follows
 * the change event, which the browser dispatches after this call returns.
 */
export async function emulateScheme(page: Page, colorScheme: "light" | "dark", theme: "light" | "dark" = colorScheme) {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction((expected) => document.documentElement.dataset.theme === expected, theme);
}

/** Relative luminance (WCAG) of a CSS colour, resolved by the browser through a canvas. */
export async function luminanceOf(page: Page, selector: string): Promise<number> {
  return page.evaluate((target) => {
    const element = document.querySelector(target) ?? document.body;
    let node: Element | null = element;
    let colour = "rgba(0, 0, 0, 0)";
    while (node) {
      colour = getComputedStyle(node).backgroundColor;
      if (colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent") break;
      node = node.parentElement;
    }
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(context.getImageData(0, 0, 1, 1).data).map((value) => {
      const channel = value / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  }, selector);
}

/**
 * Every visible text whose colour against its (opaque) background falls below WCAG AA: 4.5:1, or 3:1 for large
 * text. Backgrounds are found by walking up to the first ancestor with a solid background colour.
 */
export async function lowContrastTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no canvas");
    const rgba = (colour: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data);
    };
    const luminance = ([r, g, b]: number[]) =>
      [r, g, b]
        .map((value) => {
          const channel = (value ?? 0) / 255;
          return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
        })
        .reduce((sum, channel, index) => sum + channel * ([0.2126, 0.7152, 0.0722][index] ?? 0), 0);
    const backgroundOf = (element: Element): number[] | null => {
      let node: Element | null = element;
      while (node) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== "none") return null; // gradients and pictures: not judged here
        const colour = rgba(style.backgroundColor);
        if ((colour[3] ?? 0) === 255) return colour;
        if ((colour[3] ?? 0) > 0) return null; // translucent layers: not judged here
        node = node.parentElement;
      }
      return rgba("white");
    };
    const failures: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const element = text.parentElement;
      if (!element || seen.has(element) || !text.textContent?.trim()) continue;
      seen.add(element);
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden" || element.closest("[aria-hidden=true]"))
        continue;
      if (element.closest(".sr-only") || Number(style.opacity) < 1) continue;
      const background = backgroundOf(element);
      if (!background) continue;
      const foreground = rgba(style.color);
      if ((foreground[3] ?? 0) < 255) continue;
      const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
      const ratio = ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
      const size = Number.parseFloat(style.fontSize);
      const isLarge = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (isLarge ? 3 : 4.5)) failures.push(`${ratio.toFixed(2)}: "${text.textContent.trim().slice(0, 40)}"`);
    }
    return failures;
  });
}

/** Holds matching requests until `release` is called; then they go on to the server (or get `answer`). */
export function holdRequests(page: Page, pattern: string | RegExp, method: string) {
  const held: Route[] = [];
  const arrived: (() => void)[] = [];
  const handler = (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    held.push(route);
    for (const notify of arrived.splice(0)) notify();
    return undefined;
  };
  return {
    start: () => page.route(pattern, handler),
    /** Resolves once a request is being held. */
    waitForRequest: () => (held.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => arrived.push(resolve))),
    release: async (answer?: { status: number; body: unknown }) => {
      for (const route of held.splice(0)) {
        if (answer) await route.fulfill({ status: answer.status, json: answer.body });
        else await route.continue();
      }
      await page.unroute(pattern, handler);
    },
  };
}
