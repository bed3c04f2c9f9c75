import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accountAttributes, addSessionCookie, registerViaApi } from "./support/accounts";
import { launchBrowser, newPage, openPhone, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

let server: RunningServer;
let browser: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh browser profile per test keeps cookies apart. */
async function freshContext(): Promise<BrowserContext> {
  return launchBrowser();
}

describe("signed-out visitor", () => {
  test("the landing screen shows every card and button, and Get Started leads to sign-in", async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    // The landing page renders once the signed-out check has answered; wait for it rather than for the network.
    await page.getByRole("button", { name: "Get Started for Free" }).waitFor();
    for (const title of [
      "Local Discovery",
      "Creator Support",
      "Smart Coupons",
      "Friend-Based Recommendations",
      "Multiple Profile Types",
      "Verified Experience",
      "How It Works",
    ]) {
      await expect(page.getByText(title, { exact: true }).count()).resolves.toBeGreaterThan(0);
    }
    expect(await page.getByRole("button", { name: "Join the product" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Learn More" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Get Started for Free" }).count()).toBe(1);
    expect(await page.locator("footer").textContent()).toContain("2024");
    await screenshot(page, "landing");

    // Get Started is a sign-up button: it opens the sign-in page on its Create account tab (issue 17).
    await page.getByRole("button", { name: "Get Started", exact: true }).click();
    await page.waitForURL(/\/login\?tab=register$/);
    await page.getByRole("tab", { name: "Create account", selected: true }).waitFor();
    expect(errors).toEqual([]);
  });

  test("an unknown path shows the not-found screen with a way home", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/no/such/page`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.getByText("The page you're looking for doesn't exist or has been moved.").waitFor();
    await page.getByRole("link", { name: "Go Home" }).click();
    await page.waitForURL(`${server.baseUrl}/`);
  });

  test("guarded paths send a signed-out visitor to sign-in, keeping the page to come back to", async () => {
    const { page } = await newPage(browser);
    for (const path of [
      "/settings",
      "/messages",
      "/business-dashboard",
      "/admin",
      "/wallet",
      "/coupons",
      "/activity",
    ]) {
      await page.goto(`${server.baseUrl}${path}`, { waitUntil: "networkidle" });
      await page.waitForURL(`${server.baseUrl}/login?returnTo=${encodeURIComponent(path)}`);
      await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    }
  });

  test("the landing screen fits a 375 px phone without sideways scrolling", async () => {
    const { page } = await openPhone(browser);
    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, "landing-phone");
  });
});

describe("accounts in the browser", () => {
  test("a new user creates an account, signs out and signs in again", async () => {
    const context = await freshContext();
    try {
      const { page, errors } = await newPage(context);
      const account = accountAttributes({ firstName: "Grace", lastName: "Hopper" });
      await page.goto(`${server.baseUrl}/login`, { waitUntil: "networkidle" });
      await page.getByRole("tab", { name: "Create account" }).click();

      // The form shows the shared rule's message before anything is sent.
      await page.getByLabel("Username").fill("ab");
      await page.getByRole("button", { name: "Create account" }).last().click();
      await page.getByText("Username must be at least 3 characters").waitFor();

      await page.getByLabel("First name").fill(account.firstName);
      await page.getByLabel("Last name").fill(account.lastName);
      await page.getByLabel("Username").fill(account.username);
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill(account.password);
      await page.getByLabel("I have read and agree to the User Agreement").check();
      await page.getByRole("button", { name: "Create account" }).last().click();
      await page.waitForURL(`${server.baseUrl}/`);

      await page.getByRole("button", { name: "Account menu" }).click();
      await page.getByText("Grace Hopper").waitFor();
      expect(await page.getByRole("menuitem", { name: "Admin Dashboard" }).count()).toBe(0);
      await screenshot(page, "signed-in-menu");
      await page.getByRole("menuitem", { name: "Log out" }).click();
      await page.getByRole("button", { name: "Join the product" }).waitFor();

      await page.goto(`${server.baseUrl}/login`, { waitUntil: "networkidle" });
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill("wrong password");
      await page.getByRole("button", { name: "Sign in" }).last().click();
      await page.getByText("Invalid email or password").waitFor();
      await page.getByLabel("Password").fill(account.password);
      await page.getByRole("button", { name: "Sign in" }).last().click();
      await page.waitForURL(`${server.baseUrl}/`);
      await page.getByRole("button", { name: "Account menu" }).waitFor();
      expect(errors.filter((error) => !error.includes("401"))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a signed-in visitor opening / never sees the landing page, and a stale cookie still gets it", async () => {
    const context = await freshContext();
    try {
      const account = await registerViaApi(server.baseUrl);
      await addSessionCookie(context, server.baseUrl, account.sessionCookie);
      const { page, errors } = await newPage(context);
      // Records whether the landing page's heading was ever in the document, however briefly.
      await page.addInitScript(() => {
        const seen = { landing: false };
        (window as unknown as { plazaSeen: typeof seen }).plazaSeen = seen;
        new MutationObserver(() => {
          if (document.body?.textContent?.includes("Your neighbourhood, your people")) seen.landing = true;
        }).observe(document, { childList: true, subtree: true });
      });
      // A slow sign-in check (a phone on a slow network), so the page has time to show whatever it shows meanwhile.
      await page.route("**/api/auth/user", async (route) => {
        await new Promise((done) => setTimeout(done, 1500));
        await route.continue();
      });
      await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Account menu" }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { plazaSeen: { landing: boolean } }).plazaSeen)).toEqual({
        landing: false,
      });

      // The cookie only makes the page wait for the sign-in check: an ended session still lands on the landing.
      await context.clearCookies();
      await addSessionCookie(context, server.baseUrl, "ended-session");
      await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Join the product" }).waitFor();
      expect(errors.filter((error) => !error.includes("401"))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a superuser from SUPERUSER_EMAILS sees the Admin Dashboard entry", async () => {
    const context = await freshContext();
    try {
      const admin = await registerViaApi(server.baseUrl, { email: "admin@plaza.test" });
      await addSessionCookie(context, server.baseUrl, admin.sessionCookie);
      const { page } = await newPage(context);
      const superuserChecks: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/auth/superuser") superuserChecks.push(request.url());
      });
      await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Account menu" }).click();
      await page.getByRole("menuitem", { name: "Admin Dashboard" }).waitFor();
      // The flag comes with the signed-in user (GET /api/auth/user): no request of its own on the first screen.
      expect(superuserChecks).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
