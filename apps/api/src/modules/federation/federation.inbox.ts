import type { FederationBuilder, InboxContext } from "@fedify/fedify";
import { Accept, type Actor, Block, Delete, Follow, isActor, Undo } from "@fedify/vocab";
import type { AppContext } from "../../app-context";
import {
  deleteRemoteAccount,
  deleteRemoteFollow,
  findFederatedUserById,
  upsertRemoteAccount,
  upsertRemoteFollow,
} from "./federation.repository";

/** The Plaza account an activity's object names (its actor URI on this server), or null. */
function localAccountOf(ctx: InboxContext<AppContext>, uri: URL | null): string | null {
  if (!uri) return null;
  const parsed = ctx.parseUri(uri);
  return parsed?.type === "actor" ? parsed.identifier : null;
}

/** `user@server` of a remote actor, when it gave a preferredUsername. */
function handleOf(actor: Actor): string | null {
  const username = actor.preferredUsername?.toString();
  return username && actor.id ? `${username}@${actor.id.host}` : null;
}

/**
 * A Follow of a Plaza account: the remote account is stored as a follower, accepted at once (an Accept goes back)
 * for a public account, pending approval for one that is not. Fedify has verified the request's signature before
 * this runs (an unsigned or badly signed activity is answered 401 and never reaches here).
 */
async function onFollow(ctx: InboxContext<AppContext>, follow: Follow): Promise<void> {
  const userId = localAccountOf(ctx, follow.objectId);
  if (!userId || !follow.id || !follow.actorId) return;
  const user = await findFederatedUserById(ctx.data.db, userId);
  if (!user) return;
  const follower = await follow.getActor(ctx);
  if (!follower || !isActor(follower) || !follower.id || !follower.inboxId) return;
  // The actor that signed is the one following: a Follow on someone else's behalf is not taken.
  if (follower.id.href !== follow.actorId.href) return;
  const now = ctx.data.clock.now();
  const remoteAccountId = await upsertRemoteAccount(
    ctx.data.db,
    {
      actorUri: follower.id.href,
      handle: handleOf(follower),
      name: follower.name?.toString() ?? null,
      inboxUrl: follower.inboxId.href,
      sharedInboxUrl: follower.endpoints?.sharedInbox?.href ?? null,
    },
    now,
  );
  const isAccepted = user.accountVisibility === "public";
  await upsertRemoteFollow(
    ctx.data.db,
    { remoteAccountId, userId, followActivityUri: follow.id.href, isAccepted },
    now,
  );
  if (!isAccepted) return;
  await ctx.sendActivity(
    { identifier: userId },
    follower,
    new Accept({
      id: new URL(`#accepts/${crypto.randomUUID()}`, ctx.getActorUri(userId)),
      actor: ctx.getActorUri(userId),
      object: follow,
    }),
  );
}

/** An Undo of a Follow: the remote account no longer follows. */
async function onUndo(ctx: InboxContext<AppContext>, undo: Undo): Promise<void> {
  const object = await undo.getObject(ctx);
  if (!(object instanceof Follow) || !undo.actorId) return;
  if (object.actorId && object.actorId.href !== undo.actorId.href) return;
  const userId = localAccountOf(ctx, object.objectId);
  if (!userId) return;
  await deleteRemoteFollow(ctx.data.db, undo.actorId.href, userId);
}

/**
 * A Block of a Plaza account by a remote one: as on Mastodon, a block ends the follow between them, so the blocker
 * stops receiving the account's posts (it would have to follow again, which its block rules out on its side).
 */
async function onBlock(ctx: InboxContext<AppContext>, block: Block): Promise<void> {
  const userId = localAccountOf(ctx, block.objectId);
  if (!userId || !block.actorId) return;
  await deleteRemoteFollow(ctx.data.db, block.actorId.href, userId);
}

/**
 * A Delete of the remote actor itself (its account deleted on its server): forgotten here with its follows. A Delete
 * of anything else (a Note of theirs) names nothing Plaza keeps yet.
 */
async function onDelete(ctx: InboxContext<AppContext>, deletion: Delete): Promise<void> {
  if (!deletion.actorId || deletion.objectId?.href !== deletion.actorId.href) return;
  await deleteRemoteAccount(ctx.data.db, deletion.actorId.href);
}

/** What Plaza takes in so far: follows and their undoing, blocks, deleted accounts (docs/decisions/0012-federation.md). */
export function registerInbox(builder: FederationBuilder<AppContext>): void {
  builder
    .setInboxListeners("/ap/users/{identifier}/inbox", "/ap/inbox")
    .on(Follow, onFollow)
    .on(Undo, onUndo)
    .on(Block, onBlock)
    .on(Delete, onDelete)
    .onError((ctx, error) => {
      ctx.data.background.log.warn({ err: error.message }, "federation: an inbound activity failed");
    });
}
