import type { CreatePostInput, PostView } from "@plaza/contracts/posts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { AppContext } from "../src/app-context";
import { blocks } from "../src/db/schema/blocks";
import { follows } from "../src/db/schema/follows";
import { ledgerTransactions, ppvUnlocks, subscriptions } from "../src/db/schema/payments";
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
 * Rows owned by other domains (follows, blocks, privacy, unlocks, subscriptions), written directly so
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

let testImage: Promise<Buffer> | null = null;

/**
 * Uploads an image through the real uploads API as the client's user and returns its object address.
 * `finish: false` stops after asking for the URL, leaving a pending upload.
 */
export async function uploadTestImage(client: TestClient, options: { finish?: boolean } = {}): Promise<string> {
  testImage ??= sharp({ create: { width: 64, height: 40, channels: 3, background: "#2a9d8f" } })
    .png()
    .toBuffer();
  const ticket = await client.post("/api/objects/upload");
  if (ticket.statusCode !== 200) throw new Error(`upload URL failed: ${ticket.statusCode} ${ticket.body}`);
  const { uploadURL, objectUrl } = ticket.json<{ uploadURL: string; objectUrl: string }>();
  if (options.finish === false) return objectUrl;
  const stored = await client.request({
    method: "PUT",
    url: uploadURL,
    payload: await testImage,
    headers: { "content-type": "image/png" },
  });
  if (stored.statusCode !== 200) throw new Error(`upload failed: ${stored.statusCode} ${stored.body}`);
  return objectUrl;
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
