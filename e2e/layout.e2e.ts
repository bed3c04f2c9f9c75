import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DemoAccountsView } from "@plaza/contracts/demo";
import type { BrowserContext, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addSessionCookie, registerViaApi, signInViaApi } from "./support/accounts";
import { launchBrowser, newPage } from "./support/browser";
import { say as sayIn, type TestLocale } from "./support/say";
import { type RunningServer, startServer } from "./support/server";
import { settled } from "./support/wait";

/**
 * Issue 17 "The first five minutes": every screen, signed in as the demo town's people (real names, posts,
 * pictures, conversations), at 360, 390, 768 and 1280 px. A screen fails when the page scrolls sideways, when
 * something is pushed past the screen's right edge (hidden by a box that clips it), or when a heading or a name
 * is cut (its text wider than its box). Screenshots at 390 and 1280 px land in e2e/artifacts/layout/ (gitignored)
 * for a person to look at.
 */

const SCREENSHOT_DIR = fileURLToPath(new URL("./artifacts/layout", import.meta.url));
const WIDTHS = [360, 390, 768, 1280] as const;
const SCREENSHOT_WIDTHS: readonly number[] = [390, 1280];
const PHONE_BELOW = 768;
const VIEWPORT_HEIGHT = 800;
/** Seeding the town happens before the server answers; a busy 2-core machine needs minutes for it. */
const DEMO_START_TIMEOUT_MS = 600_000;
const TOWN_CENTRE = { latitude: 45.7054, longitude: -121.5215 };

type Role = "visitor" | "regular" | "business" | "creator" | "superuser";

interface Screen {
  name: string;
  role: Role;
  path: () => string;
  /** What shows once the screen has its content (`say` gives a text in the run's language). */
  ready: (page: Page, say: Say) => Locator;
  /** A step after loading (e.g. opening a dialog). */
  open?: (page: Page, say: Say) => Promise<void>;
}

type Say = (english: string) => string | RegExp;

let server: RunningServer;
let demo: DemoAccountsView;
const sessions = new Map<Role, string>();
const ids = { creator: "", creatorName: "", business: "", conversation: "" };

function accountOf(role: DemoAccountsView["accounts"][number]["role"]) {
  const found = demo.accounts.find((candidate) => candidate.role === role);
  if (!found) throw new Error(`no ${role} among the demo accounts`);
  return found;
}

