import { payoutStatusOf } from "@plaza/contracts/payments";
import { and, desc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { agreementAcceptances } from "../../db/schema/agreements";
import { sessions } from "../../db/schema/auth";
import { blocks } from "../../db/schema/blocks";
import { businesses } from "../../db/schema/businesses";
import { checkins } from "../../db/schema/checkins";
import { couponRedemptions, coupons } from "../../db/schema/coupons";
import { eventHosts, eventInvitations, eventRsvps, events, eventTickets } from "../../db/schema/events";
import { follows } from "../../db/schema/follows";
import { conversations, messages } from "../../db/schema/messaging";
import { notifications } from "../../db/schema/notifications";
import { partnerships } from "../../db/schema/partnerships";
import {
  ledgerTransactions,
  payoutAccounts,
  ppvUnlocks,
  processorPayments,
  subscriptions,
} from "../../db/schema/payments";
import { comments, likes, postColumns, posts } from "../../db/schema/posts";
import { pushSubscriptions } from "../../db/schema/push";
import { reports } from "../../db/schema/reports";
import type { UserRow } from "../../db/schema/users";
import { presentSelf } from "./users.presenter";

/** The conversations the person takes part in. */
const ownConversations = (db: Executor, userId: string) =>
  db
    .select({ id: conversations.id })
    .from(conversations)
    .where(or(eq(conversations.participant1Id, userId), eq(conversations.participant2Id, userId)));

/**
 * Everything Plaza keeps about the person, for GET /api/users/export (docs/PRODUCT.md "The data export"): messages
 * sent and received, notifications, follows both ways, payments both ways (the ledger's, and every card payment
 * through the processor whatever its state), the payout account, check-ins and reviews, coupons, partnerships,
 * reports made, sessions and devices, events hosted, answered and ticketed. Other people's data is referenced by id
 * only; password hashes, session ids, push keys, payments' client secrets and the codes of voided tickets never leave.
 */
export async function collectAccountData(db: Executor, user: UserRow) {
  const userId = user.id;
  const ownBusinessIds = db.select({ id: businesses.id }).from(businesses).where(eq(businesses.ownerId, userId));
  const [
    receivedMessages,
    ownNotifications,
    ownUnlocks,
    ownReviews,
    reviewReplies,
    ownCoupons,
    ownPartnerships,
    ownReports,
    ownSessions,
    devices,
    cardPayments,
    payoutAccountRows,
  ] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(and(inArray(messages.conversationId, ownConversations(db, userId)), ne(messages.senderId, userId)))
      .orderBy(desc(messages.createdAt)),
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt)),
    db.select().from(ppvUnlocks).where(eq(ppvUnlocks.userId, userId)),
    db
      .select({
        checkinId: checkins.id,
        businessId: checkins.businessId,
        rating: checkins.rating,
        review: checkins.review,
        ownerReply: checkins.ownerReply,
        checkedInAt: checkins.checkedInAt,
      })
      .from(checkins)
      .where(and(eq(checkins.userId, userId), or(isNotNull(checkins.rating), isNotNull(checkins.review)))),
    db
      .select({
        checkinId: checkins.id,
        businessId: checkins.businessId,
        ownerReply: checkins.ownerReply,
        ownerReplyAt: checkins.ownerReplyAt,
      })
      .from(checkins)
      .where(and(inArray(checkins.businessId, ownBusinessIds), isNotNull(checkins.ownerReply))),
    db
      .select()
      .from(coupons)
      .where(or(inArray(coupons.businessId, ownBusinessIds), eq(coupons.partnerCreatorId, userId))),
    db
      .select()
      .from(partnerships)
      .where(or(eq(partnerships.creatorId, userId), inArray(partnerships.businessId, ownBusinessIds))),
    db.select().from(reports).where(eq(reports.reporterId, userId)).orderBy(desc(reports.createdAt)),
    db
      .select({
        id: sessions.publicId,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db
      .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
    // Every state, as payer and as payee; the client secret (which can confirm the payment) stays out.
    db
      .select({
        id: processorPayments.id,
        kind: processorPayments.kind,
        status: processorPayments.status,
        payerId: processorPayments.payerId,
        payeeId: processorPayments.payeeId,
        amountCents: processorPayments.amountCents,
        currency: processorPayments.currency,
        feeCents: processorPayments.feeCents,
        reversedCents: processorPayments.reversedCents,
        provider: processorPayments.provider,
        intentId: processorPayments.intentId,
        connectedAccountId: processorPayments.connectedAccountId,
        postId: processorPayments.postId,
        message: processorPayments.message,
        subscriptionId: processorPayments.subscriptionId,
        isRenewal: processorPayments.isRenewal,
        transactionId: processorPayments.transactionId,
        createdAt: processorPayments.createdAt,
        updatedAt: processorPayments.updatedAt,
      })
      .from(processorPayments)
      .where(or(eq(processorPayments.payerId, userId), eq(processorPayments.payeeId, userId)))
      .orderBy(desc(processorPayments.createdAt)),
    db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)),
  ]);
  const [payoutAccount] = payoutAccountRows;
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
  const { hostedEvents, rsvps, invitations, tickets } = await collectEventData(db, userId);
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
    receivedMessages,
    notifications: ownNotifications,
    payments,
    processorPayments: cardPayments,
    payoutAccount: payoutAccount
      ? {
          accountId: payoutAccount.accountId,
          status: payoutStatusOf(payoutAccount),
          chargesEnabled: payoutAccount.chargesEnabled,
          payoutsEnabled: payoutAccount.payoutsEnabled,
          detailsSubmitted: payoutAccount.detailsSubmitted,
          disabledReason: payoutAccount.disabledReason,
          requirements: payoutAccount.requirements,
          createdAt: payoutAccount.createdAt,
          updatedAt: payoutAccount.updatedAt,
        }
      : null,
    unlocks: ownUnlocks,
    subscriptions: ownSubscriptions,
    checkins: ownCheckins,
    reviews: ownReviews,
    reviewReplies,
    coupons: ownCoupons,
    couponRedemptions: ownRedemptions,
    businesses: ownBusinesses,
    partnerships: ownPartnerships,
    reports: ownReports,
    sessions: ownSessions,
    pushDevices: devices,
    agreementAcceptances: acceptances,
    events: hostedEvents,
    eventRsvps: rsvps,
    eventInvitations: invitations,
    eventTickets: tickets,
  };
}

