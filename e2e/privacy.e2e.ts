import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, registerViaApi } from "./support/accounts";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * Issue 52: the privacy policy at /privacy (the instance's, published like the user agreement), linked from the
 * landing page, sign-up and settings (signed out, the brand above it leads home); /terms is the user agreement; any
 * path the app has no page at shows the not-found screen with status 404, signed out and signed in.
 */
let server: RunningServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({ label: "privacy" });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

async function phoneAndDesktop(): Promise<{ width: number; context: BrowserContext }[]> {
  const phone = await launchBrowser({ device: "phone" });
  const desktop = await launchBrowser({ device: "desktop" });
  contexts.push(phone, desktop);
  return [
    { width: 390, context: phone },
    { width: 1280, context: desktop },
  ];
}

test("a signed-out visitor reads the privacy policy from the landing page's footer, and /terms is the agreement", async () => {
  for (const { width, context } of await phoneAndDesktop()) {
    const { page, errors } = await newPage(context, { viewport: { width, height: 800 } });
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: "Privacy" }).click();
    await page.waitForURL(`${server.baseUrl}/privacy`);
    await page.getByRole("heading", { name: "Plaza Privacy Policy", level: 1 }).waitFor();
    await expect
      .poll(() => page.getByTestId("privacy-policy-text").textContent())
      .toContain("no third-party analytics");
    await screenshot(page, `privacy-${width}`);

    const direct = await page.goto(`${server.baseUrl}/privacy`);
    expect(direct?.status()).toBe(200);
    await page.getByRole("heading", { name: "Plaza Privacy Policy", level: 1 }).waitFor();

    // The brand above the policy leads back to the landing page, as on the sign-in page.
    await page.getByRole("banner").getByRole("link", { name: "Plaza", exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole("button", { name: "Get Started", exact: true }).waitFor();

    const terms = await page.goto(`${server.baseUrl}/terms`);
    expect(terms?.status()).toBe(200);
    await page.getByRole("heading", { name: "Plaza User Agreement", level: 1 }).waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Plaza", exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole("button", { name: "Get Started", exact: true }).waitFor();

    // Sign-up links it beside the agreement.
    await page.goto(`${server.baseUrl}/login?tab=register`);
    await expect.poll(() => page.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");
    expect(errors).toEqual([]);
    await page.close();
  }
});

test("an unknown path shows the not-found screen with status 404, signed out and signed in", async () => {
  const account = await registerViaApi(server.baseUrl);
  for (const { width, context } of await phoneAndDesktop()) {
    for (const signedIn of [false, true]) {
      await context.clearCookies();
      if (signedIn) await addSessionCookie(context, server.baseUrl, account.sessionCookie);
      const { page } = await newPage(context, { viewport: { width, height: 800 } });
      for (const path of ["/no-such-page", "/privacy/more"]) {
        const answer = await page.goto(`${server.baseUrl}${path}`);
        expect(answer?.status(), `${path} signed ${signedIn ? "in" : "out"}`).toBe(404);
        await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
      }
      if (signedIn) {
        // Settings link the policy; the signed-in app shows it inside its shell.
        await page.goto(`${server.baseUrl}/settings`);
        await page.getByRole("tab", { name: "Account", exact: true }).click();
        await page.getByRole("link", { name: "Privacy Policy" }).first().click();
        await page.getByRole("heading", { name: "Plaza Privacy Policy", level: 1 }).waitFor();
        await page.goto(`${server.baseUrl}/no-such-page`);
        await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
      }
      await screenshot(page, `not-found-${signedIn ? "signed-in" : "signed-out"}-${width}`);
      await page.close();
    }
  }
});