async function getJson<T>(path: string, role: Role): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { cookie: `plaza_session=${sessions.get(role) ?? ""}` },
  });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const SCREENS: Screen[] = [
  {
    name: "landing",
    role: "visitor",
    path: () => "/",
    ready: (page, say) => page.getByRole("button", { name: say("Get Started"), exact: true }),
  },
  {
    name: "login",
    role: "visitor",
    path: () => "/login",
    ready: (page, say) => page.getByRole("heading", { name: say("Try the demo town") }),
  },
  { name: "home", role: "regular", path: () => "/", ready: (page) => page.getByTestId("post-card").first() },
  {
    name: "discover",
    role: "regular",
    path: () => "/discover",
    ready: (page) => page.getByRole("tabpanel").getByText("Ground Up Coffee").first(),
  },
  {
    name: "search",
    role: "regular",
    path: () => "/search?q=coffee&type=businesses",
    ready: (page) => page.getByRole("main").getByText("Ground Up Coffee").first(),
  },
  {
    name: "profile",
    role: "regular",
    path: () => `/profile/${ids.creator}`,
    ready: (page) => page.getByRole("heading", { name: ids.creatorName, level: 1 }),
  },
  {
    name: "business",
    role: "regular",
    path: () => `/business/${ids.business}`,
    ready: (page) => page.getByRole("heading", { name: "Ground Up Coffee", level: 1 }),
  },
  {
    // Issue 33: the rating summary above the reviews, with owners' replies.
    name: "business-reviews",
    role: "regular",
    path: () => `/business/${ids.business}`,
    ready: (page) => page.getByRole("heading", { name: "Ground Up Coffee", level: 1 }),
    open: async (page, say) => {
      await page.getByRole("tab", { name: say("Reviews") }).click();
      await page.getByTestId("rating-summary").waitFor();
    },
  },
  {
    // Issue 33: the business's coupons (one code per card).
    name: "business-coupons",
    role: "regular",
    path: () => `/business/${ids.business}`,
    ready: (page) => page.getByRole("heading", { name: "Ground Up Coffee", level: 1 }),
    open: async (page, say) => {
      await page.getByRole("tab", { name: say("Coupons") }).click();
      await page.getByTestId("coupon-card").first().waitFor();
    },
  },
  {
    name: "messages",
    role: "regular",
    path: () => "/messages",
    ready: (page, say) =>
      page
        .getByRole("list", { name: say("Conversations") })
        .getByRole("listitem")
        .first(),
  },
  {
    name: "conversation",
    role: "regular",
    path: () => `/messages/${ids.conversation}`,
    ready: (page) => page.getByTestId("message-list").locator("p").first(),
  },
  {
    name: "notifications",
    role: "regular",
    path: () => "/",
    ready: (page) => page.getByTestId("post-card").first(),
    open: async (page, say) => {
      await page.getByRole("button", { name: say("Notifications") }).click();
      await page.getByRole("dialog").waitFor();
    },
  },
  {
    name: "wallet",
    role: "regular",
    path: () => "/wallet",
    ready: (page, say) => page.getByRole("heading", { name: say("Wallet"), level: 1 }),
  },
  {
    name: "settings",
    role: "regular",
    path: () => "/settings",
    ready: (page, say) => page.getByRole("heading", { name: say("Account Settings") }),
  },
  {
    name: "business-dashboard",
    role: "business",
    path: () => "/business-dashboard",
    ready: (page) => page.getByTestId("visit-code"),
  },
  {
    name: "creator-perks",
    role: "regular",
    path: () => `/profile/${ids.creator}`,
    ready: (page) => page.getByTestId("creator-perks"),
  },
  {
    name: "creator-partner-settings",
    role: "creator",
    path: () => "/settings#partners",
    ready: (page) => page.getByTestId("partner-settings").getByText("Ground Up Coffee"),
  },
  {
    // Issue 52: a coupon's three actions next to a long title pushed the page 17 px sideways at 390 px.
    name: "business-dashboard-coupons",
    role: "business",
    path: () => "/business-dashboard",
    ready: (page) => page.getByTestId("visit-code"),
    open: async (page, say) => {
      await page.getByRole("tab", { name: say("Coupons"), exact: true }).click();
      await page.getByTestId("dashboard-coupon").first().waitFor();
    },
  },
  {
    name: "business-dashboard-partners",
    role: "business",
    path: () => "/business-dashboard",
    ready: (page) => page.getByTestId("visit-code"),
    open: async (page, say) => {
      await page.getByRole("tab", { name: say("Partners"), exact: true }).click();
      await page
        .getByRole("list", { name: say("Your partners") })
        .getByRole("listitem")
        .first()
        .waitFor();
    },
  },
  {
    name: "admin",
    role: "superuser",
    path: () => "/admin",
    ready: (page) => page.getByTestId("admin-user-row").first(),
  },
];

beforeAll(async () => {
  server = await startServer({ demoData: true, readyTimeoutMs: DEMO_START_TIMEOUT_MS, label: "layout" });
  demo = (await (await fetch(`${server.baseUrl}/api/demo/accounts`)).json()) as DemoAccountsView;
  for (const role of ["regular", "business", "creator", "superuser"] as const) {
    sessions.set(role, await signInViaApi(server.baseUrl, accountOf(role).email, demo.password));
  }
  const creator = accountOf("creator");
  const people = await getJson<{ id: string; username: string }[]>(
    `/api/users/search?q=${encodeURIComponent(creator.username)}`,
    "regular",
  );
  ids.creator = people.find((person) => person.username === creator.username)?.id ?? "";
  ids.creatorName = creator.name;
  const found = await getJson<{ businesses: { id: string; name: string }[] }>("/api/search?q=Ground%20Up", "regular");
  ids.business = found.businesses.find((business) => business.name === "Ground Up Coffee")?.id ?? "";
  const conversations = await getJson<{ id: string }[]>("/api/conversations", "regular");
  ids.conversation = conversations[0]?.id ?? "";
  expect(ids.creator && ids.business && ids.conversation).not.toBe("");
}, DEMO_START_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await server?.stop();
});

