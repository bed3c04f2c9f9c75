import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { say } from "./support/say";
import { type RunningServer, startServer } from "./support/server";

/**
 * Issue 49, "Every town's language": the language a browser asks for, a visitor's choice on the landing page and
 * an account's choice in settings; Spanish everywhere, Arabic right to left, at 390 and 1280 px.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
let server: RunningServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({ label: "i18n" });
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

async function browser(options: { locale?: string; phone?: boolean; session?: string } = {}): Promise<BrowserContext> {
  const context = await launchBrowser({ locale: options.locale, device: options.phone ? "phone" : "desktop" });
  contexts.push(context);
  if (options.session) await addSessionCookie(context, server.baseUrl, options.session);
  return context;
}

/** The page's `<html lang dir>`. */
function language(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("a visitor whose browser asks for Spanish gets the landing and sign-in in Spanish, then picks Arabic", {
  timeout: 240_000,
}, async () => {
  const { page, errors } = await newPage(await browser({ locale: "es-MX", phone: true }), { viewport: PHONE });
  await page.goto(`${server.baseUrl}/`);
  expect(await language(page)).toEqual({ lang: "es", dir: "ltr" });
  await page.getByRole("button", { name: say("es", "Get Started"), exact: true }).waitFor();
  // The server rendered it in Spanish already: the English text is nowhere.
  expect(await page.getByText("Get Started", { exact: true }).count()).toBe(0);
  await screenshot(page, "i18n-landing-es-390");
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  // A server error in the request's language.
  await page.goto(`${server.baseUrl}/login`);
  await page.locator("input[type=email]").fill("nobody@plaza.test");
  await page.locator("input[type=password]").fill("not the password");
  await page.locator("form button[type=submit]").click();
  await page.getByText("Correo o contraseña incorrectos").waitFor();

  // The landing page's picker: the page loads again in Arabic, right to left, and stays so.
  await page.goto(`${server.baseUrl}/`);
  await Promise.all([
    page.waitForEvent("load"),
    page.getByLabel(say("es", "Language"), { exact: true }).selectOption("ar"),
  ]);
  await page.getByRole("button", { name: say("ar", "Get Started"), exact: true }).waitFor();
  expect(await language(page)).toEqual({ lang: "ar", dir: "rtl" });
  await page.goto(`${server.baseUrl}/login`);
  expect(await language(page)).toEqual({ lang: "ar", dir: "rtl" });
  await screenshot(page, "i18n-login-ar-390");
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  // The refused sign-in above is the one failed request Chromium reports.
  expect(errors.filter((error) => !error.includes("401 (Unauthorized) (http://127.0.0.1"))).toEqual([]);
  expect(errors.filter((error) => error.includes("/api/auth/login"))).toHaveLength(1);
});

test("an account's language, chosen in settings, is the app's on every device; Arabic is laid out right to left", {
  timeout: 240_000,
}, async () => {
  const { sessionCookie, user } = await registerViaApi(server.baseUrl, { username: "lengua_local" });
  await expectApiOk(server.baseUrl, sessionCookie, "POST", "/api/posts", {
    title: "Market day",
    content: "Fresh bread at the market today.",
  });
  const { page, errors } = await newPage(await browser({ locale: "en-US", session: sessionCookie }), {
    viewport: DESKTOP,
  });
  await page.goto(`${server.baseUrl}/settings`);
  await page.getByRole("tab", { name: "Preferences" }).click();
  await Promise.all([page.waitForEvent("load"), page.getByLabel("Language", { exact: true }).selectOption("es")]);
  await page.getByRole("heading", { name: say("es", "Account Settings") }).waitFor();
  expect(await language(page)).toEqual({ lang: "es", dir: "ltr" });
  const me = (await (
    await fetch(`${server.baseUrl}/api/auth/user`, { headers: { cookie: `plaza_session=${sessionCookie}` } })
  ).json()) as { preferences: { locale: string | null } };
  expect(me.preferences.locale).toBe("es");

  // Another device, whose browser asks for English: the account's choice wins.
  const phone = await newPage(await browser({ locale: "en-US", phone: true, session: sessionCookie }), {
    viewport: PHONE,
  });
  await phone.page.goto(`${server.baseUrl}/`);
  await phone.page.getByRole("navigation", { name: say("es", "Tabs") }).waitFor();
  expect(await language(phone.page)).toEqual({ lang: "es", dir: "ltr" });
  await screenshot(phone.page, "i18n-home-es-390");
  expect(await overflow(phone.page)).toBeLessThanOrEqual(0);

  // Arabic: right to left; the tab bar's first tab is on the right.
  await page.getByRole("tab", { name: say("es", "Preferences") }).click();
  await Promise.all([
    page.waitForEvent("load"),
    page.getByLabel(say("es", "Language"), { exact: true }).selectOption("ar"),
  ]);
  await page.getByRole("heading", { name: say("ar", "Account Settings") }).waitFor();
  expect(await language(page)).toEqual({ lang: "ar", dir: "rtl" });
  await screenshot(page, "i18n-settings-ar-1280");
  await phone.page.reload();
  const tabs = phone.page.getByRole("navigation", { name: say("ar", "Tabs") });
  await tabs.waitFor();
  const items = tabs.locator("a, button");
  const first = await items.first().boundingBox();
  const last = await items.last().boundingBox();
  expect(first && last && first.x > last.x).toBe(true);
  await screenshot(phone.page, "i18n-home-ar-390");
  expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
  // A person's own words keep their direction: an English post reads left to right on the Arabic page.
  await phone.page.goto(`${server.baseUrl}/profile/${user.id}`);
  const post = phone.page.getByText("Fresh bread at the market today.");
  await post.waitFor();
  expect(await post.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
  // The handle too: "@lengua_local", not "lengua_local@".
  const handle = phone.page.locator("bdi", { hasText: "@lengua_local" }).first();
  expect(await handle.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
  await screenshot(phone.page, "i18n-profile-ar-390");
  expect([...errors, ...phone.errors]).toEqual([]);
});
