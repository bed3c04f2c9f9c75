import { LOCATION_FILTER_COOKIE } from "@plaza/contracts/constants";
import type { BrowserContext } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, registerViaApi } from "./support/accounts";
import { launchBrowser, newPage, openPhone, screenshot } from "./support/browser";
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

test("create a post with an image, like it, comment on it, and see it in the feed", async () => {
  const author = await registerViaApi(server.baseUrl, { firstName: "Ana", lastName: "Author" });
  await addSessionCookie(context, server.baseUrl, author.sessionCookie);
  const { page, errors } = await newPage(context);
  await page.goto(`${server.baseUrl}/`);
  await page.getByText("Your feed is empty").waitFor();

  // Create: the top bar's button opens the dialog.
  await page.getByRole("banner").getByRole("button", { name: "Create", exact: true }).click();
  const dialog = page.getByRole("dialog");
  // The §5 rules answer before anything is sent.
  await dialog.getByRole("button", { name: "Publish" }).click();
  await dialog.getByText("Title is required").waitFor();
  await dialog.getByText("Content is required").waitFor();
  await dialog.locator("#post-tags").fill("harbour");
  await dialog.locator("#post-tags").press("Enter");
  await dialog.locator("#post-tags").fill("harbour");
  await dialog.locator("#post-tags").press("Enter");
  await dialog.getByText("This tag is already added").waitFor();
  await dialog.getByLabel("Title").fill("Harbour at dusk");
  await dialog.getByLabel("Content").fill("Boats coming home, lights on the water.");
  const image = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();
  await dialog.locator("#post-media").setInputFiles({ name: "harbour.png", mimeType: "image/png", buffer: image });
  await dialog.getByAltText("Selected media").waitFor();
  await dialog.getByLabel("Image description (alt text)").fill("Red sky over the harbour");
  await dialog.getByLabel("City").fill("Porto");
  await screenshot(page, "posts-create-dialog");
  await dialog.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Your post has been published successfully!").first().waitFor();
  await dialog.waitFor({ state: "detached" });

  // The feed shows it, with the stored image.
  const card = page.getByTestId("post-card").filter({ hasText: "Harbour at dusk" });
  await card.waitFor();
  const picture = card.getByRole("img", { name: "Red sky over the harbour" });
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);

  // Like (optimistic, then confirmed by the server: still liked after a reload).
  await card.getByRole("button", { name: "Like" }).click();
  await expect.poll(() => card.getByTestId("like-count").textContent()).toBe("1");
  await card.getByRole("button", { name: "Unlike" }).waitFor();

  // Comment.
  await card.getByRole("button", { name: "Comments" }).click();
  await card.getByLabel("Write a comment").fill("Lovely light!");
  await card.getByRole("button", { name: "Comment", exact: true }).click();
  await card.getByText("Lovely light!").waitFor();
  await expect.poll(() => card.getByTestId("comment-count").textContent()).toBe("1");
  // Focus stays in the comment box, ready for the next comment.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
    .toBe("Write a comment");
  await screenshot(page, "posts-feed-card");

  await page.reload();
  const reloaded = page.getByTestId("post-card").filter({ hasText: "Harbour at dusk" });
  await reloaded.waitFor();
  expect(await reloaded.getByTestId("like-count").textContent()).toBe("1");
  expect(await reloaded.getByTestId("comment-count").textContent()).toBe("1");
  await reloaded.getByRole("button", { name: "Unlike" }).waitFor();

  // The post page shows the same post with its comments.
  const [post] = (await (
    await fetch(`${server.baseUrl}/api/users/${author.user.id}/posts`, {
      headers: { cookie: `plaza_session=${author.sessionCookie}` },
    })
  ).json()) as { id: string }[];
  expect(post).toBeDefined();
  await page.goto(`${server.baseUrl}/posts/${post?.id}`);
  await page.getByText("Lovely light!").waitFor();
  await screenshot(page, "posts-post-page");

  // The author deletes it: gone from the feed.
  await page.getByRole("button", { name: "Delete post" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await page.getByText("Your feed is empty").waitFor();

  expect(errors).toEqual([]);
});

test("the location filter narrows the feed by city and by radius, persists across reloads, and clears", async () => {
  const account = await registerViaApi(server.baseUrl, { firstName: "Lea", lastName: "Local" });
  const publish = async (title: string, location: Record<string, unknown>) => {
    const response = await fetch(`${server.baseUrl}/api/posts`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: server.baseUrl,
        cookie: `plaza_session=${account.sessionCookie}`,
      },
      body: JSON.stringify({ title, content: `${title} content`, location }),
    });
    expect(response.status).toBe(201);
  };
  await publish("Tram 28 ride", { city: "Lisbon", latitude: 38.7139, longitude: -9.1334 });
  await publish("Ribeira walk", { city: "Porto", latitude: 41.1406, longitude: -8.6111 });

  await context.clearCookies();
  await addSessionCookie(context, server.baseUrl, account.sessionCookie);
  await context.grantPermissions(["geolocation"], { origin: server.baseUrl });
  await context.setGeolocation({ latitude: 38.7223, longitude: -9.1393 });
  const { page, errors } = await newPage(context);
  await page.goto(`${server.baseUrl}/`);
  const titles = () => page.getByTestId("post-card").locator("h2").allTextContents();
  await page.getByText("Ribeira walk", { exact: true }).waitFor();

  // City filter: the panel of docs/PRODUCT.md §2, then a reload with the saved filter.
  await page.getByRole("button", { name: "Location filter" }).click();
  const panel = page.getByRole("dialog");
  await panel.getByText("Filter posts by location to see content from specific areas").waitFor();
  await panel.getByRole("combobox", { name: "Filter type" }).click();
  await page.getByRole("option", { name: "City" }).click();
  await panel.getByLabel("City").fill("  porto ");
  await Promise.all([page.waitForEvent("load"), panel.getByRole("button", { name: "Apply Filter" }).click()]);
  await page.getByText("Ribeira walk", { exact: true }).waitFor();
  expect(await titles()).toEqual(["Ribeira walk"]);

  // Radius filter from the browser's position (Find Nearby opens the panel in radius mode).
  await page.getByRole("button", { name: "Find Nearby" }).click();
  await page.getByRole("dialog").getByRole("slider").waitFor();
  await Promise.all([
    page.waitForEvent("load"),
    page.getByRole("dialog").getByRole("button", { name: "Get Location & Apply" }).click(),
  ]);
  await page.getByText("Tram 28 ride", { exact: true }).waitFor();
  expect(await titles()).toEqual(["Tram 28 ride"]);
  await page.getByRole("button", { name: "Location filter (active)" }).click();
  // The position is named from the offline gazetteer, never shown as coordinates.
  await page.getByRole("dialog").getByText("Current location: Lisbon, Portugal").waitFor();
  // "Use Current Location" on a city filter fills in the city's name (a post's place text can match it).
  await page.getByRole("dialog").getByRole("combobox", { name: "Filter type" }).click();
  await page.getByRole("option", { name: "City" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Use Current Location" }).click();
  await expect.poll(() => page.getByRole("dialog").getByLabel("City").inputValue()).toBe("Lisbon");

  // Clear: both posts again.
  await Promise.all([
    page.waitForEvent("load"),
    page.getByRole("dialog").getByRole("button", { name: "Clear Filter" }).click(),
  ]);
  await page.getByText("Ribeira walk", { exact: true }).waitFor();
  expect((await titles()).sort()).toEqual(["Ribeira walk", "Tram 28 ride"]);
  await screenshot(page, "posts-location-filter");

  // The composer's "Use current location" fills the place fields by name.
  await page.getByRole("banner").getByRole("button", { name: "Create", exact: true }).click();
  const composer = page.getByRole("dialog");
  await composer.getByRole("button", { name: "Use current location" }).click();
  await expect.poll(() => composer.getByLabel("City").inputValue()).toBe("Lisbon");
  expect(await composer.getByLabel("Country").inputValue()).toBe("Portugal");
  await composer.getByText("Near Lisbon, Portugal").waitFor();
  expect(errors).toEqual([]);
});

/** Publishes `count` posts titled "`title` 0", "`title` 1"… through the API, oldest first; returns their ids. */
async function publishNumberedPosts(sessionCookie: string, title: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${server.baseUrl}/api/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl, cookie: `plaza_session=${sessionCookie}` },
      body: JSON.stringify({ title: `${title} ${index}`, content: `Number ${index}` }),
    });
    expect(response.status).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

