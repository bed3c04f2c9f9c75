import { readFile } from "node:fs/promises";
import type { BrowserContext } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { DESKTOP_VIEWPORT, launchBrowser, navigateInApp, newPage, openPhone, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

/** A fresh browser profile signed in as the account. */
async function signedInBrowser(account: RegisteredAccount): Promise<BrowserContext> {
  const context = await launchBrowser();
  await addSessionCookie(context, server.baseUrl, account.sessionCookie);
  return context;
}

describe("settings", () => {
  test("the user changes the profile and preferences, and they stay after a reload", async () => {
    const account = await registerViaApi(server.baseUrl, { firstName: "Sett", lastName: "Ings" });
    const context = await signedInBrowser(account);
    try {
      const { page, errors } = await newPage(context);
      await page.goto(`${server.baseUrl}/settings`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Account Settings" }).waitFor();

      await page.getByLabel("First Name").fill("");
      await page.getByRole("button", { name: "Save Changes" }).first().click();
      await page.getByText("First name is required").waitFor();
      await page.getByLabel("First Name").fill("Settled");
      await page.getByLabel("Bio").fill("Coffee and maps");
      await page.getByLabel("City").fill("Lyon");
      await page.getByRole("button", { name: "Save Changes" }).first().click();
      await page.getByText("Your profile has been updated successfully.").first().waitFor();

      await page.getByRole("tab", { name: "Preferences" }).click();
      // Plaza sends no marketing mail: that switch says so and cannot be turned on.
      expect(await page.getByLabel("Marketing emails").isDisabled()).toBe(true);
      await page.getByText("Plaza sends no marketing mail").waitFor();
      await page.getByLabel("Show online status").click();
      await page.getByRole("button", { name: "Save Preferences" }).click();
      await page.getByText("Your preferences have been saved.").first().waitFor();
      await screenshot(page, "settings-preferences");

      await page.reload({ waitUntil: "networkidle" });
      expect(await page.getByLabel("First Name").inputValue()).toBe("Settled");
      expect(await page.getByLabel("Bio").inputValue()).toBe("Coffee and maps");
      await page.getByRole("tab", { name: "Preferences" }).click();
      expect(await page.getByLabel("Show online status").getAttribute("aria-checked")).toBe("false");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the user schedules deletion, sees the banner, and cancels it", async () => {
    const account = await registerViaApi(server.baseUrl);
    const context = await signedInBrowser(account);
    try {
      const { page, errors } = await newPage(context);
      await page.goto(`${server.baseUrl}/settings`, { waitUntil: "networkidle" });
      await page.getByRole("tab", { name: "Account" }).click();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download my data" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^plaza-export-.+\.json$/);
      const exportPath = await download.path();
      const exported = JSON.parse(await readFile(exportPath, "utf8"));
      expect(exported.account).toMatchObject({ id: account.user.id, email: account.user.email });
      await page.getByRole("button", { name: "Delete Account" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete Account" }).click();
      await page
        .getByText("Your account will be deleted in 7 days. You can cancel this action anytime before then.")
        .first()
        .waitFor();
      await page.getByText("Your account is scheduled for deletion on").waitFor();
      expect(await page.getByRole("button", { name: "Delete Account" }).isDisabled()).toBe(true);
      await screenshot(page, "settings-deletion-banner");

      await page.getByRole("button", { name: "Cancel Deletion" }).click();
      await page.getByText("Your account will not be deleted.").first().waitFor();
      await page.getByText("Your account is scheduled for deletion on").waitFor({ state: "detached" });
      expect(await page.getByRole("button", { name: "Delete Account" }).isEnabled()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("profiles", () => {
  test("the user follows and unfollows someone, and the counts follow", async () => {
    const star = await registerViaApi(server.baseUrl, { firstName: "Star", lastName: "Person" });
    const fan = await registerViaApi(server.baseUrl, { firstName: "Fan", lastName: "Person" });
    const context = await signedInBrowser(fan);
    try {
      const { page, errors } = await newPage(context);
      await page.goto(`${server.baseUrl}/profile/${star.user.id}`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Star Person" }).waitFor();
      await page.getByRole("button", { name: "Follow", exact: true }).click();
      await page.getByText("You are now following this user").first().waitFor();
      await page.getByRole("button", { name: "Following", exact: true }).waitFor();
      await page.getByRole("button", { name: /^1\s*Followers$/ }).click();
      await page.getByRole("dialog").getByText("Fan Person").waitFor();
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Following", exact: true }).click();
      await page.getByText("You are no longer following this user").first().waitFor();
      await page.getByRole("button", { name: /^0\s*Followers$/ }).click();
      await page.getByRole("dialog").getByText("No followers yet").waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the user blocks someone from their profile and unblocks them in settings", async () => {
    const other = await registerViaApi(server.baseUrl, { firstName: "Noisy", lastName: "Neighbour" });
    const me = await registerViaApi(server.baseUrl);
    const context = await signedInBrowser(me);
    try {
      const { page } = await newPage(context, { ignoreConsole: [/status of 404 \(Not Found\)/] });
      await page.goto(`${server.baseUrl}/profile/${other.user.id}`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "More actions" }).click();
      await page.getByRole("menuitem", { name: "Block" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Block" }).click();
      await page.waitForURL(`${server.baseUrl}/`);

      await page.goto(`${server.baseUrl}/profile/${other.user.id}`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "User Not Found" }).waitFor();

      await page.goto(`${server.baseUrl}/settings`, { waitUntil: "networkidle" });
      await page.getByRole("tab", { name: "Privacy" }).click();
      const blockedList = page.getByRole("list", { name: "Blocked users" });
      await blockedList.getByText("Noisy Neighbour").waitFor();
      await blockedList.getByText(/hard/).waitFor();
      await blockedList.getByRole("button", { name: "Unblock" }).click();
      await page.getByText("The user has been unblocked successfully.").first().waitFor();

      await page.goto(`${server.baseUrl}/profile/${other.user.id}`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Noisy Neighbour" }).waitFor();
    } finally {
      await context.close();
    }
  });

  test("a profile or post that fails to load for a passing reason says so and loads on Try again", async () => {
    const author = await registerViaApi(server.baseUrl, { firstName: "Patchy", lastName: "Signal" });
    const post = await expectApiOk<{ id: string }>(server.baseUrl, author.sessionCookie, "POST", "/api/posts", {
      title: "Still here",
      content: "Loaded on the second try.",
    });
    const me = await registerViaApi(server.baseUrl);
    const context = await launchBrowser({ device: "phone" });
    await addSessionCookie(context, server.baseUrl, me.sessionCookie);
    try {
      const { page, errors } = await openPhone(context, {
        ignoreConsole: [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/, /status of 503/],
      });
      // A profile and a post come with their page from the server; moving to them in the app asks the API.
      await page.goto(`${server.baseUrl}/settings`);
      await page.getByRole("heading", { name: "Account Settings" }).waitFor();
      // No signal: the profile's request fails with no answer at all. "User Not Found" would be a lie.
      const profileApi = `${server.baseUrl}/api/users/${author.user.id}`;
      await page.route(profileApi, (route) => route.abort("internetdisconnected"));
      await navigateInApp(page, `/profile/${author.user.id}`);
      await page.getByRole("heading", { name: "Couldn't load this profile" }).waitFor();
      await page.getByText("Check your connection and try again.").waitFor();
      expect(await page.getByText("User Not Found").count()).toBe(0);
      await screenshot(page, "profile-load-failure-phone");
      await page.unroute(profileApi);
      await page.getByRole("button", { name: "Try again" }).click();
      await page.getByRole("heading", { name: "Patchy Signal" }).waitFor();

      // A server error with its own sentence: the sentence is shown, then the post on Try again.
      const postApi = `${server.baseUrl}/api/posts/${post.id}`;
      await page.route(postApi, (route) =>
        route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ message: "The service is busy. Try again in a moment." }),
        }),
      );
      await navigateInApp(page, `/posts/${post.id}`);
      await page.getByRole("heading", { name: "Couldn't load this post" }).waitFor();
      await page.getByText("The service is busy. Try again in a moment.").waitFor();
      expect(await page.getByText("Post Not Found").count()).toBe(0);
      await page.setViewportSize(DESKTOP_VIEWPORT);
      await screenshot(page, "post-load-failure-desktop");
      await page.unroute(postApi);
      await page.getByRole("button", { name: "Try again" }).click();
      await page.getByText("Loaded on the second try.").waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the owner edits social links and changes the profile photo with an upload", async () => {
    const me = await registerViaApi(server.baseUrl, { firstName: "Photo", lastName: "Owner" });
    const context = await signedInBrowser(me);
    try {
      const { page, errors } = await newPage(context);
      await page.goto(`${server.baseUrl}/profile/${me.user.id}`, { waitUntil: "networkidle" });
      await page.getByRole("tab", { name: "About" }).click();
      await page.getByText("Add your social media links to connect with others").waitFor();
      await page.getByRole("button", { name: "Edit social links" }).click();
      await page.getByRole("combobox", { name: "Add Platform" }).click();
      await page.getByRole("option", { name: "GitHub" }).click();
      await page.getByRole("textbox", { name: "GitHub" }).fill("https://evil.example/photo-owner");
      await page.getByText("Please enter a valid GitHub URL").waitFor();
      // The server refuses a link that isn't its platform's, so the editor doesn't offer to save it.
      expect(await page.getByRole("button", { name: "Save Changes" }).isDisabled()).toBe(true);
      await page.getByRole("textbox", { name: "GitHub" }).fill("https://github.com/photo-owner");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Your social media links have been updated successfully.").first().waitFor();
      // Each link shows the host it leads to.
      const link = page.getByRole("link", { name: "GitHub github.com" });
      await link.waitFor();
      expect(await link.getAttribute("href")).toBe("https://github.com/photo-owner");

      const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2266aa" } })
        .png()
        .toBuffer();
      await page.getByRole("button", { name: "Change profile photo" }).click();
      await page.locator("#profile-photo-file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: image });
      await page.getByLabel("Photo preview: drag to reposition").waitFor();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Profile Photo Updated").first().waitFor();
      const avatar = page.getByRole("img", { name: "Photo Owner" });
      await avatar.waitFor();
      expect(await avatar.getAttribute("src")).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      await screenshot(page, "profile-with-photo");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("user agreement", () => {
  test("the user must tick the checkbox, then accepts the agreement", async () => {
    const me = await registerViaApi(server.baseUrl);
    const context = await signedInBrowser(me);
    try {
      const { page, errors } = await newPage(context);
      await page.goto(`${server.baseUrl}/user-agreement`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Plaza User Agreement" }).waitFor();
      await page.getByRole("button", { name: "Accept Agreement" }).click();
      await page.getByText("You must read the full agreement before accepting.").first().waitFor();
      await page.getByLabel("I have read and understood the complete user agreement").click();
      await page.getByText("All content is public unless you mark it private.").waitFor();
      await page.getByRole("button", { name: "Accept Agreement" }).click();
      await page.getByText("You have successfully accepted the user agreement.").first().waitFor();
      await page.getByRole("button", { name: "✓ Accepted" }).waitFor();
      await page.reload({ waitUntil: "networkidle" });
      expect(await page.getByRole("button", { name: "✓ Accepted" }).isDisabled()).toBe(true);
      await page.getByRole("link", { name: "Continue" }).click();
      await page.waitForURL(`${server.baseUrl}/`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("custom visibility", () => {
  test("the owner picks people by searching, and only they see the content", async () => {
    const friend = await registerViaApi(server.baseUrl, { firstName: "Chosen", lastName: "Friend" });
    const stranger = await registerViaApi(server.baseUrl, { firstName: "Random", lastName: "Stranger" });
    const owner = await registerViaApi(server.baseUrl, { firstName: "Picky", lastName: "Owner" });
    const ownerContext = await signedInBrowser(owner);
    const strangerContext = await signedInBrowser(stranger);
    try {
      const { page, errors } = await newPage(ownerContext);
      await page.goto(`${server.baseUrl}/settings`, { waitUntil: "networkidle" });
      await page.getByRole("tab", { name: "Privacy" }).click();
      await page.getByRole("combobox", { name: "Account Visibility" }).click();
      await page.getByRole("option", { name: /^Custom/ }).click();
      await page.getByLabel("Search people").fill("Chosen");
      const results = page.getByRole("list", { name: "Search results" });
      await results.getByText("Chosen Friend").waitFor();
      await results.getByRole("button", { name: "Add" }).click();
      await page.getByText(`Chosen Friend (@${friend.user.username})`).waitFor();
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Your profile has been updated successfully.").first().waitFor();
      await page.reload({ waitUntil: "networkidle" });
      await page.getByRole("tab", { name: "Privacy" }).click();
      await page.getByText(`Chosen Friend (@${friend.user.username})`).waitFor();
      expect(errors).toEqual([]);

      const { page: strangerPage } = await newPage(strangerContext);
      await strangerPage.goto(`${server.baseUrl}/profile/${owner.user.id}`, { waitUntil: "networkidle" });
      await strangerPage.getByText("This account is private").waitFor();
    } finally {
      await ownerContext.close();
      await strangerContext.close();
    }
  });
});

describe("private accounts", () => {
  test("a follow becomes a request that the owner approves in settings", async () => {
    const owner = await registerViaApi(server.baseUrl, { firstName: "Quiet", lastName: "Owner" });
    const fan = await registerViaApi(server.baseUrl, { firstName: "Eager", lastName: "Fan" });
    const ownerContext = await signedInBrowser(owner);
    const fanContext = await signedInBrowser(fan);
    try {
      const { page: ownerPage } = await newPage(ownerContext);
      await ownerPage.goto(`${server.baseUrl}/settings`, { waitUntil: "networkidle" });
      await ownerPage.getByRole("tab", { name: "Privacy" }).click();
      await ownerPage.getByRole("combobox", { name: "Account Visibility" }).click();
      await ownerPage.getByRole("option", { name: /^Private/ }).click();
      await ownerPage.getByRole("button", { name: "Save Changes" }).click();
      await ownerPage.getByText("Your profile has been updated successfully.").first().waitFor();

      const { page: fanPage } = await newPage(fanContext);
      await fanPage.goto(`${server.baseUrl}/profile/${owner.user.id}`, { waitUntil: "networkidle" });
      await fanPage.getByText("This account is private").waitFor();
      await fanPage.getByRole("button", { name: "Follow", exact: true }).click();
      await fanPage.getByText("Your request to follow this user has been sent").first().waitFor();
      await fanPage.getByRole("button", { name: "Requested" }).waitFor();

      await ownerPage.reload({ waitUntil: "networkidle" });
      await ownerPage.getByRole("tab", { name: "Privacy" }).click();
      const requests = ownerPage.getByRole("list", { name: "Follow requests" });
      await requests.getByText("Eager Fan").waitFor();
      await requests.getByRole("button", { name: "Approve" }).click();
      await ownerPage.getByText("This user now follows you").first().waitFor();

      await fanPage.reload({ waitUntil: "networkidle" });
      await fanPage.getByRole("button", { name: "Following", exact: true }).waitFor();
      await fanPage.getByText("No posts yet").waitFor();
    } finally {
      await ownerContext.close();
      await fanContext.close();
    }
  });
});

describe("small screens", () => {
  test("profile, settings and agreement fit a 375 px phone without sideways scrolling", async () => {
    const me = await registerViaApi(server.baseUrl, { firstName: "Phone", lastName: "User" });
    const context = await signedInBrowser(me);
    try {
      const { page } = await openPhone(context);
      for (const [path, name] of [
        [`/profile/${me.user.id}`, "profile-phone"],
        ["/settings", "settings-phone"],
        ["/user-agreement", "agreement-phone"],
      ] as const) {
        await page.goto(`${server.baseUrl}${path}`, { waitUntil: "networkidle" });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        await screenshot(page, name);
        expect(width, path).toBeLessThanOrEqual(375);
      }
    } finally {
      await context.close();
    }
  });
});
