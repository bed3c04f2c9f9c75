import { checkInBody } from "@plaza/contracts/businesses";
import { reviewReplyBody } from "@plaza/contracts/checkins";
import { sendMessageBody } from "@plaza/contracts/messaging";
import { tipBody } from "@plaza/contracts/payments";
import { checkIn, readVisitCode, replyToReview } from "../businesses/businesses.service";
import { redeemCoupon } from "../coupons/coupon-redemptions.service";
import { markCodeUsed } from "../coupons/coupons.service";
import { markConversationRead, sendMessage } from "../messaging/messaging.service";
import { readAllNotifications } from "../notifications/notifications.service";
import { sendTip } from "../payments/payments.service";
import { createReport } from "../reports/reports.service";
import { postId } from "./demo-plan-posts";
import { type DemoTownSeeder, HOUR_MS, MINUTE_MS, type PlannedPost, positionAt, silentLog } from "./demo-seeder";
import {
  DEMO_BUSINESSES,
  DEMO_CONVERSATIONS,
  DEMO_OWNER_REPLIES,
  DEMO_PEOPLE,
  DEMO_SEED,
  type DemoBusiness,
  TIP_MESSAGES,
} from "./demo-town";
import { Random } from "./random";

/** The demo town's tips, check-ins, conversations, reports and notification reads, planned as events. */

export function planTips(seeder: DemoTownSeeder): void {
  const givers = DEMO_PEOPLE.filter((person) => person.role === "regular" || person.role === "creator");
  const receivers = DEMO_PEOPLE.filter((person) => person.role === "creator");
  for (let index = 0; index < 30; index += 1) {
    const giver = index === 0 ? "jess_h" : seeder.random.pick(givers).username;
    const receiver = index === 0 ? "maya_shoots" : seeder.random.pick(receivers).username;
    if (giver === receiver) continue;
    const amount = seeder.random.pick([2, 3, 5, 5, 10, 15, 20]);
    const message = seeder.random.pick(TIP_MESSAGES);
    const at = seeder.daytime(28, 0.2);
    seeder.schedule(at, ["notifications", "ledger_accounts"], async () => {
      const body = tipBody.parse({
        receiverId: seeder.user(receiver).id,
        amount,
        ...(message ? { message } : {}),
      });
      await sendTip(seeder.context, seeder.user(giver), body, null);
      seeder.counts.tips += 1;
    });
  }
}

export function planCheckins(seeder: DemoTownSeeder): void {
  const visitors = DEMO_PEOPLE.filter((person) => person.role === "regular" || person.role === "creator");
  // Its own draws, so the rest of the town stays the same: which written reviews the owner answers, and how.
  const replies = new Random(DEMO_SEED + 90_001);
  const reviewIds = new Map<string, string>();
  for (const visitor of visitors) {
    const places = seeder.random.sample(DEMO_BUSINESSES, seeder.random.int(2, 4));
    if (visitor.username === "jess_h") places.push(DEMO_BUSINESSES[3] as DemoBusiness);
    for (const business of new Set(places)) {
      const days = seeder.random.sample(
        Array.from({ length: 29 }, (_, day) => day + 1),
        seeder.random.int(1, 2),
      );
      days.forEach((daysAgo, visitIndex) => {
        const at = seeder.daytime(daysAgo, daysAgo);
        const withReview = visitIndex === 0 && seeder.random.chance(0.65);
        const rating = withReview ? seeder.random.pick([3, 4, 4, 5, 5, 5]) : undefined;
        const review = withReview && seeder.random.chance(0.8) ? seeder.random.pick(business.reviews) : undefined;
        const redeems = visitIndex === 0 && seeder.random.chance(0.5);
        const couponIndex = seeder.random.int(0, business.coupons.length - 1);
        const markedUsed = seeder.random.chance(0.6);
        const reply =
          review !== undefined && replies.chance(0.45)
            ? { at: at + replies.int(2, 20) * HOUR_MS, text: replies.pick(DEMO_OWNER_REPLIES) }
            : null;
        const reviewKey = `${visitor.username}:${business.owner}:${daysAgo}`;
        seeder.schedule(at, ["notifications", "ledger_accounts"], async () => {
          const businessId = seeder.businessIds.get(business.owner);
          if (!businessId) throw new Error(`demo business ${business.name} does not exist yet`);
          const owner = seeder.user(business.owner);
          const { code } = await readVisitCode(seeder.context, owner, businessId);
          // Standing at the counter: a few metres from the business.
          const position = positionAt([business.offset[0] + 8, business.offset[1] - 5]);
          const body = checkInBody.parse({ ...position, visitCode: code, rating, review });
          const checkin = await checkIn(seeder.context, seeder.user(visitor.username), businessId, body);
          reviewIds.set(reviewKey, checkin.id);
          seeder.counts.checkins += 1;
          if (rating !== undefined) seeder.counts.reviews += 1;
          if (!redeems) return;
          const couponId = seeder.couponIds.get(business.owner)?.[couponIndex];
          if (!couponId) return;
          const redemption = await redeemCoupon(seeder.context, seeder.user(visitor.username), couponId);
          seeder.counts.redemptions += 1;
          if (markedUsed) await markCodeUsed(seeder.context, owner, { code: redemption.code });
        });
        if (reply) {
          seeder.schedule(reply.at, ["notifications"], async () => {
            const reviewId = reviewIds.get(reviewKey);
            if (!reviewId) return;
            const text = reply.text.replace("{name}", visitor.firstName);
            await replyToReview(seeder.context, seeder.user(business.owner), reviewId, reviewReplyBody.parse({ text }));
            seeder.counts.reviewReplies += 1;
          });
        }
      });
    }
  }
}