/**
 * Runs in the page: what is wrong with the layout as drawn. Only the outermost element pushed past the edge is
 * named (its children are past it too). Horizontal scrollers (overflow-x auto/scroll) may hold wider content.
 */
/** The smallest tap target on a phone (WCAG 2.5.5), for buttons, tabs and form fields. */
const MIN_TAP_PX = 44;

function findLayoutProblems(minTapPx: number | null): string[] {
  const problems: string[] = [];
  const label = (element: Element) =>
    `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> "${(element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 50)}"`;
  const isShown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== "hidden";
  };
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    problems.push(`the page scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px`);
  }
  for (const element of document.querySelectorAll("h1, h2, h3, h4, h5, h6, [data-slot=card-title], [data-name]")) {
    if (isShown(element) && element.scrollWidth > element.clientWidth + 1) {
      problems.push(`cut: ${label(element)} needs ${element.scrollWidth} px, has ${element.clientWidth} px`);
    }
  }
  const edge = root.clientWidth + 1;
  // Right to left, what overflows goes past the left edge.
  const isRightToLeft = document.documentElement.dir === "rtl";
  const isPastEdge = (element: Element) => {
    if (!isShown(element)) return false;
    const box = element.getBoundingClientRect();
    return box.right > edge || (isRightToLeft && box.left < -1);
  };
  // Inside a scroller, or clipped by a box that itself ends inside the page (a carousel's next slides): nobody sees
  // it past the edge, and the page does not scroll sideways (checked above).
  const isInScroller = (element: Element) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const overflow = getComputedStyle(parent).overflowX;
      if (overflow === "auto" || overflow === "scroll") return true;
      const box = parent.getBoundingClientRect();
      const isInside = box.right <= edge && (!isRightToLeft || box.left >= -1);
      if ((overflow === "hidden" || overflow === "clip") && isInside) return true;
    }
    return false;
  };
  for (const element of document.body.querySelectorAll("*")) {
    if (!isPastEdge(element) || isInScroller(element)) continue;
    if (element.parentElement && isPastEdge(element.parentElement)) continue;
    const box = element.getBoundingClientRect();
    problems.push(`past the edge: ${label(element)} spans ${Math.round(box.left)} to ${Math.round(box.right)} px`);
  }
  // On phones: every button, tab and form field is a comfortable tap target. Links inside a sentence, checkboxes
  // and switches (inside their label's larger target) are not counted.
  if (minTapPx !== null) {
    // Links count in the top bar, on post cards and in dialogs (issue 52: the brand link was 20 × 20 px, a card's
    // avatar 40 × 40); a link inside a page's running text elsewhere is not a tap target of its own.
    const targets = document.body.querySelectorAll(
      "button, [role=button], [role=tab], [role=combobox], a[data-slot=button], select, textarea, input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]), nav[aria-label=Main] a[href], [data-testid=post-card] a[href], [role=dialog] a[href], [role=alertdialog] a[href]",
    );
    for (const element of targets) {
      if (!isShown(element) || element.closest("[aria-hidden=true], [role=switch], [role=checkbox]")) continue;
      if (element.matches("[role=switch], [role=checkbox]")) continue;
      const box = element.getBoundingClientRect();
      if (Math.round(box.width) < minTapPx || Math.round(box.height) < minTapPx) {
        problems.push(`small tap target: ${label(element)} is ${Math.round(box.width)} × ${Math.round(box.height)} px`);
      }
    }
  }
  return problems;
}

async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
  // A dialog measured while it zooms in is a few per cent smaller than it is (a 44 px button read as 43).
  await settled(page);
  // Pictures in view must have arrived (a late picture changes the layout). Hidden ones (a phone's other
  // messaging column) never load lazily, so only drawn ones count.
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.top < window.innerHeight;
      })
      .every((image) => image.complete),
  );
}

