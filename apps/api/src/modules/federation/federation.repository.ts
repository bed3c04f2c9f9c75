import { and, count, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { federationAccounts, remoteAccounts, remoteFollows, type StoredJwk } from "../../db/schema/federation";
import { posts } from "../../db/schema/posts";
import { users } from "../../db/schema/users";

/** What an actor document shows of a Plaza account, with whether it is discoverable on other servers. */
const actorColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  bio: users.bio,
  profileImageUrl: users.profileImageUrl,
  profileType: users.profileType,
  accountVisibility: users.accountVisibility,
  createdAt: users.createdAt,
  isDiscoverable: federationAccounts.isDiscoverable,
};

/**
 * An account other servers may see (docs/decisions/0012-federation.md): not deleted or suspended, and discoverable
 * (its own choice, by default only a public account).
 */
const isFederated = and(
  eq(users.isDeleted, false),
  eq(users.isSuspended, false),
  sql`coalesce(${federationAccounts.isDiscoverable}, ${users.accountVisibility} = 'public')`,
);

/** Ids in addresses other servers send are checked before a query (a malformed one is simply not found). */
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export type ActorRow = Awaited<ReturnType<typeof findFederatedUserById>>;

export async function findFederatedUserById(db: Executor, userId: string) {
  if (!isUuid(userId)) return undefined;
  const [row] = await db
    .select(actorColumns)
    .from(users)
    .leftJoin(federationAccounts, eq(federationAccounts.userId, users.id))
    .where(and(eq(users.id, userId), isFederated));
  return row;
}

export async function findFederatedUserIdByUsername(db: Executor, username: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(federationAccounts, eq(federationAccounts.userId, users.id))
    .where(and(sql`lower(${users.username}) = lower(${username})`, isFederated));
  return row?.id ?? null;
}

export async function countFederatedUsers(db: Executor) {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .leftJoin(federationAccounts, eq(federationAccounts.userId, users.id))
    .where(isFederated);
  return row?.total ?? 0;
}

export async function findAccountKeys(db: Executor, userId: string) {
  const [row] = await db
    .select({
      rsaPublicKey: federationAccounts.rsaPublicKey,
      rsaPrivateKey: federationAccounts.rsaPrivateKey,
      ed25519PublicKey: federationAccounts.ed25519PublicKey,
      ed25519PrivateKey: federationAccounts.ed25519PrivateKey,
    })
    .from(federationAccounts)
    .where(eq(federationAccounts.userId, userId));
  return row;
}

/** Stores an account's key pairs unless it has some already (two first requests at once keep the first's). */
export async function storeAccountKeysOnce(
  db: Executor,
  userId: string,
  keys: {
    rsaPublicKey: StoredJwk;
    rsaPrivateKey: StoredJwk;
    ed25519PublicKey: StoredJwk;
    ed25519PrivateKey: StoredJwk;
  },
) {
  await db
    .insert(federationAccounts)
    .values({ userId, ...keys })
    .onConflictDoUpdate({
      target: federationAccounts.userId,
      set: keys,
      where: isNull(federationAccounts.rsaPublicKey),
    });
}

export async function upsertDiscoverable(db: Executor, userId: string, isDiscoverable: boolean) {
  await db
    .insert(federationAccounts)
    .values({ userId, isDiscoverable })
    .onConflictDoUpdate({ target: federationAccounts.userId, set: { isDiscoverable } });
}

