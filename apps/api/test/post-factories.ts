import type { CreatePostInput, PostView } from "@plaza/contracts/posts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../src/app-context";
import { ledgerTransactions, ppvUnlocks, subscriptions } from "../src/db/schema/payments";
import { blocks, follows, uploads } from "../src/db/schema/social";
import { users } from "../src/db/schema/users";
import type { TestClient } from "./test-app";

let sequence = 0;

/** Publishes a post through the API as the client's user. */
export async function buildPost(client: TestClient, overrides: Partial<CreatePostInput> = {}): Promise<PostView> {
  sequence += 1;
  const response = await client.post("/api/posts", {
    title: `Post ${sequence}`,
    content: `Content of post ${sequence}`,
    ...overrides,
  });
  if (response.statusCode !== 201) throw new Error(`buildPost failed: ${response.statusCode} ${response.body}`);
  return response.json<PostView>();
}

/*
 * Rows owned by other domains (follows, blocks, privacy, uploads, unlocks, subscriptions), written directly so
 * these tests do not depend on those modules' endpoints.
 */

export async function insertFollow(context: AppContext, followerId: string, followingId: string): Promise<void> {
  await context.db.insert(follows).values({ followerId, followingId });
}

export async function insertBlock(context: AppContext, blockerId: string, blockedId: string): Promise<void> {
  await context.db.insert(blocks).values({ blockerId, blockedId });
}

export async function setVisibility(
  context: AppContext,
  userId: string,
  accountVisibility: "public" | "private" | "custom",
  customVisibleUsers: string[] = [],
): Promise<void> {
  await context.db.update(users).set({ accountVisibility, customVisibleUsers }).where(eq(users.id, userId));
}

/** A finished upload owned by `ownerId`; returns its id. */
export async function insertUpload(
  context: AppContext,
  ownerId: string,
  options: { status?: "pending" | "ready"; contentType?: string } = {},
): Promise<string> {
  const [row] = await context.db
    .insert(uploads)
    .values({
      ownerId,
      status: options.status ?? "ready",
      contentType: options.contentType ?? "image/webp",
      expiresAt: new Date(context.clock.now().getTime() + 60 * 60 * 1000),
    })
    .returning({ id: uploads.id });
  if (!row) throw new Error("insertUpload returned no row");
  return row.id;
}

export async function insertUnlock(context: AppContext, userId: string, postId: string, payeeId: string) {
  const [transaction] = await context.db
    .insert(ledgerTransactions)
    .values({
      kind: "ppv_unlock",
      payerId: userId,
      payeeId,
      amountCents: 500,
      paymentMethod: "card",
      provider: "test",
      postId,
    })
    .returning({ id: ledgerTransactions.id });
  if (!transaction) throw new Error("insertUnlock returned no row");
  await context.db.insert(ppvUnlocks).values({ userId, postId, transactionId: transaction.id });
}

export async function insertSubscription(
  context: AppContext,
  subscriberId: string,
  creatorId: string,
  currentPeriodEnd: Date,
): Promise<void> {
  await context.db.insert(subscriptions).values({
    subscriberId,
    creatorId,
    priceCents: 1200,
    currentPeriodStart: context.clock.now(),
    currentPeriodEnd,
  });
}