async function contextFor(width: number, locale: TestLocale): Promise<BrowserContext> {
  const context = await launchBrowser({
    device: width < PHONE_BELOW ? "phone" : "desktop",
    // The browser's language: what the server answers in (the demo town's people chose none).
    locale: locale === "en" ? undefined : locale,
  });
  await context.grantPermissions(["geolocation"], { origin: server.baseUrl });
  await context.setGeolocation(TOWN_CENTRE);
  return context;
}

/**
 * Every width in English; a phone in Spanish (its texts are the longest) and in Arabic (right to left), issue 49.
 */
const RUNS: { width: number; locale: TestLocale }[] = [
  ...WIDTHS.map((width) => ({ width, locale: "en" as const })),
  { width: 390, locale: "es" },
  { width: 390, locale: "ar" },
];

describe("the layout holds on every screen", () => {
  for (const { width, locale } of RUNS) {
    const say: Say = (english) => sayIn(locale, english);
    const shot = locale === "en" ? "" : `${locale}-`;
    test(locale === "en" ? `at ${width} px` : `at ${width} px in ${locale}`, async () => {
      const context = await contextFor(width, locale);
      const problems: string[] = [];
      try {
        let signedInAs: Role | null = null;
        for (const screen of SCREENS) {
          if (signedInAs !== screen.role) {
            await context.clearCookies();
            const session = sessions.get(screen.role);
            if (session) await addSessionCookie(context, server.baseUrl, session);
            signedInAs = screen.role;
          }
          const { page, errors } = await newPage(context, { viewport: { width, height: VIEWPORT_HEIGHT } });
          await page.goto(`${server.baseUrl}${screen.path()}`);
          await screen.ready(page, say).waitFor();
          await screen.open?.(page, say);
          await settle(page);
          const minTapPx = width < PHONE_BELOW ? MIN_TAP_PX : null;
          for (const problem of await page.evaluate(findLayoutProblems, minTapPx)) {
            problems.push(`${screen.name}: ${problem}`);
          }
          if (SCREENSHOT_WIDTHS.includes(width)) {
            mkdirSync(SCREENSHOT_DIR, { recursive: true });
            await page.screenshot({
              path: join(SCREENSHOT_DIR, `${width}-${shot}${screen.name}.png`),
              fullPage: true,
            });
          }
          expect(errors, `${screen.name} at ${width} px in ${locale}`).toEqual([]);
          await page.close();
        }
      } finally {
        await context.close();
      }
      expect(problems, `layout problems at ${width} px in ${locale}`).toEqual([]);
    }, 300_000);
  }
});

/** A dialog of the app, opened the way a person opens it. */
interface DialogScreen {
  name: string;
  role: Role;
  path: () => string;
  /** What shows once the page has its content. */
  ready: (page: Page) => Locator;
  /** Opens the dialog (and fills what it needs to show its last row). */
  open: (page: Page) => Promise<void>;
}

const topDialog = (page: Page) => page.locator("[role=dialog], [role=alertdialog]").last();

async function openFrom(page: Page, trigger: Locator): Promise<void> {
  await trigger.waitFor();
  // The element's own click: a page still laying out what it loads (a dashboard's charts) moved a pointer click's
  // target away under it.
  await trigger.evaluate((element: HTMLElement) => element.click());
  await topDialog(page).waitFor();
}

const firstCardButton = (page: Page, name: string | RegExp) =>
  page
    .getByTestId("post-card")
    .getByRole("button", { name, exact: typeof name === "string" })
    .first();

/**
 * Every dialog the signed-in app has (the components that render components/ui/dialog.tsx or confirm-dialog.tsx),
 * except the desktop-only messages dialog.
 */