/** An account's username, visibility and own choice about being discoverable (null: never chosen). */
export async function findFederationSetting(db: Executor, userId: string) {
  const [row] = await db
    .select({
      username: users.username,
      accountVisibility: users.accountVisibility,
      isDiscoverable: federationAccounts.isDiscoverable,
    })
    .from(users)
    .leftJoin(federationAccounts, eq(federationAccounts.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Records (or refreshes) a remote account by its actor URI; answers its id. */
export async function upsertRemoteAccount(
  db: Executor,
  account: {
    actorUri: string;
    handle: string | null;
    name: string | null;
    inboxUrl: string;
    sharedInboxUrl: string | null;
  },
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(remoteAccounts)
    .values({ ...account, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: remoteAccounts.actorUri,
      set: {
        handle: account.handle,
        name: account.name,
        inboxUrl: account.inboxUrl,
        sharedInboxUrl: account.sharedInboxUrl,
        updatedAt: now,
      },
    })
    .returning({ id: remoteAccounts.id });
  return (row as { id: string }).id;
}

/** Records a remote follow; a repeated Follow replaces the activity it names (and a pending one stays pending). */
export async function upsertRemoteFollow(
  db: Executor,
  follow: { remoteAccountId: string; userId: string; followActivityUri: string; isAccepted: boolean },
  now: Date,
) {
  await db
    .insert(remoteFollows)
    .values({ ...follow, createdAt: now })
    .onConflictDoUpdate({
      target: [remoteFollows.remoteAccountId, remoteFollows.userId],
      set: { followActivityUri: follow.followActivityUri },
    });
}

export async function deleteRemoteFollow(db: Executor, actorUri: string, userId: string): Promise<boolean> {
  const account = db
    .select({ id: remoteAccounts.id })
    .from(remoteAccounts)
    .where(eq(remoteAccounts.actorUri, actorUri));
  const deleted = await db
    .delete(remoteFollows)
    .where(and(eq(remoteFollows.userId, userId), sql`${remoteFollows.remoteAccountId} in (${account})`))
    .returning({ userId: remoteFollows.userId });
  return deleted.length > 0;
}

/** Follow requests from other servers waiting for `userId`'s answer, oldest first. */
export async function listPendingRemoteFollows(db: Executor, userId: string, limit: number) {
  return db
    .select({
      id: remoteAccounts.id,
      handle: remoteAccounts.handle,
      name: remoteAccounts.name,
      actorUri: remoteAccounts.actorUri,
      inboxUrl: remoteAccounts.inboxUrl,
      followActivityUri: remoteFollows.followActivityUri,
      requestedAt: remoteFollows.createdAt,
    })
    .from(remoteFollows)
    .innerJoin(remoteAccounts, eq(remoteAccounts.id, remoteFollows.remoteAccountId))
    .where(and(eq(remoteFollows.userId, userId), eq(remoteFollows.isAccepted, false)))
    .orderBy(remoteFollows.createdAt)
    .limit(limit);
}

/**
 * Answers one pending request: approved, it becomes an accepted follow; declined, it is deleted. Returns the request
 * (with what the Accept or Reject needs), or undefined when there was none pending.
 */
export async function answerRemoteFollow(db: Executor, userId: string, remoteAccountId: string, approve: boolean) {
  const where = and(
    eq(remoteFollows.userId, userId),
    eq(remoteFollows.remoteAccountId, remoteAccountId),
    eq(remoteFollows.isAccepted, false),
  );
  const [answered] = approve
    ? await db.update(remoteFollows).set({ isAccepted: true }).where(where).returning()
    : await db.delete(remoteFollows).where(where).returning();
  if (!answered) return undefined;
  const [account] = await db.select().from(remoteAccounts).where(eq(remoteAccounts.id, remoteAccountId));
  return account ? { account, followActivityUri: answered.followActivityUri } : undefined;
}

/** A remote account deleted on its server: forgotten here, with its follows (cascade). */
export async function deleteRemoteAccount(db: Executor, actorUri: string): Promise<boolean> {
  const deleted = await db
    .delete(remoteAccounts)
    .where(eq(remoteAccounts.actorUri, actorUri))
    .returning({ id: remoteAccounts.id });
  return deleted.length > 0;
}

/** The accounts following `userId` from other servers, accepted ones only, oldest first. */
export async function listRemoteFollowers(db: Executor, userId: string) {
  return db
    .select({
      actorUri: remoteAccounts.actorUri,
      inboxUrl: remoteAccounts.inboxUrl,
      sharedInboxUrl: remoteAccounts.sharedInboxUrl,
    })
    .from(remoteFollows)
    .innerJoin(remoteAccounts, eq(remoteAccounts.id, remoteFollows.remoteAccountId))
    .where(and(eq(remoteFollows.userId, userId), eq(remoteFollows.isAccepted, true)))
    .orderBy(remoteFollows.createdAt);
}

export async function countRemoteFollowers(db: Executor, userId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(remoteFollows)
    .where(and(eq(remoteFollows.userId, userId), eq(remoteFollows.isAccepted, true)));
  return row?.total ?? 0;
}

export async function listRemoteFollowsOf(db: Executor, userId: string) {
  return db
    .select({ actorUri: remoteAccounts.actorUri, isAccepted: remoteFollows.isAccepted })
    .from(remoteFollows)
    .innerJoin(remoteAccounts, eq(remoteAccounts.id, remoteFollows.remoteAccountId))
    .where(eq(remoteFollows.userId, userId));
}

/** What a Note carries of a post. */
const noteColumns = {
  id: posts.id,
  authorId: posts.authorId,
  title: posts.title,
  content: posts.content,
  postType: posts.postType,
  tags: posts.tags,
  createdAt: posts.createdAt,
  editedAt: posts.editedAt,
};

export type NoteRow = NonNullable<Awaited<ReturnType<typeof findPostForNote>>>;

/** Posts a moderator hid or removed never leave Plaza (and are deleted where they had gone). */
const shownPost = and(isNull(posts.hiddenAt), isNull(posts.removedAt));

export async function findPostForNote(db: Executor, postId: string) {
  if (!isUuid(postId)) return undefined;
  const [row] = await db
    .select(noteColumns)
    .from(posts)
    .where(and(eq(posts.id, postId), shownPost));
  return row;
}

/** An author's free posts, newest first, `limit` of them before `before` (null: from the newest). */
export async function listFreePostsOf(db: Executor, authorId: string, before: Date | null, limit: number) {
  return db
    .select(noteColumns)
    .from(posts)
    .where(
      and(
        eq(posts.authorId, authorId),
        eq(posts.postType, "free"),
        shownPost,
        before ? lt(posts.createdAt, before) : undefined,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

export async function countFreePostsOf(db: Executor, authorId: string | null) {
  const [row] = await db
    .select({ total: count() })
    .from(posts)
    .where(and(eq(posts.postType, "free"), shownPost, authorId ? eq(posts.authorId, authorId) : undefined));
  return row?.total ?? 0;
}