/**
 * Replaces the page's IntersectionObserver with one that reports only when the test calls `window.nearEnd()`: then
 * every observed element is near the viewport, once (as a real observer reports an element coming into view). When
 * nothing is observed at that moment (the page has not set its observer up yet), the next element observed is.
 * So what the reader "scrolls to", and when, is the test's choice.
 */
function observeOnDemand(): void {
  type Observed = { callback: IntersectionObserverCallback; targets: Set<Element>; observer: unknown };
  const live = new Set<Observed>();
  let pending = 0;
  const report = (observed: Observed, targets: Element[]) => {
    const entries = targets.map((target) => ({ target, isIntersecting: true, intersectionRatio: 1 }));
    observed.callback(entries as unknown as IntersectionObserverEntry[], observed.observer as IntersectionObserver);
  };
  class OnDemandObserver {
    private readonly observed: Observed;
    constructor(callback: IntersectionObserverCallback) {
      this.observed = { callback, targets: new Set(), observer: this };
      live.add(this.observed);
    }
    observe(target: Element) {
      this.observed.targets.add(target);
      if (pending > 0) {
        pending -= 1;
        queueMicrotask(() => report(this.observed, [target]));
      }
    }
    unobserve(target: Element) {
      this.observed.targets.delete(target);
    }
    disconnect() {
      this.observed.targets.clear();
      live.delete(this.observed);
    }
    takeRecords() {
      return [];
    }
  }
  Object.assign(window, {
    IntersectionObserver: OnDemandObserver,
    nearEnd: () => {
      const observing = [...live].filter((observed) => observed.targets.size > 0);
      if (observing.length === 0) pending += 1;
      for (const observed of observing) report(observed, [...observed.targets]);
    },
  });
}