const DIALOGS: DialogScreen[] = [
  {
    // Issue 52: a picked photo's Remove button sat under the tab bar's Create button.
    name: "create-post-photo",
    role: "regular",
    path: () => "/",
    ready: (page) => page.getByTestId("post-card").first(),
    open: async (page) => {
      await openFrom(page, page.getByRole("navigation", { name: "Tabs" }).getByRole("button", { name: "Create" }));
      const image = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#c0392b" } })
        .png()
        .toBuffer();
      await topDialog(page)
        .locator("#post-media")
        .setInputFiles({ name: "harbour.png", mimeType: "image/png", buffer: image });
      await topDialog(page).getByRole("button", { name: "Remove photo 1" }).waitFor();
    },
  },
  {
    name: "notifications-dialog",
    role: "regular",
    path: () => "/",
    ready: (page) => page.getByTestId("post-card").first(),
    open: (page) => openFrom(page, page.getByRole("button", { name: /^Notifications/ })),
  },
  {
    name: "location-filter-dialog",
    role: "regular",
    path: () => "/",
    ready: (page) => page.getByTestId("post-card").first(),
    open: (page) => openFrom(page, page.getByRole("button", { name: /^Location filter/ })),
  },
  {
    name: "tip-dialog",
    role: "regular",
    path: () => `/profile/${ids.creator}`,
    ready: (page) => page.getByTestId("post-card").first(),
    open: (page) => openFrom(page, firstCardButton(page, "Tip")),
  },
  {
    name: "report-dialog",
    role: "regular",
    path: () => `/profile/${ids.creator}`,
    ready: (page) => page.getByTestId("post-card").first(),
    open: (page) => openFrom(page, firstCardButton(page, "Report")),
  },
  {
    name: "followers-dialog",
    role: "regular",
    path: () => `/profile/${ids.creator}`,
    ready: (page) => page.getByRole("heading", { name: ids.creatorName, level: 1 }),
    open: (page) => openFrom(page, page.getByRole("button", { name: /Followers/ }).first()),
  },
  {
    name: "edit-post-dialog",
    role: "creator",
    path: () => `/profile/${ids.creator}`,
    ready: (page) => page.getByTestId("post-card").first(),
    open: (page) => openFrom(page, firstCardButton(page, "Edit post")),
  },
  {
    name: "delete-post-dialog",
    role: "creator",
    path: () => `/profile/${ids.creator}`,
    ready: (page) => page.getByTestId("post-card").first(),
    open: (page) => openFrom(page, firstCardButton(page, "Delete post")),
  },
  {
    name: "profile-photo-dialog",
    role: "creator",
    path: () => `/profile/${ids.creator}`,
    ready: (page) => page.getByRole("heading", { name: ids.creatorName, level: 1 }),
    open: (page) => openFrom(page, page.getByRole("button", { name: "Change profile photo" })),
  },
  {
    name: "check-in-dialog",
    role: "regular",
    path: () => `/business/${ids.business}`,
    ready: (page) => page.getByRole("heading", { name: "Ground Up Coffee", level: 1 }),
    open: (page) => openFrom(page, page.getByRole("button", { name: "Check In", exact: true }).first()),
  },
  {
    name: "business-form-dialog",
    role: "business",
    path: () => "/business-dashboard",
    ready: (page) => page.getByTestId("visit-code"),
    open: (page) => openFrom(page, page.getByRole("button", { name: "Edit Business Info" })),
  },
  {
    name: "coupon-form-dialog",
    role: "business",
    path: () => "/business-dashboard",
    ready: (page) => page.getByTestId("visit-code"),
    open: async (page) => {
      await page.getByRole("tab", { name: "Coupons", exact: true }).click();
      await page.getByRole("heading", { name: "Manage Coupons" }).waitFor();
      await openFrom(page, page.getByRole("button", { name: "Create Coupon" }));
    },
  },
  {
    name: "delete-account-dialog",
    role: "regular",
    path: () => "/settings",
    ready: (page) => page.getByRole("heading", { name: "Account Settings" }),
    open: async (page) => {
      await page.getByRole("tab", { name: "Account", exact: true }).click();
      await openFrom(page, page.getByRole("button", { name: "Delete Account", exact: true }));
    },
  },
  {
    name: "admin-user-details-dialog",
    role: "superuser",
    path: () => "/admin",
    ready: (page) => page.getByTestId("admin-user-row").first(),
    open: (page) => openFrom(page, page.getByTestId("admin-user-row").first().getByRole("button", { name: "View" })),
  },
  {
    name: "admin-suspend-dialog",
    role: "superuser",
    path: () => "/admin",
    ready: (page) => page.getByTestId("admin-user-row").first(),
    open: (page) => openFrom(page, page.getByTestId("admin-user-row").getByRole("button", { name: "Suspend" }).first()),
  },
];

