import { once } from "node:events";
import { createServer } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildPost } from "../../../test/factories/posts";
import { buildUser, setVisibility } from "../../../test/factories/users";
import {
  Accept,
  Create,
  Delete,
  type FediversePeer,
  Reject,
  startFediversePeer,
  Update,
} from "../../../test/fediverse-peer";
import { buildTestApp, type TestApp } from "../../../test/test-app";
import { remoteAccounts, remoteFollows } from "../../db/schema/federation";
import { users } from "../../db/schema/users";

/** A free port on loopback, so Plaza's PUBLIC_URL can name it before the app listens. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

const AP = { accept: "application/activity+json" };
const SOME_UUID = "0b7c1f7e-5c5e-4d8a-9b59-3c3a1e1d2f00";

// Real HTTP both ways, RSA keys made per actor, and queued deliveries: more than the default 30 s on a loaded machine.
describe("federation (FEDERATION=on): a real Plaza server and another Fedify server on loopback", {
  timeout: 120_000,
}, () => {
  let plaza: TestApp;
  let peer: FediversePeer;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    plaza = await buildTestApp({ FEDERATION: "on", FEDERATION_ALLOW_LOOPBACK: "on", PUBLIC_URL: origin });
    await plaza.app.listen({ port, host: "127.0.0.1" });
    peer = await startFediversePeer();
  });

  afterAll(async () => {
    await peer?.close();
    await plaza?.close();
  });

  /** Plaza's actor of a user as another server addresses it. */
  const target = (userId: string) => ({
    id: new URL(`/ap/users/${userId}`, origin),
    inbox: new URL(`/ap/users/${userId}/inbox`, origin),
  });
  const remoteFollowsOf = async (userId: string) => {
    const [row] = await plaza.context.db
      .select({ total: count() })
      .from(remoteFollows)
      .where(eq(remoteFollows.userId, userId));
    return row?.total ?? 0;
  };

  it("answers WebFinger, the actor (Person, Organization), and NodeInfo 2.1", async () => {
    const { user } = await buildUser(plaza.app);
    const { user: cafe } = await buildUser(plaza.app, { profileType: "business" });
    const host = new URL(origin).host;
    const finger = await plaza.app.inject({
      url: `/.well-known/webfinger?resource=${encodeURIComponent(`acct:${user.username}@${host}`)}`,
    });
    expect(finger.statusCode).toBe(200);
    expect(finger.json().links).toContainEqual(
      expect.objectContaining({
        rel: "self",
        type: "application/activity+json",
        href: `${origin}/ap/users/${user.id}`,
      }),
    );
    const actor = await plaza.app.inject({ url: `/ap/users/${user.id}`, headers: AP });
    expect(actor.statusCode).toBe(200);
    const person = actor.json();
    expect(person).toMatchObject({
      type: "Person",
      id: `${origin}/ap/users/${user.id}`,
      preferredUsername: user.username,
      inbox: `${origin}/ap/users/${user.id}/inbox`,
      outbox: `${origin}/ap/users/${user.id}/outbox`,
      followers: `${origin}/ap/users/${user.id}/followers`,
      manuallyApprovesFollowers: false,
    });
    expect(person.publicKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(person.assertionMethod).toHaveLength(2);
    // Key pairs are made once and kept.
    const again = (await plaza.app.inject({ url: `/ap/users/${user.id}`, headers: AP })).json();
    expect(again.publicKey.publicKeyPem).toBe(person.publicKey.publicKeyPem);
    expect((await plaza.app.inject({ url: `/ap/users/${cafe.id}`, headers: AP })).json().type).toBe("Organization");
    // A browser asking for the actor is sent to the profile page.
    const page = await plaza.app.inject({ url: `/ap/users/${user.id}`, headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/profile/${user.id}`);

    // Malformed or unknown ids are not found, never a server error.
    for (const url of ["/ap/users/not-an-id", "/ap/users/not-an-id/outbox", "/ap/users/x/followers", "/ap/posts/x"]) {
      expect((await plaza.app.inject({ url, headers: AP })).statusCode).toBe(404);
    }
    const garbled = await plaza.app.inject({
      method: "POST",
      url: `/ap/users/${user.id}/inbox`,
      headers: { "content-type": "application/activity+json" },
      payload: "{not json",
    });
    expect(garbled.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbled.statusCode).toBeLessThan(500);

    const links = await plaza.app.inject({ url: "/.well-known/nodeinfo" });
    expect(links.json().links).toContainEqual(expect.objectContaining({ href: `${origin}/nodeinfo/2.1` }));
    const nodeInfo = await plaza.app.inject({ url: "/nodeinfo/2.1" });
    expect(nodeInfo.statusCode).toBe(200);
    expect(nodeInfo.json()).toMatchObject({
      version: "2.1",
      software: { name: "plaza" },
      protocols: ["activitypub"],
      usage: { users: { total: expect.any(Number) } },
    });
  });

  it("has no actor for an account not discoverable on other servers, and makes private ones approve followers", async () => {
    const { client: hiddenClient, user: hidden } = await buildUser(plaza.app);
    expect((await hiddenClient.get("/api/federation/settings")).json()).toEqual({
      isAvailable: true,
      isDiscoverable: true,
      handle: `@${hidden.username}@${new URL(origin).host}`,
    });
    expect((await plaza.app.inject({ url: `/ap/users/${hidden.id}`, headers: AP })).statusCode).toBe(200);
    await hiddenClient.put("/api/federation/settings", { isDiscoverable: false });
    expect((await plaza.app.inject({ url: `/ap/users/${hidden.id}`, headers: AP })).statusCode).toBe(404);
    const finger = await plaza.app.inject({
      url: `/.well-known/webfinger?resource=${encodeURIComponent(`acct:${hidden.username}@${new URL(origin).host}`)}`,
    });
    expect(finger.statusCode).toBe(404);

    const { client: quietClient, user: quiet } = await buildUser(plaza.app);
    await setVisibility(plaza.context, quiet.id, "private");
    expect((await quietClient.get("/api/federation/settings")).json()).toMatchObject({
      isDiscoverable: false,
      handle: null,
    });
    // Private accounts are not discoverable unless they choose to be.
    expect((await plaza.app.inject({ url: `/ap/users/${quiet.id}`, headers: AP })).statusCode).toBe(404);
    await quietClient.put("/api/federation/settings", { isDiscoverable: true });
    const actor = await plaza.app.inject({ url: `/ap/users/${quiet.id}`, headers: AP });
    expect(actor.json().manuallyApprovesFollowers).toBe(true);

    // Its follow arrives signed and is stored pending, with no Accept sent.
    const before = peer.received.length;
    await peer.follow(target(quiet.id));
    await vi.waitFor(async () => expect(await remoteFollowsOf(quiet.id)).toBe(1), { timeout: 10_000 });
    await plaza.context.background.idle();
    expect(peer.received.slice(before).filter((activity) => activity instanceof Accept)).toEqual([]);
  });

  it("refuses an unsigned Follow with 401 and stores nothing", async () => {
    const { user } = await buildUser(plaza.app);
    const response = await fetch(target(user.id).inbox, {
      method: "POST",
      headers: { "content-type": "application/activity+json" },
      body: JSON.stringify({
        "@context": "https://www.w3.org/ns/activitystreams",
        id: `${peer.origin}/users/alice#forged`,
        type: "Follow",
        actor: peer.actorUri.href,
        object: target(user.id).id.href,
      }),
    });
    expect(response.status).toBe(401);
    await plaza.context.background.idle();
    expect(await remoteFollowsOf(user.id)).toBe(0);
  });

  it("takes a signed Follow, answers Accept, and delivers only public free posts to the follower", async () => {
    const { client, user } = await buildUser(plaza.app, { profileType: "creator" });
    const follow = await peer.follow(target(user.id));
    await vi.waitFor(() => expect(peer.received.some((activity) => activity instanceof Accept)).toBe(true), {
      timeout: 15_000,
    });
    const accept = peer.received.find((activity) => activity instanceof Accept) as Accept;
    expect(accept.actorId?.href).toBe(target(user.id).id.href);
    expect(accept.objectId?.href).toBe(follow.id?.href);
    expect(await remoteFollowsOf(user.id)).toBe(1);
    const followers = await plaza.app.inject({ url: `/ap/users/${user.id}/followers`, headers: AP });
    expect(followers.json().totalItems).toBe(1);

    const firstBody = peer.deliveredBodies.length;
    const free = await buildPost(client, { content: "Free for everyone: market opens at nine" });
    await buildPost(client, { content: "Pay per view secret", postType: "ppv", price: 5 });
    await buildPost(client, { content: "Subscribers only secret", postType: "subscriber" });
    await vi.waitFor(() => expect(peer.received.some((activity) => activity instanceof Create)).toBe(true), {
      timeout: 15_000,
    });
    await plaza.context.background.idle();
    const creates = peer.received.filter((activity) => activity instanceof Create) as Create[];
    expect(creates).toHaveLength(1);
    const note = await creates[0]?.getObject();
    expect(note?.id?.href).toBe(`${origin}/ap/posts/${free.id}`);
    expect(note?.content?.toString()).toContain("Free for everyone: market opens at nine");
    const delivered = peer.deliveredBodies.slice(firstBody).join("\n");
    expect(delivered).not.toContain("secret");

    const outbox = await plaza.app.inject({ url: `/ap/users/${user.id}/outbox`, headers: AP });
    expect(outbox.json().totalItems).toBe(1);
    const firstPage = await plaza.app.inject({ url: outbox.json().first, headers: AP });
    expect(JSON.stringify(firstPage.json())).toContain(free.id);
    expect(JSON.stringify(firstPage.json())).not.toContain("secret");

    // An edit goes out as an Update; a post that starts being sold is deleted on the other server.
    expect((await client.patch(`/api/posts/${free.id}`, { content: "Market opens at ten now" })).statusCode).toBe(200);
    await vi.waitFor(() => expect(peer.received.some((activity) => activity instanceof Update)).toBe(true), {
      timeout: 15_000,
    });
    const update = peer.received.find((activity) => activity instanceof Update) as Update;
    expect((await update.getObject())?.content?.toString()).toContain("Market opens at ten now");
    const turned = await buildPost(client, { content: "Soon for sale" });
    await vi.waitFor(() => expect(peer.received.filter((activity) => activity instanceof Create)).toHaveLength(2), {
      timeout: 15_000,
    });
    const turnedAt = peer.deliveredBodies.length;
    await client.patch(`/api/posts/${turned.id}`, { postType: "ppv", price: 3, content: "Now a paid secret" });
    await vi.waitFor(() => expect(peer.received.some((activity) => activity instanceof Delete)).toBe(true), {
      timeout: 15_000,
    });
    expect((peer.received.find((activity) => activity instanceof Delete) as Delete).objectId?.href).toBe(
      `${origin}/ap/posts/${turned.id}`,
    );
    expect(peer.deliveredBodies.slice(turnedAt).join("\n")).not.toContain("Now a paid secret");

    expect((await client.delete(`/api/posts/${free.id}`)).statusCode).toBe(204);
    await vi.waitFor(() => expect(peer.received.filter((activity) => activity instanceof Delete)).toHaveLength(2), {
      timeout: 15_000,
    });
    const deletion = peer.received.filter((activity) => activity instanceof Delete)[1] as Delete;
    expect(deletion.objectId?.href).toBe(`${origin}/ap/posts/${free.id}`);

    await peer.unfollow(follow, target(user.id));
    await vi.waitFor(async () => expect(await remoteFollowsOf(user.id)).toBe(0), { timeout: 10_000 });
  });

  it("a post a moderator hides leaves the other server (Delete) and comes back (Create) when an appeal is granted", async () => {
    const { client, user } = await buildUser(plaza.app);
    const moderator = await buildUser(plaza.app);
    await plaza.context.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.user.id));
    const follow = await peer.follow(target(user.id));
    await vi.waitFor(async () => expect(await remoteFollowsOf(user.id)).toBe(1), { timeout: 15_000 });
    const post = await buildPost(client, { content: "Hidden for a while" });
    const noteId = `${origin}/ap/posts/${post.id}`;
    const about = (kind: typeof Create | typeof Delete) =>
      peer.received.filter((activity) => activity instanceof kind && activity.objectId?.href === noteId).length;
    await vi.waitFor(() => expect(about(Create)).toBe(1), { timeout: 15_000 });

    const hidden = await moderator.client.post("/api/admin/moderation/actions", {
      action: "hide_post",
      userId: user.id,
      postId: post.id,
      rule: "1. No spam",
    });
    expect(hidden.statusCode).toBe(201);
    await vi.waitFor(() => expect(about(Delete)).toBe(1), { timeout: 15_000 });
    expect((await plaza.app.inject({ url: `/ap/posts/${post.id}`, headers: AP })).statusCode).toBe(404);
    const outbox = await plaza.app.inject({ url: `/ap/users/${user.id}/outbox`, headers: AP });
    expect(outbox.json().totalItems).toBe(0);

    await client.post("/api/appeals", { noticeId: hidden.json().id, text: "It was fine" });
    const appeal = (await moderator.client.get("/api/admin/appeals"))
      .json()
      .find((entry: { noticeId: string }) => entry.noticeId === hidden.json().id);
    expect((await moderator.client.post(`/api/admin/appeals/${appeal.id}/grant`, {})).statusCode).toBe(200);
    await vi.waitFor(() => expect(about(Create)).toBe(2), { timeout: 15_000 });
    expect((await plaza.app.inject({ url: `/ap/posts/${post.id}`, headers: AP })).statusCode).toBe(200);
    await peer.unfollow(follow, target(user.id));
  });

  it("a remote Block ends that account's follow; a Delete of the remote actor forgets it and its follows", async () => {
    const { user: blocked } = await buildUser(plaza.app);
    const { user: other } = await buildUser(plaza.app);
    await peer.follow(target(blocked.id));
    await peer.follow(target(other.id));
    await vi.waitFor(async () => expect(await remoteFollowsOf(blocked.id)).toBe(1), { timeout: 15_000 });
    await vi.waitFor(async () => expect(await remoteFollowsOf(other.id)).toBe(1), { timeout: 15_000 });
    await peer.block(target(blocked.id));
    await vi.waitFor(async () => expect(await remoteFollowsOf(blocked.id)).toBe(0), { timeout: 15_000 });
    expect(await remoteFollowsOf(other.id)).toBe(1);

    await peer.deleteAccount(target(other.id));
    await vi.waitFor(async () => expect(await remoteFollowsOf(other.id)).toBe(0), { timeout: 15_000 });
    const [left] = await plaza.context.db
      .select({ total: count() })
      .from(remoteAccounts)
      .where(eq(remoteAccounts.actorUri, peer.actorUri.href));
    expect(left?.total).toBe(0);
  });

  it("a private account approves a follow request from another server (Accept) or declines it (Reject)", async () => {
    const pending = async (client: Awaited<ReturnType<typeof buildUser>>["client"]) =>
      (await client.get("/api/federation/follow-requests")).json();
    const approver = await buildUser(plaza.app);
    const decliner = await buildUser(plaza.app);
    for (const { client, user } of [approver, decliner]) {
      await setVisibility(plaza.context, user.id, "private");
      await client.put("/api/federation/settings", { isDiscoverable: true });
    }
    const approved = await peer.follow(target(approver.user.id));
    const declined = await peer.follow(target(decliner.user.id));
    await vi.waitFor(async () => expect(await pending(approver.client)).toHaveLength(1), { timeout: 15_000 });
    await vi.waitFor(async () => expect(await pending(decliner.client)).toHaveLength(1), { timeout: 15_000 });
    const [request] = await pending(approver.client);
    expect(request).toMatchObject({ handle: `alice@${peer.actorUri.host}`, actorUri: peer.actorUri.href });
    // Someone without that request, and one that does not exist: 404.
    const stranger = await buildUser(plaza.app);
    expect((await stranger.client.post(`/api/federation/follow-requests/${request.id}/approve`)).statusCode).toBe(404);
    expect((await approver.client.delete(`/api/federation/follow-requests/${SOME_UUID}`)).statusCode).toBe(404);

    const answered = (id: string | undefined, kind: typeof Accept | typeof Reject) =>
      peer.received.some((activity) => activity instanceof kind && activity.objectId?.href === id);
    expect((await approver.client.post(`/api/federation/follow-requests/${request.id}/approve`)).statusCode).toBe(204);
    await vi.waitFor(() => expect(answered(approved.id?.href, Accept)).toBe(true), { timeout: 15_000 });
    expect(await pending(approver.client)).toEqual([]);
    const followers = await plaza.app.inject({ url: `/ap/users/${approver.user.id}/followers`, headers: AP });
    expect(followers.json().totalItems).toBe(1);

    const [other] = await pending(decliner.client);
    expect((await decliner.client.delete(`/api/federation/follow-requests/${other.id}`)).statusCode).toBe(204);
    await vi.waitFor(() => expect(answered(declined.id?.href, Reject)).toBe(true), { timeout: 15_000 });
    expect(await remoteFollowsOf(decliner.user.id)).toBe(0);
  });
});
