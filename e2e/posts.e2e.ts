import type { BrowserContext } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, registerViaApi } from "./support/accounts";
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

test("create a post with an image, like it, comment on it, and see it in the feed", async () => {
  const author = await registerViaApi(server.baseUrl, { firstName: "Ana", lastName: "Author" });
  await addSessionCookie(context, server.baseUrl, author.sessionCookie);
  const { page, errors } = await newPage(context);
  await page.goto(`${server.baseUrl}/`);
  await page.getByText("Your feed is empty").waitFor();

  // Create: the top bar's button opens the dialog.
  await page.getByRole("banner").getByRole("button", { name: "Create", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Harbour at dusk");
  await dialog.getByLabel("Content").fill("Boats coming home, lights on the water.");
  const image = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();
  await dialog.locator("#post-media").setInputFiles({ name: "harbour.png", mimeType: "image/png", buffer: image });
  await dialog.getByAltText("Selected media").waitFor();
  await dialog.getByLabel("City").fill("Porto");
  await dialog.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Your post has been published successfully!").first().waitFor();
  await dialog.waitFor({ state: "detached" });

  // The feed shows it, with the stored image.
  const card = page.getByTestId("post-card").filter({ hasText: "Harbour at dusk" });
  await card.waitFor();
  const picture = card.getByRole("img", { name: "Harbour at dusk" });
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

  expect(errors).toEqual([]);
});