/**
 * Runs in the page: the open dialog's controls that something else covers (the tab bar, issue 52). Each is
 * scrolled into view inside the dialog first, as a person scrolls to it; then the element at its centre must be it
 * or inside it.
 */
function findCoveredControls(): string[] {
  const dialogs = document.querySelectorAll("[role=dialog], [role=alertdialog]");
  const dialog = dialogs[dialogs.length - 1];
  if (!dialog) return ["no dialog is open"];
  const problems: string[] = [];
  const controls = dialog.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=combobox], [role=slider], [role=tab]",
  );
  const bar = document.querySelector("nav[aria-label=Tabs]");
  const barTop = bar && bar.getBoundingClientRect().height > 0 ? bar.getBoundingClientRect().top : window.innerHeight;
  const dialogBox = dialog.getBoundingClientRect();
  if (dialogBox.bottom > barTop + 0.5) {
    problems.push(
      `the dialog ends at ${Math.round(dialogBox.bottom)} px, under the tab bar (from ${Math.round(barTop)} px)`,
    );
  }
  for (const control of controls) {
    // A disabled control takes no taps (pointer-events: none), so no point finds it.
    if (control.closest("[aria-hidden=true]") || control.matches(":disabled, [aria-disabled=true]")) continue;
    const box = control.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || getComputedStyle(control).visibility === "hidden") continue;
    control.scrollIntoView({ block: "nearest", inline: "nearest" });
    const shown = control.getBoundingClientRect();
    const hit = document.elementFromPoint(shown.left + shown.width / 2, shown.top + shown.height / 2);
    if (hit && (hit === control || control.contains(hit)) && shown.bottom <= barTop + 0.5) continue;
    const name = `<${control.tagName.toLowerCase()}> "${(control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 40)}"`;
    const cover = hit
      ? `<${hit.tagName.toLowerCase()}> "${(hit.closest("nav")?.getAttribute("aria-label") ?? hit.textContent ?? "").trim().slice(0, 40)}"`
      : "nothing (off screen)";
    problems.push(`covered: ${name} at ${Math.round(shown.top)} px is under ${cover}`);
  }
  return problems;
}