export function planConversations(seeder: DemoTownSeeder): void {
  DEMO_CONVERSATIONS.forEach((conversation, index) => {
    const [first, second] = conversation.between;
    // The featured regular's conversations are the most recent ones.
    const isFeatured = conversation.between.includes("jess_h");
    let at = isFeatured ? seeder.daytime(3, 0.3) : seeder.daytime(20, 1);
    const key = `${index}`;
    conversation.lines.forEach((content, line) => {
      const sender = line % 2 === 0 ? first : second;
      const recipient = line % 2 === 0 ? second : first;
      const isLast = line === conversation.lines.length - 1;
      seeder.schedule(at, ["notifications"], async () => {
        const body = sendMessageBody.parse({ recipientId: seeder.user(recipient).id, content });
        const message = await sendMessage(seeder.context, seeder.user(sender), body, silentLog);
        if (line === 0) seeder.counts.conversations += 1;
        seeder.counts.messages += 1;
        seeder.conversationIds.set(key, message.conversationId);
      });
      // Replies come after the other person read; the featured regular keeps the last one unread.
      const readAt = at + seeder.random.int(2, 40) * MINUTE_MS;
      if (!(isLast && recipient === "jess_h")) {
        seeder.schedule(readAt, [], async () => {
          const conversationId = seeder.conversationIds.get(key);
          if (conversationId)
            await markConversationRead(seeder.context, seeder.user(recipient).id, conversationId, silentLog);
        });
      }
      at = readAt + seeder.random.int(1, 90) * MINUTE_MS;
    });
  });
}

export function planReports(seeder: DemoTownSeeder, posts: PlannedPost[]): void {
  const targets = posts.filter((post) => post.postType === "free" && post.author !== "town_admin").slice(-40);
  const reports = [
    { reporter: "tom_baker", reason: "Looks like an advert for a business outside town" },
    { reporter: "megan_f", reason: "Spoiler for the book club pick in the comments" },
    { reporter: "pete_l", reason: "Photo may show a private driveway" },
  ];
  reports.forEach((report, index) => {
    const post = targets[index * 7];
    if (!post || post.author === report.reporter) return;
    const at = Math.max(post.at + 3 * HOUR_MS, seeder.end - (index + 1) * 7 * HOUR_MS);
    seeder.schedule(at, ["reports"], async () => {
      await createReport(seeder.context, seeder.user(report.reporter).id, {
        targetType: "post",
        targetId: postId(seeder, post),
        reason: report.reason,
      });
      seeder.counts.reports += 1;
    });
  });
}

/** People read their notifications now and then: everything older than a couple of days is read. */
export function planNotificationReads(seeder: DemoTownSeeder): void {
  for (const person of DEMO_PEOPLE) {
    seeder.schedule(seeder.end - seeder.random.int(40, 60) * HOUR_MS, [], async () => {
      await readAllNotifications(seeder.context, seeder.user(person.username).id);
    });
  }
}
