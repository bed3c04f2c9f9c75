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

test("after following someone from their profile, their post appears in the home feed", async () => {
  const author = await registerViaApi(server.baseUrl, { firstName: "Lena", lastName: "Baker" });
  const reader = await registerViaApi(server.baseUrl, { firstName: "Rui", lastName: "Reader" });
  const created = await fetch(`${server.baseUrl}/api/posts`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: server.baseUrl,
      cookie: `plaza_session=${author.sessionCookie}`,
    },
    body: JSON.stringify({ title: "Fresh sourdough", content: "Out of the oven at seven." }),
  });
  expect(created.status).toBe(201);

  const context = await launchBrowser();
  try {
    await addSessionCookie(context, server.baseUrl, reader.sessionCookie);
    const { page, errors } = await newPage(context);
    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByText("Your feed is empty").waitFor();

    await page.goto(`${server.baseUrl}/profile/${author.user.id}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Follow", exact: true }).click();
    await page.getByRole("button", { name: "Following", exact: true }).waitFor();

    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    await page.getByText("Fresh sourdough").waitFor();
    await page.getByText("Out of the oven at seven.").waitFor();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