/**
 * The person's place in the waitlist of each event they are waitlisted for (1 = next), as the event page shows it
 * to them (events.repository `waitlistPositionOf`); null for any other answer.
 */
const waitlistPositionSql = sql<number | null>`case when ${eventRsvps.status} = 'waitlisted' then (select count(*)::int
  from ${eventRsvps} as ahead where ahead.event_id = ${eventRsvps.eventId} and ahead.status = 'waitlisted'
  and ahead.waitlist_order <= ${eventRsvps.waitlistOrder}) end`;

/**
 * The person's events: those they host or were asked to co-host (every field, and whether they accepted), their
 * answers to events (with the event's title and start, since the event may be someone else's, their place in the
 * waitlist and when they last answered), the invitations they received, and their tickets with the door admission
 * (`admittedAt`). A ticket's code admits its holder at the door: it is exported only while the ticket is valid, as
 * the person's own ticket page (GET /api/events/{id}/ticket) shows it then; a voided ticket's code is null.
 */
async function collectEventData(db: Executor, userId: string) {
  const [hostedEvents, rsvps, invitations, tickets] = await Promise.all([
    db
      .select({
        event: events,
        isCreator: sql<boolean>`${events.creatorId} = ${userId}`,
        isAccepted: eventHosts.isAccepted,
      })
      .from(eventHosts)
      .innerJoin(events, eq(events.id, eventHosts.eventId))
      .where(eq(eventHosts.userId, userId))
      .orderBy(desc(events.startsAt))
      .then((rows) => rows.map(({ event, isCreator, isAccepted }) => ({ ...event, isCreator, isAccepted }))),
    db
      .select({
        eventId: eventRsvps.eventId,
        eventTitle: events.title,
        eventStartsAt: events.startsAt,
        status: eventRsvps.status,
        waitlistPosition: waitlistPositionSql,
        answeredAt: eventRsvps.updatedAt,
        createdAt: eventRsvps.createdAt,
        updatedAt: eventRsvps.updatedAt,
      })
      .from(eventRsvps)
      .innerJoin(events, eq(events.id, eventRsvps.eventId))
      .where(eq(eventRsvps.userId, userId))
      .orderBy(desc(events.startsAt)),
    db.select().from(eventInvitations).where(eq(eventInvitations.userId, userId)),
    db
      .select({
        id: eventTickets.id,
        eventId: eventTickets.eventId,
        eventTitle: events.title,
        eventStartsAt: events.startsAt,
        code: sql<string | null>`case when ${eventTickets.voidedAt} is null then ${eventTickets.code} end`,
        priceCents: eventTickets.priceCents,
        transactionId: eventTickets.transactionId,
        paymentId: eventTickets.paymentId,
        admittedAt: eventTickets.admittedAt,
        voidedAt: eventTickets.voidedAt,
        refundDue: eventTickets.refundDue,
        refundedAt: eventTickets.refundedAt,
        createdAt: eventTickets.createdAt,
      })
      .from(eventTickets)
      .innerJoin(events, eq(events.id, eventTickets.eventId))
      .where(eq(eventTickets.userId, userId))
      .orderBy(desc(eventTickets.createdAt)),
  ]);
  return { hostedEvents, rsvps, invitations, tickets };
}
