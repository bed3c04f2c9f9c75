import { eq } from "drizzle-orm";
import type { AppContext } from "../src/app-context";
import { businesses } from "../src/db/schema/businesses";
import { checkins } from "../src/db/schema/checkins";
import { conversations, messages } from "../src/db/schema/messaging";
import { posts } from "../src/db/schema/posts";
import { users } from "../src/db/schema/users";

/**
 * Rows of other domains that the admin and report tests need before those domains' APIs exist on this branch.
 * They write the same columns the owning modules write.
 */
export async function insertPost(
  context: AppContext,
  authorId: string,
  values: Partial<typeof posts.$inferInsert> = {},
): Promise<string> {
  const [row] = await context.db
    .insert(posts)
    .values({ authorId, content: "Hello from the neighbourhood", title: "Hello", ...values })
    .returning({ id: posts.id });
  if (!row) throw new Error("no post");
  const [author] = await context.db.select({ count: users.postsCount }).from(users).where(eq(users.id, authorId));
  await context.db
    .update(users)
    .set({ postsCount: (author?.count ?? 0) + 1 })
    .where(eq(users.id, authorId));
  return row.id;
}

export async function setUserLocation(
  context: AppContext,
  userId: string,
  location: { city?: string; country?: string; locationPrivacy?: "public" | "city" | "country" | "hidden" },
): Promise<void> {
  await context.db.update(users).set(location).where(eq(users.id, userId));
}

export async function insertMessage(context: AppContext, senderId: string, recipientId: string, content: string) {
  const [first, second] = senderId < recipientId ? [senderId, recipientId] : [recipientId, senderId];
  const [conversation] = await context.db
    .insert(conversations)
    .values({ participant1Id: first, participant2Id: second, lastMessagePreview: content })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error("no conversation");
  const [message] = await context.db
    .insert(messages)
    .values({ conversationId: conversation.id, senderId, content })
    .returning({ id: messages.id });
  if (!message) throw new Error("no message");
  return { conversationId: conversation.id, messageId: message.id };
}

export async function insertReview(context: AppContext, ownerId: string, reviewerId: string, rating: number) {
  const [business] = await context.db
    .insert(businesses)
    .values({
      ownerId,
      name: "Corner Cafe",
      category: "cafe",
      visitSecret: "secret",
      ratingSum: rating,
      totalReviews: 1,
      averageRating: rating,
      totalCheckIns: 1,
    })
    .returning({ id: businesses.id });
  if (!business) throw new Error("no business");
  const [checkin] = await context.db
    .insert(checkins)
    .values({
      userId: reviewerId,
      businessId: business.id,
      rating,
      review: "Rude staff",
      latitude: 0,
      longitude: 0,
      distanceMeters: 1,
    })
    .returning({ id: checkins.id });
  if (!checkin) throw new Error("no checkin");
  return { businessId: business.id, checkinId: checkin.id };
}
