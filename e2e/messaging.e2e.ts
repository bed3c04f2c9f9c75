import { LIVE_READY_EVENT, MESSAGE_TEXTS, MESSAGING_SCREEN_TEXTS } from "@plaza/contracts/messaging";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage, openPhone, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";
import { pollUntil } from "./support/wait";

let server: RunningServer;
let aliceBrowser: BrowserContext;
let bobBrowser: BrowserContext;
let alice: RegisteredAccount;
let bob: RegisteredAccount;

/** Live delivery must beat the 30 s unread poll by far; this leaves room for a slow, busy machine. */
const LIVE_TIMEOUT_MS = 5_000;
/** /api/users/{id} may not exist yet in this build; its 404 for the new-chat name is harmless here. */
const IGNORED_CONSOLE = [/status of 404 \(Not Found\) \(https?:\/\/[^/]+\/api\/users\//];

beforeAll(async () => {
  server = await startServer();
  alice = await registerViaApi(server.baseUrl, { firstName: "Alice", lastName: "Archer" });
  bob = await registerViaApi(server.baseUrl, { firstName: "Bob", lastName: "Baker" });
  aliceBrowser = await launchBrowser();
  bobBrowser = await launchBrowser();
  await addSessionCookie(aliceBrowser, server.baseUrl, alice.sessionCookie);
  await addSessionCookie(bobBrowser, server.baseUrl, bob.sessionCookie);
});

afterAll(async () => {
  await aliceBrowser?.close();
  await bobBrowser?.close();
  await server?.stop();
});

test("two people chat live in two browsers: new chat from ?user=, unread badge, Enter and Shift+Enter", async () => {
  const { page: bobPage, errors: bobErrors } = await newPage(bobBrowser, { ignoreConsole: IGNORED_CONSOLE });
  await bobPage.goto(`${server.baseUrl}/messages`, { waitUntil: "networkidle" });
  await bobPage.getByText(MESSAGING_SCREEN_TEXTS.noConversations).waitFor();
  await bobPage.getByText(MESSAGING_SCREEN_TEXTS.noConversationsHint).waitFor();
  await bobPage.getByText(MESSAGING_SCREEN_TEXTS.selectConversation).waitFor();

  const { page: alicePage, errors: aliceErrors } = await newPage(aliceBrowser, { ignoreConsole: IGNORED_CONSOLE });
  await alicePage.goto(`${server.baseUrl}/messages?user=${bob.user.id}`, { waitUntil: "networkidle" });
  await alicePage.getByText(MESSAGING_SCREEN_TEXTS.noMessages).waitFor();
  await alicePage.getByText(MESSAGING_SCREEN_TEXTS.noMessagesHint).waitFor();
  const aliceInput = alicePage.getByPlaceholder(MESSAGING_SCREEN_TEXTS.inputPlaceholder);
  const aliceSend = alicePage.getByRole("button", { name: "Send message" });
  expect(await aliceSend.isDisabled()).toBe(true);

  // The client checks the §5 rules before sending.
  await aliceInput.fill("zzzzzzzzzzzz");
  await aliceInput.press("Enter");
  await alicePage.getByText(MESSAGE_TEXTS.invalidContent, { exact: true }).waitFor();
  await alicePage.getByText(MESSAGE_TEXTS.failedTitle, { exact: true }).waitFor();

  await aliceInput.fill("Hello Bob!");
  await aliceInput.press("Enter");
  await alicePage.getByTestId("message-list").getByText("Hello Bob!").waitFor();
  await expect.poll(() => aliceInput.inputValue()).toBe("");
  await alicePage.waitForURL(/\/messages\/[0-9a-f-]{36}$/);

  // Bob's page was never reloaded: the conversation and the unread badge arrive over the live connection.
  await bobPage.getByTestId(`conversation-${alice.user.username}`).waitFor({ timeout: LIVE_TIMEOUT_MS });
  await bobPage.getByTestId("messages-unread-badge").getByText("1").waitFor({ timeout: LIVE_TIMEOUT_MS });
  await screenshot(bobPage, "messaging-bob-unread");

  await bobPage.getByTestId(`conversation-${alice.user.username}`).click();
  await bobPage.getByTestId("message-list").getByText("Hello Bob!").waitFor();
  await bobPage.getByTestId("messages-unread-badge").waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });

  const bobInput = bobPage.getByPlaceholder(MESSAGING_SCREEN_TEXTS.inputPlaceholder);
  await bobInput.fill("Hi Alice");
  await bobInput.press("Shift+Enter");
  await bobInput.pressSequentially("How are you?");
  expect(await bobInput.inputValue()).toBe("Hi Alice\nHow are you?");
  await bobInput.press("Enter");
  await bobPage.getByTestId("message-list").getByText("How are you?").waitFor();
  await expect.poll(() => bobInput.inputValue()).toBe("");

  // Alice has the conversation open: Bob's answer appears there live.
  await alicePage.getByTestId("message-list").getByText("How are you?").waitFor({ timeout: LIVE_TIMEOUT_MS });
  // …and, being open, it is marked read at once: no unread badge stays behind.
  await alicePage.getByTestId("messages-unread-badge").waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });
  await screenshot(alicePage, "messaging-alice-chat");

  // The top bar's Messages dialog shows the same panel.
  await alicePage.getByRole("button", { name: /^Messages/ }).click();
  await alicePage.getByRole("dialog").getByPlaceholder(MESSAGING_SCREEN_TEXTS.searchPlaceholder).waitFor();
  await alicePage.getByRole("dialog").getByTestId(`conversation-${bob.user.username}`).waitFor();

  expect(aliceErrors).toEqual([]);
  expect(bobErrors).toEqual([]);
});

