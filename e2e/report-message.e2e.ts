import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, registerViaApi } from "./support/accounts";
import { launchBrowser, newPage } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

/** A JSON call as a signed-in user (same-origin, like the app's own calls). */
async function callAs(sessionCookie: string, method: string, path: string, body?: unknown) {
  return fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      origin: server.baseUrl,
      cookie: `plaza_session=${sessionCookie}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

test("a recipient reports a message from the chat, and the moderators see it", async () => {
  const sender = await registerViaApi(server.baseUrl, { firstName: "Spam", lastName: "Sender" });
  const recipient = await registerViaApi(server.baseUrl, { firstName: "Rita", lastName: "Recipient" });
  const admin = await registerViaApi(server.baseUrl, { email: "admin@plaza.test" });
  const sent = await callAs(sender.sessionCookie, "POST", "/api/messages", {
    recipientId: recipient.user.id,
    content: "Buy my stuff now",
    messageType: "text",
  });
  expect(sent.status).toBe(201);

  const context = await launchBrowser();
  try {
    await addSessionCookie(context, server.baseUrl, recipient.sessionCookie);
    const { page, errors } = await newPage(context);
    await page.goto(`${server.baseUrl}/messages?user=${sender.user.id}`, { waitUntil: "networkidle" });
    await page.getByText("Buy my stuff now").last().waitFor();
    // One menu per message, not a flag on every bubble.
    expect(await page.getByRole("button", { name: "Report" }).count()).toBe(0);
    await page.getByRole("button", { name: "Message options" }).last().click();
    await page.getByRole("menuitem", { name: "Report message" }).click();
    await page.getByLabel("Reason").fill("Unsolicited advertising");
    await page.getByRole("button", { name: "Send report" }).click();
    await page.getByText("Report sent", { exact: true }).waitFor();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }

  const reports = await callAs(admin.sessionCookie, "GET", "/api/admin/reports?status=open");
  expect(reports.status).toBe(200);
  const open = (await reports.json()) as { targetType: string; reason: string }[];
  expect(open).toContainEqual(expect.objectContaining({ targetType: "message", reason: "Unsolicited advertising" }));
});