test("the feed renders a screen of cards first, the rest as the reader nears them, then asks for the next page", async () => {
  const account = await registerViaApi(server.baseUrl, { firstName: "Pia", lastName: "Progressive" });
  await publishNumberedPosts(account.sessionCookie, "Screenful post", 25);
  await context.clearCookies();
  await addSessionCookie(context, server.baseUrl, account.sessionCookie);
  const { page, errors } = await newPage(context);
  await page.addInitScript(observeOnDemand);
  const nextPages: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/posts\/feed\?.*cursor=/.test(request.url())) nextPages.push(request.url());
  });
  const nearEnd = () => page.evaluate(() => (window as unknown as { nearEnd: () => void }).nearEnd());
  const cards = page.getByTestId("post-feed").getByTestId("post-card");
  const listEnd = page.locator("[data-list-end]");

  await page.goto(`${server.baseUrl}/`);
  await cards.first().waitFor();
  // The first page holds 20 posts; a screen's worth render.
  expect(await cards.count()).toBe(5);
  await nearEnd();
  await expect.poll(() => cards.count()).toBe(15);
  await nearEnd();
  await expect.poll(() => cards.count()).toBe(20);
  // Only now, every loaded post shown, may the end of the list ask for the next page.
  expect(nextPages).toEqual([]);
  await expect.poll(() => listEnd.getAttribute("data-list-end")).toBe("false");
  const nextPage = page.waitForResponse((response) => /\/api\/posts\/feed\?.*cursor=/.test(response.url()));
  await nearEnd();
  expect((await nextPage).status()).toBe(200);
  expect(nextPages).toHaveLength(1);
  // The next page's posts render as the reader nears them too.
  await nearEnd();
  await expect.poll(() => cards.count()).toBe(25);
  await expect.poll(() => listEnd.getAttribute("data-list-end")).toBe("true");
  expect(errors).toEqual([]);
});

