import { randomUUID } from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import sharp from "sharp";
import { sessions } from "../../src/db/schema/auth";
import { blocks } from "../../src/db/schema/blocks";
import { followRequests, follows } from "../../src/db/schema/follows";
import { notifications } from "../../src/db/schema/notifications";
import { comments } from "../../src/db/schema/posts";
import { users } from "../../src/db/schema/users";
import { hashSessionToken } from "../../src/modules/auth/auth.service";
import { BUSINESS_POSITION, readVisitCode } from "../factories/businesses";
import { insertMessage } from "../factories/messaging";
import { insertPost } from "../factories/posts";
import { TestClient } from "../test-app";
import {
  type Actor,
  fingerprint,
  insertUser,
  PASSWORD,
  registerActors,
  type SecurityApp,
  type SignedInRole,
  send,
  sessionTokenOf,
  signIn,
} from "./harness";
import { recordSecrets } from "./log-secrets";

export type Visibility = "public" | "private" | "custom";

/**
 * The cast of the authorisation matrix, around one content owner, `user` (Alice): `follower` follows her,
 * she blocked `blocked`, `customVisible` is on her custom list, `bizOwner`/`bizOther` run published businesses,
 * `suspended` is suspended, `pending` waits for a superuser's approval (sign-up by approval), `deleting` has
 * scheduled their deletion. Two spare users share a conversation no
 * role is part of. Every secret a response must not carry is known here.
 */
export interface World {
  harness: SecurityApp;
  actors: Record<SignedInRole, Actor>;
  businesses: Partial<Record<SignedInRole, { id: string; couponId: string }>>;
  /** A conversation between two spare users: nobody in the cast may read it. */
  foreignConversationId: string;
  foreignMessage: string;
  /** Prefix of the end of Alice's locked posts: only she, payers and the admin screens may read it. */
  lockedMarker: string;
  /** Each locked post's full marker → its id. */
  lockedPosts: Map<string, string>;
  activeAgreementId: string;
  visibility: Visibility;
  /** The change counters of the cast's tables right after the last restore. */
  restoredState: string;
}

