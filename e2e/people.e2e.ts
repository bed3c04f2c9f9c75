import type { BrowserContext } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { launchBrowser, newPage, screenshot } from "./support/browser";
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
      await page.getByLabel("Marketing emails").click();
      await page.getByRole("button", { name: "Save Preferences" }).click();
      await page.getByText("Your preferences have been saved.").first().waitFor();
      await screenshot(page, "settings-preferences");

      await page.reload({ waitUntil: "networkidle" });
      expect(await page.getByLabel("First Name").inputValue()).toBe("Settled");
      expect(await page.getByLabel("Bio").inputValue()).toBe("Coffee and maps");
      await page.getByRole("tab", { name: "Preferences" }).click();
      expect(await page.getByLabel("Marketing emails").getAttribute("aria-checked")).toBe("true");
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
      await page.getByRole("link", { name: "Download my data" }).waitFor();
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
      await page.getByRole("button", { name: "Block" }).click();
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
      await page.getByRole("textbox", { name: "GitHub" }).fill("not a link");
      await page.getByText("Please enter a valid GitHub URL").waitFor();
      await page.getByRole("textbox", { name: "GitHub" }).fill("https://github.com/photo-owner");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Your social media links have been updated successfully.").first().waitFor();
      await page.getByRole("link", { name: "GitHub" }).waitFor();

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