describe("on a phone, dialogs and the composer clear the tab bar and every tap target is 44 px (issue 52)", () => {
  const width = 390;

  test("every dialog", async () => {
    const context = await contextFor(width, "en");
    const problems: string[] = [];
    try {
      let signedInAs: Role | null = null;
      for (const screen of DIALOGS) {
        if (signedInAs !== screen.role) {
          await context.clearCookies();
          const session = sessions.get(screen.role);
          if (session) await addSessionCookie(context, server.baseUrl, session);
          signedInAs = screen.role;
        }
        const { page, errors } = await newPage(context, { viewport: { width, height: VIEWPORT_HEIGHT } });
        await page.goto(`${server.baseUrl}${screen.path()}`);
        await screen.ready(page).waitFor();
        try {
          await screen.open(page);
        } catch (error) {
          // A dialog that cannot be opened is a problem of its own; the others are still looked at.
          problems.push(`${screen.name}: could not open: ${String(error).split("\n")[0]}`);
          await page.close();
          continue;
        }
        await settle(page);
        for (const problem of await page.evaluate(findLayoutProblems, MIN_TAP_PX)) {
          problems.push(`${screen.name}: ${problem}`);
        }
        for (const problem of await page.evaluate(findCoveredControls)) problems.push(`${screen.name}: ${problem}`);
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${width}-${screen.name}.png`) });
        expect(errors, `${screen.name} at ${width} px`).toEqual([]);
        await page.close();
      }
    } finally {
      await context.close();
    }
    expect(problems, `dialog problems at ${width} px`).toEqual([]);
  }, 300_000);

  test("the business dashboard's tabs stay on one line, each label whole, the last one reachable (issue 52)", async () => {
    for (const viewportWidth of SCREENSHOT_WIDTHS) {
      const context = await contextFor(viewportWidth, "en");
      try {
        await addSessionCookie(context, server.baseUrl, sessions.get("business") ?? "");
        const { page, errors } = await newPage(context, {
          viewport: { width: viewportWidth, height: VIEWPORT_HEIGHT },
        });
        await page.goto(`${server.baseUrl}/business-dashboard`);
        await page.getByTestId("visit-code").waitFor();
        await settle(page);
        const tabs = page.getByRole("tablist").first().getByRole("tab");
        const boxes = await tabs.evaluateAll((elements) =>
          elements.map((element) => {
            const box = element.getBoundingClientRect();
            const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
            const range = document.createRange();
            range.selectNodeContents(element);
            return {
              label: element.textContent ?? "",
              top: Math.round(box.top),
              // One line of text: its rectangles all share one top.
              lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
              isCut:
                element.scrollWidth > element.clientWidth + 1 ||
                range.getBoundingClientRect().height > lineHeight * 1.5,
            };
          }),
        );
        expect(boxes.map((box) => box.label)).toContain("Analytics");
        for (const box of boxes) {
          expect(box.top, `${box.label} at ${viewportWidth} px`).toBe(boxes[0]?.top);
          expect(box.lines, `${box.label} at ${viewportWidth} px`).toBe(1);
          expect(box.isCut, `${box.label} at ${viewportWidth} px`).toBe(false);
        }
        // The page itself does not scroll sideways; the strip does, and its last tab opens.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${viewportWidth}-business-dashboard-tabs.png`) });
        await page.getByRole("tab", { name: "Analytics", exact: true }).click();
        await expect
          .poll(() => page.getByRole("tab", { name: "Analytics", exact: true }).getAttribute("aria-selected"))
          .toBe("true");
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  test("a new account's conversation: the verify-your-email banner leaves the composer above the tab bar", async () => {
    const account = await registerViaApi(server.baseUrl, {}, { verifyEmail: false });
    const sent = await fetch(`${server.baseUrl}/api/messages`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: server.baseUrl,
        cookie: `plaza_session=${account.sessionCookie}`,
      },
      body: JSON.stringify({ recipientId: ids.creator, content: "Hello from a new neighbour" }),
    });
    expect(sent.status).toBe(201);
    const { conversationId } = (await sent.json()) as { conversationId: string };
    for (const viewportWidth of SCREENSHOT_WIDTHS) {
      const context = await contextFor(viewportWidth, "en");
      try {
        await addSessionCookie(context, server.baseUrl, account.sessionCookie);
        const { page, errors } = await newPage(context, {
          viewport: { width: viewportWidth, height: VIEWPORT_HEIGHT },
        });
        await page.goto(`${server.baseUrl}/messages/${conversationId}`);
        await page.getByTestId("verify-email-banner").waitFor();
        await page.getByTestId("message-list").getByText("Hello from a new neighbour").waitFor();
        await settle(page);
        // Without scrolling: the composer is on the screen, uncovered.
        const composer = page.getByRole("textbox", { name: "Message" });
        const send = page.getByRole("button", { name: "Send message" });
        for (const control of [composer, send]) {
          const isUncovered = await control.evaluate((element) => {
            const box = element.getBoundingClientRect();
            // Wider screens have no tab bar (display: none, a box of 0 × 0 at the top).
            const bar = document.querySelector("nav[aria-label=Tabs]")?.getBoundingClientRect();
            const barTop = bar && bar.height > 0 ? bar.top : innerHeight;
            // The send button is disabled (no pointer events) while the box is empty: only its place is checked.
            if (element.matches(":disabled")) return box.bottom <= barTop;
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return box.bottom <= barTop && hit !== null && (hit === element || element.contains(hit));
          });
          expect(isUncovered, `${await control.getAttribute("aria-label")} at ${viewportWidth} px`).toBe(true);
        }
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${viewportWidth}-conversation-verify-banner.png`) });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