export async function buildWorld(harness: SecurityApp): Promise<World> {
  const actors = await registerActors(harness);
  const businesses: World["businesses"] = {};
  for (const role of ["bizOwner", "bizOther"] as const) {
    const cookie = actors[role].cookie;
    const created = await send(harness.app, {
      method: "POST",
      url: "/api/businesses",
      cookie,
      payload: { name: `Cafe of ${role}`, category: "cafe", ...BUSINESS_POSITION },
    });
    if (created.statusCode !== 201) throw new Error(`business: ${created.body}`);
    const id = created.json<{ id: string }>().id;
    const coupon = await send(harness.app, {
      method: "POST",
      url: "/api/coupons",
      cookie,
      payload: { businessId: id, title: "Free coffee", discountType: "freeItem", discountValue: 0 },
    });
    if (coupon.statusCode !== 201) throw new Error(`coupon: ${coupon.body}`);
    const published = await send(harness.app, {
      method: "PATCH",
      url: `/api/businesses/${id}`,
      cookie,
      payload: { isPublished: true },
    });
    if (published.statusCode !== 200) throw new Error(`publish: ${published.body}`);
    businesses[role] = { id, couponId: coupon.json<{ id: string }>().id };
  }
  const spareA = await insertUser(harness);
  const spareB = await insertUser(harness);
  const foreignMessage = `foreign-dm-${randomUUID()}`;
  const { conversationId } = await insertMessage(harness.context, spareA, spareB, foreignMessage);
  const agreement = await send(harness.app, { method: "GET", url: "/api/agreements/active" });
  const world: World = {
    harness,
    actors,
    businesses,
    foreignConversationId: conversationId,
    foreignMessage,
    lockedMarker: `locked-${randomUUID().slice(0, 8)}`,
    lockedPosts: new Map(),
    activeAgreementId: agreement.json<{ id: string }>().id,
    visibility: "private",
    restoredState: "",
  };
  await restoreWorld(world);
  return world;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Puts every relation and account state of the cast back (after a case whose write succeeded), and signs a
 * role in again when its session ended.
 */
export async function restoreWorld(world: World): Promise<void> {
  const { db } = world.harness.context;
  // Nothing the cast depends on changed since the last restore: nothing to do.
  const state = (await fingerprint(world.harness))
    .split(";")
    .filter((part) => /^(users|follows|blocks|follow_requests|sessions):/.test(part))
    .join(";");
  if (state === world.restoredState) return;
  const { actors } = world;
  const ids = Object.values(actors).map((actor) => actor.id);
  const now = world.harness.clock.now();
  await db
    .update(users)
    .set({
      isSuspended: sql`${users.id} = ${actors.suspended.id}`,
      suspendedUntil: null,
      suspensionReason: sql`case when ${users.id} = ${actors.suspended.id} then 'Spam' else null end`,
      isDeleted: sql`${users.id} = ${actors.deleting.id}`,
      deletionGracePeriodEnd: sql`case when ${users.id} = ${actors.deleting.id} then ${new Date(now.getTime() + 7 * DAY_MS).toISOString()}::timestamptz else null end`,
      accountVisibility: sql`case when ${users.id} = ${actors.user.id} then ${world.visibility}::account_visibility else 'public'::account_visibility end`,
      customVisibleUsers: sql`case when ${users.id} = ${actors.user.id} then array[${actors.customVisible.id}]::uuid[] else '{}'::uuid[] end`,
      preferences: sql`'{"emailNotifications":true,"pushNotifications":true,"marketingEmails":false,"showOnlineStatus":true,"allowDirectMessages":true,"messagePrivacy":"all","showRecentActivity":true}'::jsonb`,
      isSuperuser: sql`${users.id} = ${actors.superuser.id}`,
      isModerator: sql`${users.id} = ${actors.moderator.id}`,
      registrationStatus: sql`case when ${users.id} = ${actors.pending.id} then 'pending' else 'active' end`,
      isLimited: false,
    })
    .where(inArray(users.id, ids));
  await db.delete(follows).where(or(inArray(follows.followerId, ids), inArray(follows.followingId, ids)));
  await db.insert(follows).values({ followerId: actors.follower.id, followingId: actors.user.id });
  await db.delete(blocks).where(or(inArray(blocks.blockerId, ids), inArray(blocks.blockedId, ids)));
  await db.insert(blocks).values({ blockerId: actors.user.id, blockedId: actors.blocked.id });
  await db
    .delete(followRequests)
    .where(or(inArray(followRequests.requesterId, ids), inArray(followRequests.targetId, ids)));
  const alive = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      inArray(
        sessions.id,
        Object.values(actors).map((actor) => hashSessionToken(sessionTokenOf(actor.cookie))),
      ),
    );
  const aliveIds = new Set(alive.map((row) => row.id));
  for (const actor of Object.values(actors)) {
    if (!aliveIds.has(hashSessionToken(sessionTokenOf(actor.cookie)))) {
      actor.cookie = await signIn(world.harness.app, actor.email, PASSWORD);
      recordSecrets(actor.cookie);
    }
  }
  world.restoredState = (await fingerprint(world.harness))
    .split(";")
    .filter((part) => /^(users|follows|blocks|follow_requests|sessions):/.test(part))
    .join(";");
}

export async function setVisibility(world: World, visibility: Visibility): Promise<void> {
  if (world.visibility === visibility) return;
  world.visibility = visibility;
  await world.harness.context.db
    .update(users)
    .set({ accountVisibility: visibility })
    .where(eq(users.id, world.actors.user.id));
}

/** May this role read the content (posts, lists) of Alice under her current visibility? */
export function seesAliceContent(world: World, role: string): boolean {
  if (role === "user" || role === "superuser") return true;
  if (role === "blocked") return false;
  if (world.visibility === "public") return true;
  if (role === "anon") return false;
  if (world.visibility === "private") return role === "follower";
  return role === "customVisible";
}

/** A post; Alice's locked ones end (past the preview) with the locked marker. */
export async function freshPost(
  world: World,
  authorId: string,
  postType: "free" | "ppv" | "subscriber" = "free",
): Promise<string> {
  const isAlicesLocked = postType !== "free" && authorId === world.actors.user.id;
  const marker = `${world.lockedMarker}-${randomUUID()}`;
  const id = await insertPost(world.harness.context.db, authorId, {
    postType,
    priceCents: postType === "ppv" ? 500 : null,
    content: `${"Everybody sees this preview of the post. ".repeat(3)}${isAlicesLocked ? marker : "end"}`,
    title: "Post",
  });
  if (isAlicesLocked) world.lockedPosts.set(marker, id);
  return id;
}

/** A comment by `authorId` on a fresh post of `postAuthorId`. */
export async function freshComment(world: World, postAuthorId: string, authorId: string): Promise<string> {
  const postId = await freshPost(world, postAuthorId);
  const [row] = await world.harness.context.db
    .insert(comments)
    .values({ postId, authorId, content: "A comment" })
    .returning({ id: comments.id });
  if (!row) throw new Error("no comment");
  return row.id;
}