test("infinite scroll loads the next page; markup stays text; Trending shows real posts; public post page signed out", async () => {
  const account = await registerViaApi(server.baseUrl, { firstName: "Sam", lastName: "Scroller" });
  const ids = await publishNumberedPosts(account.sessionCookie, "Scroll post", 25);

  // Markup in user text is shown as text, never run.
  const payload = `<img src=x onerror="alert('xss')">`;
  const hostile = await fetch(`${server.baseUrl}/api/posts`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: server.baseUrl,
      cookie: `plaza_session=${account.sessionCookie}`,
    },
    body: JSON.stringify({ title: `<script>alert('t')</script>`, content: payload, tags: [`<svg onload=alert(1)>`] }),
  });
  expect(hostile.status).toBe(201);
  ids.push(((await hostile.json()) as { id: string }).id);

  await context.clearCookies();
  await addSessionCookie(context, server.baseUrl, account.sessionCookie);
  const { page, errors } = await newPage(context, { ignoreConsole: [/ERR_CONNECTION_RESET/] });
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(`${server.baseUrl}/`);
  await page.getByText(payload, { exact: true }).waitFor();
  await page.getByText(`<script>alert('t')</script>`, { exact: true }).waitFor();
  expect(dialogs).toEqual([]);
  await page.goto(`${server.baseUrl}/posts/${ids.at(-1)}`);
  await page.getByText(payload, { exact: true }).waitFor();
  expect(dialogs).toEqual([]);
  await page.goto(`${server.baseUrl}/`);
  const cards = page.getByTestId("post-feed").getByTestId("post-card");
  // The next page fails once (a dropped connection): the 20 posts stay, and the feed offers to try again.
  let isFirstNextPage = true;
  await page.route(/\/api\/posts\/feed\?.*cursor=/, (route) => {
    if (!isFirstNextPage) return route.continue();
    isFirstNextPage = false;
    return route.abort("connectionreset");
  });
  await cards.first().waitFor();
  // The first page's cards render a screen at a time as the reader scrolls (useProgressiveList), then the next
  // page is asked for.
  await expect
    .poll(async () => {
      await cards.last().scrollIntoViewIfNeeded();
      return cards.count();
    })
    .toBe(20);
  const failed = page.getByRole("alert").filter({ hasText: "Couldn't load more posts." });
  // The next page is asked for when the list's end comes near the viewport, as the reader keeps scrolling: the last
  // growth step may have left the end below it, so scroll to the end until the answer shows.
  const listEnd = page.getByTestId("post-feed").locator("[data-list-end]");
  await expect
    .poll(async () => {
      await listEnd.scrollIntoViewIfNeeded();
      return failed.count();
    })
    .toBe(1);
  expect(await cards.count()).toBe(20);
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect.poll(() => cards.count()).toBe(26);
  await failed.waitFor({ state: "detached" });
  await page.unroute(/\/api\/posts\/feed\?.*cursor=/);
  await page.getByText("Scroll post 0", { exact: true }).waitFor();

  // On a phone the home screen fits the width (no sideways scrolling).
  const phone = await openPhone(context);
  await phone.page.goto(`${server.baseUrl}/`);
  await phone.page.getByTestId("post-card").first().waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(phone.page, "posts-home-phone");
  await phone.page.close();

  await page.getByRole("tab", { name: "Trending" }).click();
  await page.getByRole("tabpanel").getByTestId("post-card").first().waitFor();

  // Signed out: the post page shows a public post, without actions that need an account.
  await context.clearCookies();
  const visitor = await newPage(context, { ignoreConsole: [/401/] });
  await visitor.page.goto(`${server.baseUrl}/posts/${ids[0]}`);
  await visitor.page.getByText("Scroll post 0", { exact: true }).waitFor();
  await visitor.page.getByText("No comments yet").waitFor();
  expect(await visitor.page.getByLabel("Write a comment").count()).toBe(0);
  expect(await visitor.page.getByRole("button", { name: "Like" }).isDisabled()).toBe(true);
  expect(errors).toEqual([]);
  expect(visitor.errors).toEqual([]);
});

