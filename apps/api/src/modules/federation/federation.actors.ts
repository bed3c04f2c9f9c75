import type { webcrypto } from "node:crypto";
import { exportJwk, type FederationBuilder, generateCryptoKeyPair, importJwk } from "@fedify/fedify";
import { Note, type Recipient } from "@fedify/vocab";
import type { AppContext } from "../../app-context";
import { presentActor, presentCreate, presentNote } from "./federation.presenter";
import {
  countFederatedUsers,
  countFreePostsOf,
  countRemoteFollowers,
  findAccountKeys,
  findFederatedUserById,
  findFederatedUserIdByUsername,
  findPostForNote,
  listFreePostsOf,
  listRemoteFollowers,
  storeAccountKeysOnce,
} from "./federation.repository";

/** Posts on one page of an outbox. */
const OUTBOX_PAGE = 20;

export const ACTOR_PATH = "/ap/users/{identifier}";

/**
 * An account's key pairs, made on first need and stored: RSA-PKCS#1-v1.5 for HTTP Signatures (what Mastodon
 * verifies) and Ed25519 for Object Integrity Proofs.
 */
export async function accountKeyPairs(context: AppContext, userId: string): Promise<webcrypto.CryptoKeyPair[]> {
  let keys = await findAccountKeys(context.db, userId);
  if (!keys?.rsaPublicKey) {
    const rsa = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
    const ed25519 = await generateCryptoKeyPair("Ed25519");
    await storeAccountKeysOnce(context.db, userId, {
      rsaPublicKey: await exportJwk(rsa.publicKey),
      rsaPrivateKey: await exportJwk(rsa.privateKey),
      ed25519PublicKey: await exportJwk(ed25519.publicKey),
      ed25519PrivateKey: await exportJwk(ed25519.privateKey),
    });
    keys = await findAccountKeys(context.db, userId);
  }
  if (!keys?.rsaPublicKey || !keys.rsaPrivateKey || !keys.ed25519PublicKey || !keys.ed25519PrivateKey) return [];
  return [
    {
      publicKey: await importJwk(keys.rsaPublicKey as webcrypto.JsonWebKey, "public"),
      privateKey: await importJwk(keys.rsaPrivateKey as webcrypto.JsonWebKey, "private"),
    },
    {
      publicKey: await importJwk(keys.ed25519PublicKey as webcrypto.JsonWebKey, "public"),
      privateKey: await importJwk(keys.ed25519PrivateKey as webcrypto.JsonWebKey, "private"),
    },
  ];
}

/**
 * Actors (one per account other servers may see, by its id; `acct:username@host` found by WebFinger), their keys,
 * followers and outboxes, the Notes of public free posts, and NodeInfo.
 */
export function registerActors(builder: FederationBuilder<AppContext>, version: string): void {
  builder
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const user = await findFederatedUserById(ctx.data.db, identifier);
      if (!user) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return presentActor(ctx, user, {
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((key) => key.multikey),
      });
    })
    .mapHandle((ctx, username) => findFederatedUserIdByUsername(ctx.data.db, username))
    .setKeyPairsDispatcher(async (ctx, identifier) => {
      if (!(await findFederatedUserById(ctx.data.db, identifier))) return [];
      return accountKeyPairs(ctx.data, identifier);
    });

  builder
    .setFollowersDispatcher(`${ACTOR_PATH}/followers`, async (ctx, identifier) => {
      if (!(await findFederatedUserById(ctx.data.db, identifier))) return null;
      const followers = await listRemoteFollowers(ctx.data.db, identifier);
      const items: Recipient[] = followers.map((follower) => ({
        id: new URL(follower.actorUri),
        inboxId: new URL(follower.inboxUrl),
        endpoints: follower.sharedInboxUrl ? { sharedInbox: new URL(follower.sharedInboxUrl) } : null,
      }));
      return { items };
    })
    .setCounter(async (ctx, identifier) => {
      if (!(await findFederatedUserById(ctx.data.db, identifier))) return null;
      return countRemoteFollowers(ctx.data.db, identifier);
    });

  // Only a public account's free posts: a private account's posts are for its followers and never leave Plaza.
  builder
    .setOutboxDispatcher(`${ACTOR_PATH}/outbox`, async (ctx, identifier, cursor) => {
      const user = await findFederatedUserById(ctx.data.db, identifier);
      if (!user) return null;
      if (cursor === null || user.accountVisibility !== "public") return { items: [] };
      const before = cursor === "" ? null : new Date(cursor);
      if (before && Number.isNaN(before.getTime())) return null;
      const rows = await listFreePostsOf(ctx.data.db, identifier, before, OUTBOX_PAGE);
      const last = rows.at(-1);
      return {
        items: rows.map((row) => presentCreate(ctx, row)),
        nextCursor: rows.length === OUTBOX_PAGE && last ? last.createdAt.toISOString() : null,
      };
    })
    // No first page for an account without an actor: Fedify then asks the dispatcher, which answers not found.
    .setFirstCursor(async (ctx, identifier) => ((await findFederatedUserById(ctx.data.db, identifier)) ? "" : null))
    .setCounter(async (ctx, identifier) => {
      const user = await findFederatedUserById(ctx.data.db, identifier);
      if (!user) return null;
      return user.accountVisibility === "public" ? countFreePostsOf(ctx.data.db, identifier) : 0;
    });

  builder.setObjectDispatcher(Note, "/ap/posts/{id}", async (ctx, values) => {
    const post = await findPostForNote(ctx.data.db, values.id);
    if (post?.postType !== "free") return null;
    const author = await findFederatedUserById(ctx.data.db, post.authorId);
    if (author?.accountVisibility !== "public") return null;
    return presentNote(ctx, post);
  });

  builder.setNodeInfoDispatcher("/nodeinfo/2.1", async (ctx) => ({
    software: { name: "plaza", version, homepage: new URL(ctx.canonicalOrigin) },
    protocols: ["activitypub"],
    openRegistrations: true,
    usage: {
      users: { total: await countFederatedUsers(ctx.data.db) },
      localPosts: await countFreePostsOf(ctx.data.db, null),
      localComments: 0,
    },
  }));
}