export async function freshNotification(world: World, userId: string): Promise<string> {
  const [row] = await world.harness.context.db
    .insert(notifications)
    .values({ userId, type: "follow", data: {} })
    .returning({ id: notifications.id });
  if (!row) throw new Error("no notification");
  return row.id;
}

export async function freshBlock(world: World, blockerId: string): Promise<string> {
  const blockedId = await insertUser(world.harness);
  await world.harness.context.db.insert(blocks).values({ blockerId, blockedId });
  return blockedId;
}

export async function freshFollowRequest(world: World, followingId: string): Promise<string> {
  const followerId = await insertUser(world.harness);
  await world.harness.context.db.insert(followRequests).values({ requesterId: followerId, targetId: followingId });
  return followerId;
}

export async function isFollowRequestOf(world: World, followerId: string, followingId: string) {
  const rows = await world.harness.context.db
    .select()
    .from(followRequests)
    .where(and(eq(followRequests.requesterId, followerId), eq(followRequests.targetId, followingId)));
  return rows.length > 0;
}

let image: Promise<Buffer> | null = null;
export function testImage(): Promise<Buffer> {
  image ??= sharp({ create: { width: 32, height: 24, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  return image;
}

/** An upload ticket of the account (not yet used): its PUT URL and final object address. */
export async function uploadTicket(world: World, cookie: string): Promise<{ uploadURL: string; objectUrl: string }> {
  const response = await send(world.harness.app, { method: "POST", url: "/api/objects/upload", cookie });
  if (response.statusCode !== 200) throw new Error(`upload ticket: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A finished upload of the account, its picture made: its object address. */
export async function uploadedObject(world: World, cookie: string): Promise<string> {
  const ticket = await uploadTicket(world, cookie);
  const stored = await send(world.harness.app, {
    method: "PUT",
    url: ticket.uploadURL,
    cookie,
    payload: await testImage(),
    headers: { "content-type": "image/png" },
  });
  if (stored.statusCode !== 200) throw new Error(`upload: ${stored.statusCode} ${stored.body}`);
  // Finished means its sizes are made (the picture job, run after the upload's answer): the object exists, and a
  // later request using it does not have to make it.
  await world.harness.app.context.background.idle();
  return ticket.objectUrl;
}

export async function visitCodeOf(world: World, role: "bizOwner" | "bizOther"): Promise<string> {
  const business = world.businesses[role];
  if (!business) throw new Error("no business");
  const owner = new TestClient(world.harness.app);
  owner.cookie = world.actors[role].cookie;
  return readVisitCode(owner, business.id);
}

export function cookieOfRole(world: World, role: string): string | null {
  return role === "anon" ? null : world.actors[role as SignedInRole].cookie;
}

/**
 * Strings no response to this viewer may contain: session tokens, foreign DMs, other people's emails (but on
 * the admin screens) and Alice's locked content (but for her, the admin screens and a successful unlock).
 */
export function secretsFor(world: World, role: string, options: { emailsVisible: boolean }): string[] {
  const secrets: string[] = [world.foreignMessage];
  for (const actor of Object.values(world.actors)) {
    secrets.push(sessionTokenOf(actor.cookie));
    if (actor.role !== role && !options.emailsVisible) secrets.push(actor.email);
  }
  return secrets;
}

/**
 * Alice's locked posts whose hidden part appears in a body the viewer may not read: not the author, no unlock
 * of that post, no subscription to her (the admin screens are exempt by the caller).
 */
export async function lockedLeaks(world: World, body: string, viewerId: string | null): Promise<string[]> {
  const found = body.match(new RegExp(`${world.lockedMarker}-[0-9a-f-]{36}`, "g")) ?? [];
  const leaks: string[] = [];
  for (const marker of new Set(found)) {
    const postId = world.lockedPosts.get(marker);
    if (!postId || viewerId === world.actors.user.id) continue;
    const entitled = viewerId
      ? await world.harness.context.db.execute(sql`
          select 1 from ppv_unlocks where user_id = ${viewerId} and post_id = ${postId}
          union all
          select 1 from subscriptions s join posts p on p.author_id = s.creator_id
          where s.subscriber_id = ${viewerId} and p.id = ${postId} and p.post_type = 'subscriber'
            and s.current_period_end > ${world.harness.clock.now().toISOString()}::timestamptz`)
      : { rows: [] };
    if ((entitled as unknown as { rows: unknown[] }).rows.length === 0) leaks.push(`locked content of post ${postId}`);
  }
  return leaks;
}
