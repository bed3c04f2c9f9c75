import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Accept, type FediversePeer, startFediversePeer } from "../apps/api/test/fediverse-peer";
import { addSessionCookie, type RegisteredAccount, registerViaApi } from "./support/accounts";
import { expectApiOk } from "./support/api";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { findFreePort, type RunningServer, startServer } from "./support/server";

/**
 * Settings' Fediverse card on a town that federates: the person's handle, and "discoverable on other servers" that
 * really takes their account off WebFinger (what Mastodon asks first when someone searches for the handle).
 */
let server: RunningServer;
let member: RegisteredAccount;
let peer: FediversePeer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const port = await findFreePort();
  server = await startServer({
    port,
    env: { FEDERATION: "on", FEDERATION_ALLOW_LOOPBACK: "on", PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
  member = await registerViaApi(server.baseUrl, { firstName: "Fedi", lastName: "Verse", username: "fedi_verse" });
  peer = await startFediversePeer();
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await peer?.close();
  await server?.stop();
});

const webfinger = () =>
  fetch(
    `${server.baseUrl}/.well-known/webfinger?resource=${encodeURIComponent(`acct:fedi_verse@127.0.0.1:${server.port}`)}`,
  );

test("a member sees their handle and turns discoverability off and on; WebFinger follows", async () => {
  expect((await webfinger()).status).toBe(200);
  for (const width of [390, 1280]) {
    const context = await launchBrowser(width < 500 ? { device: "phone" } : {});
    contexts.push(context);
    await addSessionCookie(context, server.baseUrl, member.sessionCookie);
    const { page, errors } = await newPage(context, { viewport: { width, height: width < 500 ? 844 : 900 } });
    await page.goto(`${server.baseUrl}/settings#fediverse`, { waitUntil: "networkidle" });
    const card = page.locator("#fediverse");
    await card.getByTestId("fediverse-handle").getByText(`@fedi_verse@127.0.0.1:${server.port}`).waitFor();
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, `fediverse-settings-${width}`);
    if (width === 390) {
      const toggle = card.getByRole("switch", { name: "Discoverable on other servers" });
      await toggle.click();
      await page.getByText("Fediverse setting saved", { exact: true }).first().waitFor();
      await card.getByText("Turn this on to get a handle people elsewhere can follow.").waitFor();
      expect((await webfinger()).status).toBe(404);
      await toggle.click();
      await card.getByTestId("fediverse-handle").waitFor();
      expect((await webfinger()).status).toBe(200);
    }
    expect(errors).toEqual([]);
  }
});

test("a private member approves a follow request from another server in Settings; an Accept reaches it", async () => {
  const quiet = await registerViaApi(server.baseUrl, { firstName: "Quinn", lastName: "Quiet" });
  await expectApiOk(server.baseUrl, quiet.sessionCookie, "PATCH", "/api/users/profile", {
    accountVisibility: "private",
  });
  await expectApiOk(server.baseUrl, quiet.sessionCookie, "PUT", "/api/federation/settings", { isDiscoverable: true });
  const actor = new URL(`/ap/users/${quiet.user.id}`, server.baseUrl);
  const follow = await peer.follow({ id: actor, inbox: new URL(`${actor.href}/inbox`) });

  const context = await launchBrowser({ device: "phone" });
  contexts.push(context);
  await addSessionCookie(context, server.baseUrl, quiet.sessionCookie);
  const { page, errors } = await newPage(context, { viewport: { width: 390, height: 844 } });
  await page.goto(`${server.baseUrl}/settings`, { waitUntil: "networkidle" });
  await page.getByRole("tab", { name: "Privacy" }).click();
  const request = page
    .getByRole("list", { name: "Follow requests from other servers" })
    .getByTestId("remote-request")
    .filter({ hasText: `@alice@${peer.actorUri.host}` });
  await request.waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, "fediverse-follow-request-390");
  await request.getByRole("button", { name: "Approve" }).click();
  await request.waitFor({ state: "detached" });
  await expect
    .poll(
      () => peer.received.some((activity) => activity instanceof Accept && activity.objectId?.href === follow.id?.href),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  expect(errors).toEqual([]);
});
