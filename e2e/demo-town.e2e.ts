import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DemoAccountsView } from "@plaza/contracts/demo";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectNoSeriousViolations } from "./support/a11y";
import { launchBrowser, newPage } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/** The README's screenshots are taken here, from the demo town; every screen walked is also checked with axe. */
const README_SCREENSHOTS = fileURLToPath(new URL("../docs/screenshots", import.meta.url));
/** Seeding the town happens before the server answers; a busy 2-core machine needs minutes for it. */
const DEMO_START_TIMEOUT_MS = 600_000;
/** Where the demo town is (Hood River); discover sorts businesses by distance from here. */
const TOWN_CENTRE = { latitude: 45.7054, longitude: -121.5215 };

let server: RunningServer;
let demo: DemoAccountsView;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const startedAt = Date.now();
  server = await startServer({ demoData: true, readyTimeoutMs: DEMO_START_TIMEOUT_MS });
  console.log(`demo server ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  const response = await fetch(`${server.baseUrl}/api/demo/accounts`);
  expect(response.status).toBe(200);
  demo = (await response.json()) as DemoAccountsView;
}, DEMO_START_TIMEOUT_MS + 30_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

async function readmeScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(README_SCREENSHOTS, { recursive: true });
  // Pictures in view must have arrived before the shot (lazy ones further down load only when scrolled to).
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
      .every((image) => image.complete),
  );
  await page.screenshot({ path: join(README_SCREENSHOTS, `${name}.png`) });
  await expectNoSeriousViolations(page, `demo town: ${name}`);
}

async function browser(): Promise<BrowserContext> {
  const context = await launchBrowser();
  contexts.push(context);
  await context.grantPermissions(["geolocation"], { origin: server.baseUrl });
  await context.setGeolocation(TOWN_CENTRE);
  return context;
}

function account(role: DemoAccountsView["accounts"][number]["role"]) {
  const found = demo.accounts.find((candidate) => candidate.role === role);
  if (!found) throw new Error(`no ${role} among the demo accounts`);
  return found;
}

/** Opens the sign-in page and presses the demo account's one-click button. */
async function signInAs(page: Page, name: string): Promise<void> {
  await page.goto(`${server.baseUrl}/login`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { name: "Try the demo town" }).waitFor();
  await page.getByRole("button", { name: `Sign in as ${name}` }).click();
  await page.waitForURL(`${server.baseUrl}/`);
  await page.getByRole("button", { name: "Account menu" }).waitFor();
}

/** The id of a demo person, found the way the app finds people (signed in as anyone). */
async function userIdOf(page: Page, username: string): Promise<string> {
  const id = await page.evaluate(async (name) => {
    const response = await fetch(`/api/users/search?q=${encodeURIComponent(name)}`);
    const people = (await response.json()) as { id: string; username: string }[];
    return people.find((person) => person.username === name)?.id ?? "";
  }, username);
  expect(id).not.toBe("");
  return id;
}

describe("the demo town", () => {
  test("the console prints the superuser's email and the demo password", () => {
    const superuser = account("superuser");
    const output = server.output();
    expect(output).toContain(`Superuser: ${superuser.email} / ${demo.password}`);
    expect(output).toContain("Demo town: Hood River, Oregon");
  });

  test("a visitor sees the landing page and the sign-in page's demo accounts", async () => {
    const { page, errors } = await newPage(await browser());
    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Get Started", exact: true }).waitFor();
    await readmeScreenshot(page, "landing");

    await page.goto(`${server.baseUrl}/login`, { waitUntil: "networkidle" });
    const panel = page.getByRole("list", { name: "Try the demo town" });
    await panel.waitFor();
    expect(await panel.getByRole("listitem").count()).toBe(demo.accounts.length);
    for (const demoAccount of demo.accounts) await panel.getByText(demoAccount.email).waitFor();
    await page.getByText(demo.password, { exact: true }).waitFor();
    await expectNoSeriousViolations(page, "demo town: sign-in with the demo accounts");
    expect(errors).toEqual([]);
  });

  test("a regular signs in with one click and walks the feed, discover, a profile and messages", async () => {
    const regular = account("regular");
    const creator = account("creator");
    const { page, errors } = await newPage(await browser());
    await signInAs(page, regular.name);
    await page.getByRole("heading", { name: `Welcome back, ${regular.name.split(" ")[0]}!` }).waitFor();

    // The feed holds the town's posts, with their generated pictures served from uploads.
    const pictures = page.locator('main img[src^="/uploads/"]');
    await pictures.first().waitFor();
    expect(await pictures.count()).toBeGreaterThan(3);
    // Pictures load lazily (carousel slides off screen wait): the ones on screen arrive with their real size.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('main img[src^="/uploads/"]')).some(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    );
    await readmeScreenshot(page, "home-feed");

    await page.getByRole("tab", { name: "Discover" }).click();
    await page.getByText("Ground Up Coffee").first().waitFor();
    await page.getByText("Pho Gorge").first().waitFor();
    await expectNoSeriousViolations(page, "demo town: discover");

    await page.goto(`${server.baseUrl}/profile/${await userIdOf(page, creator.username)}`, {
      waitUntil: "networkidle",
    });
    await page.getByRole("heading", { name: creator.name }).waitFor();
    await page.locator('main img[src^="/uploads/"]').first().waitFor();
    await readmeScreenshot(page, "profile");

    await page.goto(`${server.baseUrl}/messages`, { waitUntil: "networkidle" });
    await page.getByText(creator.name).first().waitFor();
    // Jess's conversation with Ground Up Coffee shows the business, never its owner's name (issue 52).
    await page.getByText("Ground Up Coffee").first().waitFor();
    expect(await page.getByText("Owen Fischer").count()).toBe(0);
    await expectNoSeriousViolations(page, "demo town: messages");
    expect(errors).toEqual([]);
  });

  test("the creator's short video plays inline: poster first, muted, sound with its controls", async () => {
    const { page, errors } = await newPage(await browser());
    await signInAs(page, account("regular").name);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/profile/${await userIdOf(page, "kitesurf_kai")}`, { waitUntil: "networkidle" });
    const card = page.getByTestId("post-card").filter({ hasText: "Wind window at the Event Site" });
    const player = card.locator("video");
    await player.scrollIntoViewIfNeeded();
    expect(await player.getAttribute("poster")).toMatch(/-poster\.webp$/);
    expect(await player.evaluate((video: HTMLVideoElement) => [video.muted, video.paused, video.playsInline])).toEqual([
      true,
      true,
      true,
    ]);
    const poster = await page.evaluate(
      async (url) => (await fetch(url)).status,
      (await player.getAttribute("poster")) ?? "",
    );
    expect(poster).toBe(200);
    // It plays (muted playback needs no gesture) and its frames move on.
    await player.evaluate((video: HTMLVideoElement) => video.play());
    await page.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>("main video")?.currentTime ?? 0) > 0.3,
      undefined,
      { timeout: 20_000 },
    );
    const artifacts = fileURLToPath(new URL("./artifacts", import.meta.url));
    mkdirSync(artifacts, { recursive: true });
    await card.screenshot({ path: join(artifacts, "demo-video-390.png") });
    expect(errors).toEqual([]);
  });

  test("a business owner sees the dashboard of the business", async () => {
    const owner = account("business");
    const { page, errors } = await newPage(await browser());
    await signInAs(page, owner.name);
    await page.goto(`${server.baseUrl}/business-dashboard`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Business Dashboard" }).waitFor();
    await page.getByText("Ground Up Coffee").first().waitFor();
    expect((await page.getByTestId("visit-code").textContent())?.trim()).toMatch(/^\d{6}$/);
    await readmeScreenshot(page, "business-dashboard");
    expect(errors).toEqual([]);
  });

  test("the creator's wallet holds real earnings", async () => {
    const creator = account("creator");
    const { page, errors } = await newPage(await browser());
    await signInAs(page, creator.name);
    await page.goto(`${server.baseUrl}/wallet`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Wallet" }).waitFor();
    await expectNoSeriousViolations(page, "demo town: wallet");
    await expect.poll(() => page.getByTestId("wallet-balance").textContent()).toMatch(/^\$\d+\.\d\d$/);
    expect(await page.getByTestId("wallet-balance").textContent()).not.toBe("$0.00");
    expect(await page.getByRole("list", { name: "Ledger lines" }).getByRole("listitem").count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test("the superuser signs in with the printed credentials and opens the admin console", async () => {
    const superuser = account("superuser");
    const { page, errors } = await newPage(await browser());
    await page.goto(`${server.baseUrl}/login`, { waitUntil: "networkidle" });
    await page.getByLabel("Email").first().fill(superuser.email);
    await page.getByLabel("Password").first().fill(demo.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.goto(`${server.baseUrl}/admin`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await page.getByTestId("admin-user-row").first().waitFor();
    expect(await page.getByTestId("admin-user-row").count()).toBeGreaterThan(5);
    await readmeScreenshot(page, "admin");
    expect(errors).toEqual([]);
  });
});