test("a home the browser renders asks for the feed alongside the sign-in check, not after the signed-in screen's code has loaded", async () => {
  const reader = await registerViaApi(server.baseUrl, { firstName: "Rhea", lastName: "Reader" });
  const readerContext = await launchBrowser();
  try {
    await addSessionCookie(readerContext, server.baseUrl, reader.sessionCookie);
    // A reader with a location filter: the server leaves their home to the browser (a home the server renders
    // comes with its feed, ssr.e2e.ts).
    await readerContext.addCookies([{ name: LOCATION_FILTER_COOKIE, value: "1", url: server.baseUrl }]);
    await readerContext.addInitScript(() =>
      window.localStorage.setItem("plaza.locationFilter", JSON.stringify({ type: "city", text: "Nowhere" })),
    );
    const { page } = await newPage(readerContext);
    // The signed-in shell and home chunk are held back until the feed has been asked for (or 15 s, when it is not:
    // with the feed's request in that chunk, as it was, it cannot be).
    const order: string[] = [];
    let sawFeedRequest: () => void = () => undefined;
    const feedAsked = new Promise<void>((resolve) => {
      sawFeedRequest = resolve;
    });
    page.on("request", (request) => {
      if (new URL(request.url()).pathname !== "/api/posts/feed") return;
      order.push("feed asked");
      sawFeedRequest();
    });
    await page.route(/\/assets\/signed-in-[\w-]+\.js$/, async (route) => {
      await Promise.race([feedAsked, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      order.push("signed-in chunk sent");
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/`);
    await page.getByText("No posts in Nowhere").waitFor({ timeout: 30_000 });
    expect(order.slice(0, 2)).toEqual(["feed asked", "signed-in chunk sent"]);
  } finally {
    await readerContext.close();
  }
});

test("the home's tab panels attach without reading their computed style (no style work forced inside a commit)", async () => {
  const reader = await registerViaApi(server.baseUrl, { firstName: "Tab", lastName: "Reader" });
  const readerContext = await launchBrowser();
  try {
    await addSessionCookie(readerContext, server.baseUrl, reader.sessionCookie);
    const { page, errors } = await newPage(readerContext);
    // Counts getComputedStyle calls on tab panels: Radix's panel read one as it attached (Presence), which made the
    // browser compute the whole new page's style inside React's commit (bench/results/history.md, session 18).
    await page.addInitScript(() => {
      const original = window.getComputedStyle;
      const seen = { panelStyleReads: 0 };
      (window as unknown as { plazaSeen: typeof seen }).plazaSeen = seen;
      window.getComputedStyle = function (this: Window, element: Element, pseudo?: string | null) {
        if (element instanceof Element && element.getAttribute("role") === "tabpanel") seen.panelStyleReads += 1;
        return original.call(this, element, pseudo);
      };
    });
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole("tabpanel").getByText("Your feed is empty").waitFor();
    await page.getByRole("tab", { name: "Trending" }).click();
    await page.getByRole("tab", { name: "Trending", selected: true }).waitFor();
    await page.getByRole("tabpanel").waitFor();
    const seen = await page.evaluate(() => (window as unknown as { plazaSeen: { panelStyleReads: number } }).plazaSeen);
    expect(seen.panelStyleReads).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await readerContext.close();
  }
});
