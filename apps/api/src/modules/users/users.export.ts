import { desc, eq, or } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { agreementAcceptances } from "../../db/schema/agreements";
import { blocks } from "../../db/schema/blocks";
import { businesses } from "../../db/schema/businesses";
import { checkins } from "../../db/schema/checkins";
import { couponRedemptions } from "../../db/schema/coupons";
import { follows } from "../../db/schema/follows";
import { messages } from "../../db/schema/messaging";
import { ledgerTransactions, subscriptions } from "../../db/schema/payments";
import { comments, likes, postColumns, posts } from "../../db/schema/posts";
import type { UserRow } from "../../db/schema/users";
import { presentSelf } from "./users.presenter";

/**
 * Everything the account holds, for GET /api/users/export (docs/PRODUCT.md "Accounts": offered before deletion).
 * Other people's data is referenced by id only; password hashes and session ids never leave.
 */
export async function collectAccountData(db: Executor, user: UserRow) {
  const userId = user.id;
  const [
    ownPosts,
    ownComments,
    ownLikes,
    following,
    followers,
    ownBlocks,
    sentMessages,
    payments,
    ownSubscriptions,
    ownCheckins,
    ownRedemptions,
    ownBusinesses,
    acceptances,
  ] = await Promise.all([
    db.select(postColumns).from(posts).where(eq(posts.authorId, userId)).orderBy(desc(posts.createdAt)),
    db.select().from(comments).where(eq(comments.authorId, userId)).orderBy(desc(comments.createdAt)),
    db.select().from(likes).where(eq(likes.userId, userId)),
    db
      .select({ userId: follows.followingId, since: follows.createdAt })
      .from(follows)
      .where(eq(follows.followerId, userId)),
    db
      .select({ userId: follows.followerId, since: follows.createdAt })
      .from(follows)
      .where(eq(follows.followingId, userId)),
    db.select().from(blocks).where(eq(blocks.blockerId, userId)),
    db.select().from(messages).where(eq(messages.senderId, userId)).orderBy(desc(messages.createdAt)),
    db
      .select()
      .from(ledgerTransactions)
      .where(or(eq(ledgerTransactions.payerId, userId), eq(ledgerTransactions.payeeId, userId))),
    db
      .select()
      .from(subscriptions)
      .where(or(eq(subscriptions.subscriberId, userId), eq(subscriptions.creatorId, userId))),
    db.select().from(checkins).where(eq(checkins.userId, userId)),
    db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, userId)),
    db
      .select({
        id: businesses.id,
        name: businesses.name,
        category: businesses.category,
        description: businesses.description,
        address: businesses.address,
        phone: businesses.phone,
        website: businesses.website,
        createdAt: businesses.createdAt,
      })
      .from(businesses)
      .where(eq(businesses.ownerId, userId)),
    db.select().from(agreementAcceptances).where(eq(agreementAcceptances.userId, userId)),
  ]);
  return {
    format: "plaza-account-export",
    version: 1,
    account: presentSelf(user),
    posts: ownPosts,
    comments: ownComments,
    likes: ownLikes,
    following,
    followers,
    blocks: ownBlocks,
    sentMessages,
    payments,
    subscriptions: ownSubscriptions,
    checkins: ownCheckins,
    couponRedemptions: ownRedemptions,
    businesses: ownBusinesses,
    agreementAcceptances: acceptances,
  };
}
