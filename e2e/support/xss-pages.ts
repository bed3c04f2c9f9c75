import type { BrowserContext, Page } from "playwright-core";
import { addSessionCookie, type RegisteredAccount } from "./accounts";
import { expectApiOk } from "./api";
import { newPage } from "./browser";
import { picturesSettled, pollUntil, settled } from "./wait";

/** Page helpers of e2e/xss.e2e.ts: uploads, watched pages and the inspection of a rendered screen. */

/** A finished upload of a tiny PNG, as the composer makes it. */
export async function uploadImage(baseUrl: string, account: RegisteredAccount): Promise<string> {
  const ticket = await expectApiOk<{ uploadURL: string; objectUrl: string }>(
    baseUrl,
    account.sessionCookie,
    "POST",
    "/api/objects/upload",
  );
  // A 1×1 PNG.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  const stored = await fetch(new URL(ticket.uploadURL, baseUrl), {
    method: "PUT",
    headers: { "content-type": "image/png", origin: baseUrl, cookie: `plaza_session=${account.sessionCookie}` },
    body: png,
  });
  if (stored.status !== 200) throw new Error(`upload failed: ${stored.status} ${await stored.text()}`);
  return ticket.objectUrl;
}

/** A page signed in as `account` whose dialogs are dismissed and recorded in `findings`. */
export async function openAs(
  context: BrowserContext,
  baseUrl: string,
  account: RegisteredAccount,
  findings: string[],
): Promise<Page> {
  await context.clearCookies();
  await addSessionCookie(context, baseUrl, account.sessionCookie);
  const { page } = await newPage(context);
  page.on("dialog", async (dialog) => {
    findings.push(`dialog "${dialog.message()}" on ${page.url()}`);
    await dialog.dismiss();
  });
  return page;
}

/**
 * Checks the page as rendered now: payload text is on it (the screen really shows the stored fields), and no
 * link or source uses javascript:/data:, no element carries an event-handler attribute, and no script, frame,
 * object, embed, base or meta element came from user data. Problems go to `findings`, the label to `screensRendered`.
 */
export async function inspect(page: Page, label: string, findings: string[], screensRendered: string[]): Promise<void> {
  screensRendered.push(label);
  // Event handlers run asynchronously (image errors, toggles): look once every picture has loaded or failed and
  // what moves has stopped.
  await picturesSettled(page);
  await settled(page);
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const urlAttributes = ["href", "src", "action", "formaction", "data", "xlink:href", "srcset", "poster"];
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith("on")) found.push(`event attribute ${name} on <${element.tagName.toLowerCase()}>`);
        if (urlAttributes.includes(name)) {
          const value = [...attribute.value]
            .filter((character) => character.charCodeAt(0) > 32)
            .join("")
            .toLowerCase();
          if (/^(javascript|vbscript|data):/.test(value)) {
            found.push(`${name}="${attribute.value.slice(0, 80)}" on <${element.tagName.toLowerCase()}>`);
          }
        }
      }
    }
    for (const element of Array.from(document.querySelectorAll("iframe, object, embed, base, meta[http-equiv]"))) {
      found.push(`injected <${element.tagName.toLowerCase()}>`);
    }
    for (const script of Array.from(document.querySelectorAll("script"))) {
      const source = script.getAttribute("src") ?? "";
      if (source.startsWith("/")) continue;
      // A server-rendered page's data (apps/web/src/entry-server.tsx): never run, and whole JSON, so no payload
      // closed it early.
      if (script.id === "plaza-server-state" && script.type === "application/json" && !script.hasAttribute("src")) {
        try {
          JSON.parse(script.textContent ?? "");
          continue;
        } catch {
          found.push("the server-rendered page's data is not whole JSON");
          continue;
        }
      }
      found.push(`script element ${script.outerHTML.slice(0, 80)}`);
    }
    // Some payloads hide the marker (entity-encoded, base64), and coupon codes are upper-cased: a loose probe.
    return { found, showsPayloads: /xss\(|onerror/i.test(document.body.textContent ?? "") };
  });
  for (const problem of problems.found) findings.push(`${label}: ${problem}`);
  if (!problems.showsPayloads) findings.push(`${label}: no stored payload text on the screen (nothing was tested)`);
}

export async function go(page: Page, baseUrl: string, path: string, ready: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByText(ready, { exact: false }).first().waitFor();
}

/**
 * Scrolls an infinite list (the feed, Discover) until its sentinel says every page is loaded and shown
 * (`data-list-end="true"`), and returns `count()` then.
 */
export async function scrollToEnd(page: Page, count: () => Promise<number>): Promise<number> {
  const end = page.locator('[data-list-end="true"]');
  const sentinel = page.locator("[data-list-end]");
  // A page that failed to load (a busy machine) offers "Try again", which a reader would press.
  const retry = page.getByRole("alert").getByRole("button", { name: "Try again" });
  for (let round = 0; round < 200 && (await end.count()) === 0; round += 1) {
    const before = await count();
    // The list's end into view, wherever the pointer is (the wheel scrolls what is under it).
    await sentinel.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 100_000);
    await pollUntil(
      async () => {
        if ((await retry.count()) > 0) await retry.first().click();
        return (await count()) > before || (await end.count()) > 0;
      },
      { what: `the list to grow past ${before} items or reach its end`, timeoutMs: 30_000 },
    );
  }
  return count();
}
