import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

let server: RunningServer;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  context = await launchBrowser();
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
});

test("/api/docs renders every route of the OpenAPI document under the app's CSP", async () => {
  const { page, errors } = await newPage(context);
  // A blocked script, style or fetch fires this event (and a console error): both must stay silent.
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { cspViolations: violations });
    document.addEventListener("securitypolicyviolation", (event) => {
      violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const openapi = await (await fetch(`${server.baseUrl}/api/docs/json`)).json();
  const operationsByTag = new Map<string, number>();
  for (const operations of Object.values(openapi.paths as Record<string, Record<string, { tags?: string[] }>>)) {
    for (const operation of Object.values(operations)) {
      const tag = operation.tags?.[0] ?? "default";
      operationsByTag.set(tag, (operationsByTag.get(tag) ?? 0) + 1);
    }
  }
  const operationCount = [...operationsByTag.values()].reduce((sum, count) => sum + count, 0);
  expect(operationCount).toBeGreaterThan(90);

  const response = await page.goto(`${server.baseUrl}/api/docs`);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  // Every tag is listed; opening each shows every one of its operations (tags open one at a time).
  const tags = page.locator(".opblock-tag");
  await tags.nth(operationsByTag.size - 1).waitFor();
  expect(await tags.count()).toBe(operationsByTag.size);
  for (const [tag, count] of operationsByTag) {
    const heading = page.locator(`.opblock-tag[data-tag="${tag}"]`);
    await heading.click();
    await page
      .locator(".opblock")
      .nth(count - 1)
      .waitFor();
    expect(await page.locator(".opblock").count(), tag).toBe(count);
    await heading.click();
    await page.locator(".opblock").first().waitFor({ state: "detached" });
  }

  await page.locator('.opblock-tag[data-tag="Payments"]').click();
  // One operation opens with its parameters and documented answers.
  const tip = page.locator(".opblock-post", { has: page.locator('[data-path="/api/tips"]') });
  await tip.locator(".opblock-summary").click();
  await tip.locator(".parameters", { hasText: "idempotency-key" }).waitFor();
  for (const status of ["201", "402", "409", "429"]) {
    await expect(tip.locator(".response-col_status", { hasText: status }).first().isVisible()).resolves.toBe(true);
  }
  await screenshot(page, "api-docs");

  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(errors).toEqual([]);
});