test("the profile's Message button opens 'Chat with {name}' with a privacy note, and the message arrives live", async () => {
  const carol = await registerViaApi(server.baseUrl, { firstName: "Carol", lastName: "Clark" });
  const { page: bobPage, errors: bobErrors } = await newPage(bobBrowser);
  await bobPage.goto(`${server.baseUrl}/profile/${carol.user.id}`, { waitUntil: "networkidle" });
  await bobPage.getByRole("button", { name: "Message", exact: true }).click();
  const dialog = bobPage.getByRole("dialog");
  await dialog.getByText("Chat with Carol Clark").waitFor();
  await dialog.getByText(MESSAGING_SCREEN_TEXTS.privacyNote).waitFor();
  await dialog.getByText(MESSAGING_SCREEN_TEXTS.noMessages).waitFor();

  const carolBrowser = await launchBrowser();
  await addSessionCookie(carolBrowser, server.baseUrl, carol.sessionCookie);
  const { page: carolPage, errors: carolErrors } = await newPage(carolBrowser);
  await carolPage.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });

  const input = dialog.getByPlaceholder(MESSAGING_SCREEN_TEXTS.inputPlaceholder);
  await input.fill("Hello from your profile");
  await input.press("Enter");
  await dialog.getByText("Hello from your profile").waitFor();
  await carolPage.getByTestId("messages-unread-badge").getByText("1").waitFor({ timeout: LIVE_TIMEOUT_MS });
  await screenshot(bobPage, "messaging-profile-dialog");

  // On a phone the panel shows one column at a time, with a way back to the list.
  const { page: carolPhone, errors: carolPhoneErrors } = await openPhone(carolBrowser);
  await carolPhone.goto(`${server.baseUrl}/messages`, { waitUntil: "networkidle" });
  await carolPhone.getByTestId(`conversation-${bob.user.username}`).click();
  await carolPhone.getByTestId("message-list").getByText("Hello from your profile").waitFor();
  await screenshot(carolPhone, "messaging-phone-chat");
  const carolInput = carolPhone.getByPlaceholder(MESSAGING_SCREEN_TEXTS.inputPlaceholder);
  await carolInput.fill("Hi Bob, got it");
  await carolInput.press("Enter");
  // Bob still has the chat dialog open: the answer shows there and is read at once.
  await dialog.getByText("Hi Bob, got it").waitFor({ timeout: LIVE_TIMEOUT_MS });
  await bobPage.getByTestId("messages-unread-badge").waitFor({ state: "detached", timeout: LIVE_TIMEOUT_MS });
  await carolPhone.getByRole("button", { name: "Back to conversations" }).click();
  await carolPhone.getByPlaceholder(MESSAGING_SCREEN_TEXTS.searchPlaceholder).waitFor();
  await carolPhone.waitForURL(`${server.baseUrl}/messages`);

  expect(bobErrors).toEqual([]);
  expect(carolErrors).toEqual([]);
  expect(carolPhoneErrors).toEqual([]);
  await carolBrowser.close();
});

test("the home's live connection loads the events' schema (zod) with the first real event, not at start", async () => {
  // Accounts and a browser of its own: an earlier test's tab with a conversation open would mark a message read.
  const erin = await registerViaApi(server.baseUrl, { firstName: "Erin", lastName: "Early" });
  const finn = await registerViaApi(server.baseUrl, { firstName: "Finn", lastName: "Fisher" });
  const erinBrowser = await launchBrowser();
  try {
    await addSessionCookie(erinBrowser, server.baseUrl, erin.sessionCookie);
    const { page, errors } = await newPage(erinBrowser, { ignoreConsole: IGNORED_CONSOLE });
    const zodRequests: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/zod-[\w-]+\.js$/.test(request.url())) zodRequests.push(request.url());
    });
    let isReady = false;
    page.on("websocket", (socket) => {
      socket.on("framereceived", (frame) => {
        if (String(frame.payload).includes(`"${LIVE_READY_EVENT}"`)) isReady = true;
      });
    });
    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByRole("tab", { name: "Social Feed" }).waitFor();
    await pollUntil(async () => isReady, { what: "the live connection's ready event" });
    // Ready, and the page settled: the schema was not needed for that.
    expect(zodRequests).toEqual([]);
    // A message from Finn: the event needs the schema, which loads, and the unread badge comes live.
    await expectApiOk(server.baseUrl, finn.sessionCookie, "POST", "/api/messages", {
      recipientId: erin.user.id,
      content: "Coffee at ten?",
    });
    await page.getByTestId("messages-unread-badge").getByText("1").waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(zodRequests.length).toBe(1);
    expect(errors).toEqual([]);
  } finally {
    await erinBrowser.close();
  }
});
