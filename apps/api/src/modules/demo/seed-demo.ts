import { hash } from "@node-rs/argon2";
import { checkInBody, createBusinessBody } from "@plaza/contracts/businesses";
import { createCouponBody } from "@plaza/contracts/coupons";
import type { DemoAccountsView, DemoAccountView } from "@plaza/contracts/demo";
import { DEMO_EMAIL_DOMAIN } from "@plaza/contracts/demo";
import { sendMessageBody } from "@plaza/contracts/messaging";
import { ppvUnlockBody, subscribeBody, subscriptionPriceBody, tipBody } from "@plaza/contracts/payments";
import { createCommentBody, createPostBody } from "@plaza/contracts/posts";
import { DEFAULT_PREFERENCES, profileFormBody } from "@plaza/contracts/users";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../app-context";
import type { Database, Executor, Transaction } from "../../db/client";
import { adminLogs } from "../../db/schema/admin";
import type { UserRow } from "../../db/schema/users";
import { users } from "../../db/schema/users";
import { BackgroundTasks } from "../../lib/background-tasks";
import { ManualClock } from "../../lib/clock";
import { InProcessLiveEvents } from "../../lib/live-events";
import { MemoryRateLimiter } from "../../lib/rate-limiter";
import { insertAdminLog } from "../admin/admin.repository";
import { acceptAgreement, ensureActiveAgreement } from "../agreements/agreements.service";
import { insertUser } from "../auth/auth.repository";
import { checkIn, createBusiness, editBusiness, readVisitCode } from "../businesses/businesses.service";
import { createCoupon, markCodeUsed, redeemCoupon } from "../coupons/coupons.service";
import { approveFollowRequest, followUser } from "../follows/follows.service";
import { markConversationRead, sendMessage } from "../messaging/messaging.service";
import { readAllNotifications } from "../notifications/notifications.service";
import { answerInvitation, invitePartner } from "../partnerships/partnerships.service";
import { sendTip, setSubscriptionPrice, subscribe, unlockPost } from "../payments/payments.service";
import { addComment, createPost, likePost } from "../posts/posts.service";
import { createReport } from "../reports/reports.service";
import { createUploadUrl, receiveUpload } from "../uploads/uploads.service";
import { updateProfile, updateProfilePhoto } from "../users/users.service";
import { avatarSvg, postImageSvg } from "./demo-images";
import {
  COMMENT_TEXTS,
  DEMO_BUSINESSES,
  DEMO_CONVERSATIONS,
  DEMO_HISTORY_DAYS,
  DEMO_PASSWORD,
  DEMO_PEOPLE,
  DEMO_SEED,
  DEMO_SUPERUSER_EMAIL,
  DEMO_TOWN,
  type DemoBusiness,
  type DemoGalleryPicture,
  type DemoPerson,
  FEATURED_USERNAMES,
  POST_TOPICS,
  type PostCategory,
  TIP_MESSAGES,
} from "./demo-town";
import { generateDemoVideo } from "./demo-video";
import { Random } from "./random";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The admin-log line that marks a database as holding the demo town (written once, with the town). */
export const DEMO_MARKER_ACTION = "demo_town.seeded";

export const demoEmail = (username: string) =>
  username === "town_admin" ? DEMO_SUPERUSER_EMAIL : `${username.replaceAll("_", ".")}@${DEMO_EMAIL_DOMAIN}`;

export interface DemoTownSummary {
  people: number;
  businesses: number;
  coupons: number;
  posts: number;
  images: number;
  /** Processed videos (one where ffmpeg is present, none without it). */
  videos: number;
  follows: number;
  followRequests: number;
  likes: number;
  comments: number;
  checkins: number;
  reviews: number;
  redemptions: number;
  tips: number;
  unlocks: number;
  subscriptions: number;
  conversations: number;
  messages: number;
  reports: number;
  durationMs: number;
}

export type DemoTownStatus =
  | { state: "seeded"; summary: DemoTownSummary }
  | { state: "present" }
  | { state: "not-empty" };

/** Tables whose created_at the services leave to the database default; the seeder dates their new rows. */
type DatedTable = "notifications" | "uploads" | "reports" | "ledger_accounts";

interface PlannedEvent {
  at: number;
  order: number;
  dates: DatedTable[];
  run: () => Promise<void>;
}

const silentLog = { warn: () => undefined };

/** Whether this database holds the demo town. */
export async function hasDemoTown(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: adminLogs.id })
    .from(adminLogs)
    .where(eq(adminLogs.action, DEMO_MARKER_ACTION))
    .limit(1);
  return row !== undefined;
}

/**
 * Creates the demo town once: only into an empty database (no account yet) and only if it is not there already.
 * Everything happens in one transaction with the marker, so a crash leaves an empty database, never half a town,
 * and a second process waiting on the lock finds the marker.
 */
export async function ensureDemoTown(context: AppContext, options: { now?: Date } = {}): Promise<DemoTownStatus> {
  const startedAt = performance.now();
  const now = options.now ?? context.clock.now();
  // Hashed before the transaction opens: every demo account shares the one demo password.
  const passwordHash = await hash(DEMO_PASSWORD);
  return context.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('plaza:demo-town', 0))`);
    if (await hasDemoTown(tx)) return { state: "present" } as const;
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) return { state: "not-empty" } as const;
    const summary = await new DemoTownSeeder(context, tx, now, passwordHash).run();
    const superuser = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_SUPERUSER_EMAIL));
    await insertAdminLog(tx, {
      action: DEMO_MARKER_ACTION,
      targetType: "system",
      targetId: "demo-town",
      adminUserId: superuser[0]?.id ?? "",
      details: { town: DEMO_TOWN.city, seed: DEMO_SEED, people: summary.people, posts: summary.posts },
      createdAt: now,
    });
    return { state: "seeded", summary: { ...summary, durationMs: Math.round(performance.now() - startedAt) } } as const;
  });
}

/** The accounts the sign-in page offers (seed data, no database read). */
export function demoAccounts(): DemoAccountsView {
  const accounts: DemoAccountView[] = FEATURED_USERNAMES.map((username) => {
    const person = DEMO_PEOPLE.find((candidate) => candidate.username === username);
    if (!person) throw new Error(`featured demo account ${username} is not in the town`);
    const business = DEMO_BUSINESSES.find((candidate) => candidate.owner === username);
    return {
      email: demoEmail(username),
      username,
      name: `${person.firstName} ${person.lastName}`,
      role: person.role,
      description:
        person.featured ??
        (business ? `Business owner: ${business.name}, its dashboard, coupons and visit code` : "Demo account"),
    };
  });
  return { town: `${DEMO_TOWN.city}, ${DEMO_TOWN.state}`, password: DEMO_PASSWORD, accounts };
}

/** The lines printed at start-up once the demo town is there. */
export function demoBanner(baseUrl: string): string {
  const { accounts, password, town } = demoAccounts();
  const width = Math.max(...accounts.map((account) => account.email.length));
  return [
    "",
    `Demo town: ${town} (DEMO_DATA=true). Open ${baseUrl} and sign in with password "${password}":`,
    ...accounts.map((account) => `  ${account.email.padEnd(width)}  ${account.role.padEnd(9)} ${account.name}`),
    `Superuser: ${DEMO_SUPERUSER_EMAIL} / ${password}`,
    "",
  ].join("\n");
}

function isPrivateAccount(username: string): boolean {
  return DEMO_PEOPLE.find((person) => person.username === username)?.accountVisibility === "private";
}

function initialsOf(person: DemoPerson): string {
  return `${person.firstName[0] ?? ""}${person.lastName[0] ?? ""}`.toUpperCase();
}

/** A point `east` and `north` metres from the town centre. */
function positionAt([east, north]: [number, number]) {
  const latitude = DEMO_TOWN.latitude + north / 111_320;
  const longitude = DEMO_TOWN.longitude + east / (111_320 * Math.cos((DEMO_TOWN.latitude * Math.PI) / 180));
  return { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
}

interface PlannedPost {
  key: number;
  author: string;
  at: number;
  title: string;
  content: string;
  category: PostCategory;
  tags: string[];
  postType: "free" | "ppv" | "subscriber";
  priceDollars: number | null;
  image: { caption: string; colors: [string, string] } | null;
  /** Describes the picture for people who cannot see it (alt text), when the post has one. */
  imageDescription: string | null;
  /** More pictures after the first (a carousel), each described by its caption. */
  gallery: DemoGalleryPicture[];
  position: { latitude: number; longitude: number };
}

/**
 * The seeding transaction as the services' database: their own transactions run directly in it instead of in
 * savepoints. Thousands of savepoints in one transaction overflow PostgreSQL's subtransaction cache and make every
 * read slow; here an error aborts the whole seed anyway, so a savepoint would buy nothing.
 */
function flatTransaction(tx: Transaction): Database {
  const flat: Database = new Proxy(tx as unknown as Database, {
    get(target, property) {
      if (property === "transaction") return async (run: (inner: Database) => Promise<unknown>) => run(flat);
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return flat;
}

/** Plans the town's history with a seeded generator, then plays it in time order through the services. */
class DemoTownSeeder {
  private readonly random = new Random(DEMO_SEED);
  private readonly clock: ManualClock;
  private readonly context: AppContext;
  private readonly events: PlannedEvent[] = [];
  private readonly start: number;
  private readonly end: number;
  private readonly people = new Map<string, UserRow>();
  private readonly businessIds = new Map<string, string>();
  private readonly couponIds = new Map<string, string[]>();
  /** Each demo partner creator's perk (a coupon id). */
  private readonly perkIds = new Map<string, string>();
  private readonly postIds = new Map<number, string>();
  /** The uploaded pictures of each planned post, in order. */
  private readonly imageUrls = new Map<number, string[]>();
  private readonly conversationIds = new Map<string, string>();
  private readonly counts: Omit<DemoTownSummary, "durationMs"> = {
    people: 0,
    businesses: 0,
    coupons: 0,
    posts: 0,
    images: 0,
    videos: 0,
    follows: 0,
    followRequests: 0,
    likes: 0,
    comments: 0,
    checkins: 0,
    reviews: 0,
    redemptions: 0,
    tips: 0,
    unlocks: 0,
    subscriptions: 0,
    conversations: 0,
    messages: 0,
    reports: 0,
  };
  /** Follows in plan order: who follows whom from when (approved requests count from approval). */
  private readonly followers = new Map<string, { username: string; at: number }[]>();
  private readonly subscribers = new Map<string, { username: string; at: number }[]>();

  constructor(
    context: AppContext,
    private readonly tx: Transaction,
    now: Date,
    private readonly passwordHash: string,
  ) {
    this.end = now.getTime();
    this.start = this.end - DEMO_HISTORY_DAYS * DAY_MS;
    this.clock = new ManualClock(new Date(this.start));
    // The services run inside the seeding transaction, on the town's own clock (its past), with their own limits.
    this.context = {
      ...context,
      db: flatTransaction(tx),
      clock: this.clock,
      rateLimiter: new MemoryRateLimiter(this.clock),
      liveEvents: new InProcessLiveEvents(),
      redis: null,
      // The town's own: the seeder waits for what an upload starts (the video job) before it goes on.
      background: new BackgroundTasks(context.background.log),
    };
  }

  async run(): Promise<Omit<DemoTownSummary, "durationMs">> {
    this.planAccounts();
    this.planBusinesses();
    this.planFollows();
    this.planSubscriptions();
    this.planPartnerships();
    const posts = this.planPosts();
    this.planReactions(posts);
    this.planTips();
    this.planCheckins();
    this.planConversations();
    this.planReports(posts);
    this.planNotificationReads();
    // Made by ffmpeg while the town is planned and played; the post that shows it waits for it.
    const video = generateDemoVideo({ ffmpeg: this.context.env.FFMPEG_PATH, ffprobe: this.context.env.FFPROBE_PATH });
    video.catch(() => undefined);
    this.planVideoPost(video);
    this.events.sort((a, b) => a.at - b.at || a.order - b.order);
    // New rows are dated in batches: at most half an hour late, never before the event that made them.
    const pending = new Set<DatedTable>();
    let batchStart = this.start;
    let previous = this.start;
    const imagesAt = Math.min(...posts.map((post) => post.at));
    let hasImages = false;
    for (const event of this.events) {
      if (!hasImages && event.at >= imagesAt) {
        await this.uploadPostImages(posts);
        hasImages = true;
      }
      if (pending.size > 0 && event.at - batchStart > 30 * MINUTE_MS) {
        await this.dateNewRows([...pending], new Date(previous));
        pending.clear();
      }
      if (pending.size === 0) batchStart = event.at;
      this.clock.advance(Math.max(0, event.at - this.clock.now().getTime()));
      await event.run();
      for (const table of event.dates) pending.add(table);
      previous = event.at;
    }
    await this.dateNewRows([...pending], new Date(previous));
    return this.counts;
  }

  private schedule(at: number, dates: DatedTable[], run: () => Promise<void>): void {
    this.events.push({ at: Math.min(at, this.end - MINUTE_MS), order: this.events.length, dates, run });
  }

  /**
   * Rows whose created_at is the database default carry the transaction's start time (now()); they are the rows
   * the event just made, so they get the event's time, in the same transaction.
   */
  private async dateNewRows(tables: DatedTable[], at: Date): Promise<void> {
    for (const table of tables) {
      await this.tx.execute(sql`update ${sql.identifier(table)} set created_at = ${at} where created_at = now()`);
    }
  }

  private user(username: string): UserRow {
    const row = this.people.get(username);
    if (!row) throw new Error(`demo account ${username} does not exist yet`);
    return row;
  }

  /** A moment in the town's daytime (07:00-22:00 local) between `fromDaysAgo` and `toDaysAgo`. */
  private daytime(fromDaysAgo: number, toDaysAgo: number): number {
    const offset = DEMO_TOWN.utcOffsetHours * HOUR_MS;
    const localMidnightToday = Math.floor((this.end + offset) / DAY_MS) * DAY_MS - offset;
    const daysAgo = this.random.int(Math.floor(toDaysAgo), Math.floor(fromDaysAgo));
    const minute = this.random.int(7 * 60, 22 * 60);
    const at = localMidnightToday - daysAgo * DAY_MS + minute * MINUTE_MS;
    const latest = this.end - toDaysAgo * DAY_MS;
    return at > latest ? latest - this.random.int(5, 90) * MINUTE_MS : at;
  }

  private async upload(ownerId: string, svg: Buffer): Promise<string> {
    const ticket = await createUploadUrl(this.context, ownerId);
    const url = new URL(ticket.uploadURL, "http://plaza.local");
    const uploadId = url.pathname.split("/").at(-1) ?? "";
    const token = url.searchParams.get("token") ?? "";
    await receiveUpload(this.context, { uploadId, token, ownerId, body: svg });
    this.counts.images += 1;
    return ticket.objectUrl;
  }

  /**
   * Uploads the pictures of all posts before the first post, two at a time (encoding is the slow part and sharp
   * works off the main thread); each upload is dated a few minutes before its post.
   */
  private async uploadPostImages(posts: PlannedPost[]): Promise<void> {
    const queue = posts.filter((post) => post.image !== null);
    const worker = async () => {
      for (let post = queue.shift(); post; post = queue.shift()) {
        if (!post.image) continue;
        const author = this.user(post.author);
        const pictures = [{ caption: post.image.caption, isPortrait: false }, ...post.gallery];
        const urls: string[] = [];
        for (const [index, picture] of pictures.entries()) {
          const random = new Random(DEMO_SEED + post.key + index * 100_003);
          const svg = postImageSvg(random, post.image.colors, picture.caption, { isPortrait: picture.isPortrait });
          const objectUrl = await this.upload(author.id, svg);
          urls.push(objectUrl);
          const uploadId = objectUrl.split("/").at(-1)?.replace(".webp", "") ?? "";
          await this.tx.execute(
            sql`update uploads set created_at = ${new Date(post.at - 3 * MINUTE_MS)} where id = ${uploadId}`,
          );
        }
        this.imageUrls.set(post.key, urls);
      }
    };
    await Promise.all([worker(), worker()]);
  }

  private planAccounts(): void {
    DEMO_PEOPLE.forEach((person, index) => {
      const at = this.start + index * 17 * MINUTE_MS;
      this.schedule(at, ["uploads"], async () => {
        const created = await insertUser(this.context.db, {
          email: demoEmail(person.username),
          passwordHash: this.passwordHash,
          username: person.username,
          firstName: person.firstName,
          lastName: person.lastName,
          profileType: person.role === "creator" ? "creator" : person.role === "business" ? "business" : "personal",
          isSuperuser:
            person.role === "superuser" || this.context.env.SUPERUSER_EMAILS.includes(demoEmail(person.username)),
          preferences: DEFAULT_PREFERENCES,
          // Demo addresses cannot receive mail: the accounts start verified.
          emailVerifiedAt: new Date(at),
          createdAt: new Date(at),
          updatedAt: new Date(at),
        });
        this.counts.people += 1;
        const agreement = await ensureActiveAgreement(this.context.db, new Date(at));
        if (agreement) await acceptAgreement(this.context, created, agreement.id);
        const business = DEMO_BUSINESSES.find((candidate) => candidate.owner === person.username);
        const profile = profileFormBody.parse({
          firstName: person.firstName,
          lastName: person.lastName,
          username: person.username,
          bio: business ? business.description.slice(0, 160) : person.bio,
          accountVisibility: person.accountVisibility ?? "public",
          city: DEMO_TOWN.city,
          state: DEMO_TOWN.state,
          country: DEMO_TOWN.country,
          countryCode: DEMO_TOWN.countryCode,
          locationPrivacy: "city",
        });
        let row = await updateProfile(this.context, created, profile);
        const photo = await this.upload(row.id, avatarSvg(person.colors, initialsOf(person)));
        row = await updateProfilePhoto(this.context, row, photo);
        if (person.subscriptionPriceCents) {
          const price = subscriptionPriceBody.parse({ price: person.subscriptionPriceCents / 100 });
          await setSubscriptionPrice(this.context, row, price);
          row = { ...row, subscriptionPriceCents: person.subscriptionPriceCents };
        }
        this.people.set(person.username, row);
      });
    });
  }

  private planBusinesses(): void {
    DEMO_BUSINESSES.forEach((business, index) => {
      const at = this.start + DAY_MS + index * 3 * HOUR_MS;
      this.schedule(at, [], async () => {
        const owner = this.user(business.owner);
        const created = await createBusiness(
          this.context,
          owner,
          createBusinessBody.parse({
            name: business.name,
            category: business.category,
            description: business.description,
            address: business.address,
            phone: business.phone,
            website: business.website,
            priceRange: business.priceRange,
            ...positionAt(business.offset),
          }),
        );
        this.businessIds.set(business.owner, created.id);
        this.counts.businesses += 1;
        const couponIds: string[] = [];
        for (const coupon of business.coupons) {
          const row = await createCoupon(
            this.context,
            owner,
            createCouponBody.parse({ businessId: created.id, ...coupon }),
          );
          couponIds.push(row.id);
          this.counts.coupons += 1;
        }
        this.couponIds.set(business.owner, couponIds);
        await editBusiness(this.context, owner, created.id, { isPublished: true });
      });
    });
  }

  private follow(follower: string, target: string, at: number, targetPerson: DemoPerson | undefined): void {
    const isPrivate = targetPerson?.accountVisibility === "private" && follower !== "town_admin";
    const approvedAt = isPrivate ? (this.random.chance(0.75) ? at + this.random.int(30, 600) * MINUTE_MS : null) : at;
    this.schedule(at, ["notifications"], async () => {
      const status = await followUser(this.context, this.user(follower), this.user(target).id);
      if (status.isFollowing) this.counts.follows += 1;
      else this.counts.followRequests += 1;
    });
    if (isPrivate && approvedAt !== null) {
      this.schedule(approvedAt, ["notifications"], async () => {
        await approveFollowRequest(this.context, this.user(target), this.user(follower).id);
        this.counts.follows += 1;
        this.counts.followRequests -= 1;
      });
    }
    if (approvedAt !== null) {
      const list = this.followers.get(target) ?? [];
      list.push({ username: follower, at: approvedAt });
      this.followers.set(target, list);
    }
  }

  private planFollows(): void {
    const byRole = (role: DemoPerson["role"]) => DEMO_PEOPLE.filter((person) => person.role === role);
    const creators = byRole("creator");
    const owners = byRole("business");
    const regulars = byRole("regular");
    for (const person of DEMO_PEOPLE) {
      let targets: DemoPerson[];
      if (person.role === "regular") {
        targets = [
          ...this.random.sample(creators, this.random.int(3, 5)),
          ...this.random.sample(owners, this.random.int(2, 5)),
          ...this.random.sample(regulars, this.random.int(2, 4)),
        ];
      } else if (person.role === "creator") {
        targets = [
          ...this.random.sample(creators, this.random.int(2, 4)),
          ...this.random.sample(regulars, this.random.int(1, 3)),
          ...this.random.sample(owners, this.random.int(1, 3)),
        ];
      } else if (person.role === "business") {
        targets = [...this.random.sample(owners, this.random.int(1, 3)), ...this.random.sample(creators, 1)];
      } else {
        targets = this.random.sample([...creators, ...owners], 6);
      }
      // The featured regular follows every creator, so their feed shows the whole range of posts.
      if (person.username === "jess_h") targets = [...creators, ...this.random.sample(owners, 8), ...targets];
      const seen = new Set<string>();
      for (const target of targets) {
        if (target.username === person.username || seen.has(target.username)) continue;
        seen.add(target.username);
        this.follow(person.username, target.username, this.start + (2 + this.random.next() * 24) * DAY_MS, target);
      }
    }
  }

  private planSubscriptions(): void {
    const creators = DEMO_PEOPLE.filter((person) => person.role === "creator");
    const fans = DEMO_PEOPLE.filter((person) => person.role === "regular" || person.role === "creator");
    for (const fan of fans) {
      const others = creators.filter((creator) => creator.username !== fan.username);
      const chosen =
        fan.username === "jess_h"
          ? [creators[0] as DemoPerson, ...this.random.sample(others.slice(1), 1)]
          : this.random.sample(others, this.random.int(0, 2));
      for (const creator of chosen) {
        // Within the last four weeks, so every subscription is in its first paid month.
        const at = this.end - (12 + this.random.next() * 15) * DAY_MS;
        const list = this.subscribers.get(creator.username) ?? [];
        list.push({ username: fan.username, at });
        this.subscribers.set(creator.username, list);
        this.schedule(at, ["notifications", "ledger_accounts"], async () => {
          const body = subscribeBody.parse({ creatorId: this.user(creator.username).id });
          await subscribe(this.context, this.user(fan.username), body, null);
          this.counts.subscriptions += 1;
        });
      }
    }
  }

  /**
   * Two partnerships with perks (docs/PRODUCT.md "Partnerships"): Ground Up Coffee and Maya, Gorge Outfitters and
   * Kai. Maya attaches her perk to a post, and Jess (Maya's subscriber) redeems it after a check-in.
   */
  private planPartnerships(): void {
    const pairs = [
      {
        owner: "ground_up_coffee",
        creator: "maya_shoots",
        perk: { title: "15% off for Maya's subscribers", discountType: "percentage", discountValue: 15 },
      },
      {
        owner: "gorge_outfitters",
        creator: "kitesurf_kai",
        perk: { title: "$10 off a kite lesson for Kai's subscribers", discountType: "fixed", discountValue: 10 },
      },
    ] as const;
    pairs.forEach((pair, index) => {
      const invitedAt = this.end - (9 - index) * DAY_MS;
      this.schedule(invitedAt, ["notifications"], async () => {
        const businessId = this.businessIds.get(pair.owner);
        if (!businessId) throw new Error(`demo business of ${pair.owner} does not exist yet`);
        const owner = this.user(pair.owner);
        const creator = this.user(pair.creator);
        const invited = await invitePartner(this.context, owner, { businessId, creatorId: creator.id });
        this.clock.advance(3 * 60 * MINUTE_MS);
        await answerInvitation(this.context, creator, invited.id, "accepted");
        const perk = await createCoupon(
          this.context,
          owner,
          createCouponBody.parse({ businessId, ...pair.perk, maxRedemptions: 50, partnerCreatorId: creator.id }),
        );
        this.perkIds.set(pair.creator, perk.id);
        this.counts.coupons += 1;
      });
    });
    this.schedule(this.end - 6 * DAY_MS, [], async () => {
      const perkCouponId = this.perkIds.get("maya_shoots");
      const body = createPostBody.parse({
        title: "Coffee's on Ground Up",
        content: "Subscribers: show this at Ground Up Coffee for 15% off. Thanks for keeping my film stocked!",
        tags: ["coffee", "perks"],
        perkCouponId,
      });
      await createPost(this.context, this.user("maya_shoots"), body);
      this.counts.posts += 1;
    });
    const jessAt = this.daytime(2, 2);
    this.schedule(jessAt, ["notifications"], async () => {
      const business = DEMO_BUSINESSES.find((candidate) => candidate.owner === "ground_up_coffee");
      const businessId = this.businessIds.get("ground_up_coffee");
      const perkId = this.perkIds.get("maya_shoots");
      if (!business || !businessId || !perkId) throw new Error("the demo perk does not exist yet");
      const { code } = await readVisitCode(this.context, this.user("ground_up_coffee"), businessId);
      const position = positionAt([business.offset[0] + 8, business.offset[1] - 5]);
      await checkIn(this.context, this.user("jess_h"), businessId, checkInBody.parse({ ...position, visitCode: code }));
      this.counts.checkins += 1;
      await redeemCoupon(this.context, this.user("jess_h"), perkId);
      this.counts.redemptions += 1;
    });
  }

  private planPosts(): PlannedPost[] {
    const topicCursor = new Map<string, number>();
    const planned: PlannedPost[] = [];
    const takeFrom = (topic: string) => {
      const entries = POST_TOPICS[topic]?.posts ?? [];
      const index = topicCursor.get(topic) ?? 0;
      if (index >= entries.length) return null;
      topicCursor.set(topic, index + 1);
      return entries[index] ?? null;
    };
    for (const person of DEMO_PEOPLE) {
      const business = DEMO_BUSINESSES.find((candidate) => candidate.owner === person.username);
      const count =
        person.role === "creator" ? 12 : person.role === "business" ? 3 : person.role === "superuser" ? 2 : 3;
      const businessTemplates = this.random.sample(POST_TOPICS.business?.posts ?? [], 3);
      for (let index = 0; index < count; index += 1) {
        let entry: {
          title: string;
          content: string;
          caption: string;
          category: PostCategory;
          tags: string[];
          gallery?: DemoGalleryPicture[];
        };
        if (business) {
          const template = businessTemplates[index % businessTemplates.length];
          if (!template) break;
          const fill = (text: string) => text.replaceAll("{name}", business.name);
          entry = {
            title: fill(template.title),
            content: `${fill(template.content)} ${business.address.split(",")[0]}.`,
            caption: fill(template.caption),
            category: "business",
            tags: ["shoplocal", business.category],
          };
        } else {
          const topics = person.role === "regular" && index === 0 ? ["visit", ...person.topics] : person.topics;
          let found: (typeof entry & object) | null = null;
          for (const topic of [...topics, "community", "events", "outdoors"]) {
            if (topic === "visit") {
              found = this.visitPost();
              break;
            }
            const taken = takeFrom(topic);
            const definition = POST_TOPICS[topic];
            if (taken && definition) {
              found = { ...taken, category: definition.category, tags: definition.tags };
              break;
            }
          }
          if (!found) found = this.visitPost();
          entry = found;
        }
        const isCreator = person.role === "creator";
        const roll = this.random.next();
        const postType: PlannedPost["postType"] =
          isCreator && roll < 0.2 ? "ppv" : isCreator && roll < 0.4 ? "subscriber" : "free";
        // Subscriber posts come after the first subscriptions, so subscribers have something to see.
        const at = postType === "subscriber" ? this.daytime(11, 0.1) : this.daytime(30, 0.1);
        // A gallery post always has its pictures (the chance is still drawn, so the rest of the town stays the same).
        const hasImage =
          this.random.chance(isCreator ? 0.7 : business ? 0.6 : 0.3) ||
          person.role === "superuser" ||
          entry.gallery !== undefined;
        const colors = person.colors;
        const position = business
          ? positionAt(business.offset)
          : positionAt([this.random.int(-1500, 1500), this.random.int(-1500, 1500)]);
        planned.push({
          key: planned.length,
          author: person.username,
          at,
          title: entry.title,
          content: entry.content,
          category: entry.category,
          tags: entry.tags,
          postType,
          priceDollars: postType === "ppv" ? this.random.pick([2.99, 3.99, 4.99, 6.99]) : null,
          image: hasImage ? { caption: entry.caption, colors } : null,
          imageDescription: hasImage ? `${entry.caption}: ${entry.title.toLowerCase()}, in ${DEMO_TOWN.city}` : null,
          gallery: hasImage ? (entry.gallery ?? []) : [],
          position,
        });
      }
    }
    for (const post of planned) this.schedulePost(post);
    return planned;
  }

  private visitPost() {
    const business: DemoBusiness = this.random.pick(DEMO_BUSINESSES);
    const review = this.random.pick(business.reviews);
    const opener = this.random.pick(["Morning at", "Lunch break at", "Found a new favourite:", "Can't stop going to"]);
    return {
      title: `${opener} ${business.name}`,
      content: `${review} Checked in with the code at the counter, coupon unlocked.`,
      caption: business.name,
      category: (business.category === "restaurant" || business.category === "cafe"
        ? "food"
        : "lifestyle") as PostCategory,
      tags: ["shoplocal", business.category],
    };
  }

  private schedulePost(post: PlannedPost): void {
    this.schedule(post.at, [], async () => {
      const author = this.user(post.author);
      const imageUrls = this.imageUrls.get(post.key) ?? [];
      const media = imageUrls.map((url, index) => ({
        url,
        alt: index === 0 ? post.imageDescription : (post.gallery[index - 1]?.caption ?? null),
      }));
      const body = createPostBody.parse({
        title: post.title,
        content: post.content,
        postType: post.postType,
        price: post.priceDollars,
        category: post.category,
        tags: post.tags,
        media,
        location: {
          city: DEMO_TOWN.city,
          state: DEMO_TOWN.state,
          country: DEMO_TOWN.country,
          countryCode: DEMO_TOWN.countryCode,
          ...post.position,
        },
      });
      const created = await createPost(this.context, author, body);
      this.postIds.set(post.key, created.id);
      this.counts.posts += 1;
    });
  }

  private postId(post: PlannedPost): string {
    const id = this.postIds.get(post.key);
    if (!id) throw new Error(`demo post ${post.key} does not exist yet`);
    return id;
  }

  /** Who can see the post at a moment: followers (public authors also strangers), subscribers, or buyers. */
  private audience(post: PlannedPost, at: number): string[] {
    const followers = this.followersAt(post.author, at);
    if (post.postType === "subscriber") return this.subscribersAt(post.author, at);
    if (isPrivateAccount(post.author)) return followers;
    const strangers = this.random
      .sample(DEMO_PEOPLE, 4)
      .map((person) => person.username)
      .filter((username) => username !== post.author && !followers.includes(username));
    return [...followers, ...strangers];
  }

  /**
   * Whether `username` may see the post at `at`, the rule the services apply when the reaction is made: a subscriber
   * post needs a subscription and a private author's post a follow, both from before that moment. Reactions are
   * planned at random moments after the post, so each is checked at its own moment, whatever time of day the town
   * is seeded at.
   */
  private canSee(post: PlannedPost, username: string, at: number): boolean {
    if (post.postType === "subscriber") return this.subscribersAt(post.author, at).includes(username);
    if (isPrivateAccount(post.author)) return this.followersAt(post.author, at).includes(username);
    return true;
  }

  private followersAt(author: string, at: number): string[] {
    return (this.followers.get(author) ?? []).filter((entry) => entry.at < at).map((entry) => entry.username);
  }

  private subscribersAt(author: string, at: number): string[] {
    return (this.subscribers.get(author) ?? []).filter((entry) => entry.at < at).map((entry) => entry.username);
  }

  private planReactions(posts: PlannedPost[]): void {
    for (const post of posts) {
      const isCreator = DEMO_PEOPLE.find((person) => person.username === post.author)?.role === "creator";
      let likers: { username: string; at: number }[];
      if (post.postType === "ppv" && post.priceDollars) {
        const price = post.priceDollars;
        const buyers = this.random
          .sample(
            DEMO_PEOPLE.filter((person) => person.username !== post.author && person.role !== "business"),
            this.random.int(1, 4),
          )
          .map((person) => ({ username: person.username, at: post.at + this.random.int(20, 2 * 24 * 60) * MINUTE_MS }));
        if (post.author === "maya_shoots" && !buyers.some((buyer) => buyer.username === "jess_h")) {
          buyers.push({ username: "jess_h", at: post.at + this.random.int(30, 600) * MINUTE_MS });
        }
        for (const buyer of buyers) {
          this.schedule(buyer.at, ["notifications", "ledger_accounts"], async () => {
            const body = ppvUnlockBody.parse({ postId: this.postId(post), amount: price });
            await unlockPost(this.context, this.user(buyer.username), body, null);
            this.counts.unlocks += 1;
          });
        }
        likers = buyers
          .filter(() => this.random.chance(0.5))
          .map((buyer) => ({ username: buyer.username, at: buyer.at + 5 * MINUTE_MS }));
      } else {
        const lastMoment = post.at + 36 * HOUR_MS;
        const audience = this.audience(post, lastMoment).filter((username) => username !== post.author);
        const count = isCreator ? this.random.int(2, 6) : this.random.int(0, 3);
        likers = this.random
          .sample(audience, count)
          .map((username) => ({ username, at: post.at + this.random.int(10, 36 * 60) * MINUTE_MS }));
        // Only people who could see the post when they liked it.
        likers = likers.filter((liker) => this.canSee(post, liker.username, liker.at));
        if (post.postType === "free" && this.random.chance(0.4)) {
          for (const commenter of this.random.sample(audience, this.random.int(1, 2))) {
            const at = post.at + this.random.int(15, 24 * 60) * MINUTE_MS;
            const content = this.random.pick(COMMENT_TEXTS);
            if (!this.canSee(post, commenter, at)) continue;
            this.schedule(at, ["notifications"], async () => {
              await addComment(
                this.context,
                this.user(commenter),
                this.postId(post),
                createCommentBody.parse({ content }),
              );
              this.counts.comments += 1;
            });
          }
        }
      }
      for (const liker of likers) {
        this.schedule(liker.at, ["notifications"], async () => {
          await likePost(this.context, this.user(liker.username), this.postId(post));
          this.counts.likes += 1;
        });
      }
    }
  }

  private planTips(): void {
    const givers = DEMO_PEOPLE.filter((person) => person.role === "regular" || person.role === "creator");
    const receivers = DEMO_PEOPLE.filter((person) => person.role === "creator");
    for (let index = 0; index < 30; index += 1) {
      const giver = index === 0 ? "jess_h" : this.random.pick(givers).username;
      const receiver = index === 0 ? "maya_shoots" : this.random.pick(receivers).username;
      if (giver === receiver) continue;
      const amount = this.random.pick([2, 3, 5, 5, 10, 15, 20]);
      const message = this.random.pick(TIP_MESSAGES);
      const at = this.daytime(28, 0.2);
      this.schedule(at, ["notifications", "ledger_accounts"], async () => {
        const body = tipBody.parse({
          receiverId: this.user(receiver).id,
          amount,
          ...(message ? { message } : {}),
        });
        await sendTip(this.context, this.user(giver), body, null);
        this.counts.tips += 1;
      });
    }
  }

  private planCheckins(): void {
    const visitors = DEMO_PEOPLE.filter((person) => person.role === "regular" || person.role === "creator");
    for (const visitor of visitors) {
      const places = this.random.sample(DEMO_BUSINESSES, this.random.int(2, 4));
      if (visitor.username === "jess_h") places.push(DEMO_BUSINESSES[3] as DemoBusiness);
      for (const business of new Set(places)) {
        const days = this.random.sample(
          Array.from({ length: 29 }, (_, day) => day + 1),
          this.random.int(1, 2),
        );
        days.forEach((daysAgo, visitIndex) => {
          const at = this.daytime(daysAgo, daysAgo);
          const withReview = visitIndex === 0 && this.random.chance(0.65);
          const rating = withReview ? this.random.pick([3, 4, 4, 5, 5, 5]) : undefined;
          const review = withReview && this.random.chance(0.8) ? this.random.pick(business.reviews) : undefined;
          const redeems = visitIndex === 0 && this.random.chance(0.5);
          const couponIndex = this.random.int(0, business.coupons.length - 1);
          const markedUsed = this.random.chance(0.6);
          this.schedule(at, ["notifications", "ledger_accounts"], async () => {
            const businessId = this.businessIds.get(business.owner);
            if (!businessId) throw new Error(`demo business ${business.name} does not exist yet`);
            const owner = this.user(business.owner);
            const { code } = await readVisitCode(this.context, owner, businessId);
            // Standing at the counter: a few metres from the business.
            const position = positionAt([business.offset[0] + 8, business.offset[1] - 5]);
            const body = checkInBody.parse({ ...position, visitCode: code, rating, review });
            await checkIn(this.context, this.user(visitor.username), businessId, body);
            this.counts.checkins += 1;
            if (rating !== undefined) this.counts.reviews += 1;
            if (!redeems) return;
            const couponId = this.couponIds.get(business.owner)?.[couponIndex];
            if (!couponId) return;
            const redemption = await redeemCoupon(this.context, this.user(visitor.username), couponId);
            this.counts.redemptions += 1;
            if (markedUsed) await markCodeUsed(this.context, owner, { code: redemption.code });
          });
        });
      }
    }
  }

  private planConversations(): void {
    DEMO_CONVERSATIONS.forEach((conversation, index) => {
      const [first, second] = conversation.between;
      // The featured regular's conversations are the most recent ones.
      const isFeatured = conversation.between.includes("jess_h");
      let at = isFeatured ? this.daytime(3, 0.3) : this.daytime(20, 1);
      const key = `${index}`;
      conversation.lines.forEach((content, line) => {
        const sender = line % 2 === 0 ? first : second;
        const recipient = line % 2 === 0 ? second : first;
        const isLast = line === conversation.lines.length - 1;
        this.schedule(at, ["notifications"], async () => {
          const body = sendMessageBody.parse({ recipientId: this.user(recipient).id, content });
          const message = await sendMessage(this.context, this.user(sender).id, body, silentLog);
          if (line === 0) this.counts.conversations += 1;
          this.counts.messages += 1;
          this.conversationIds.set(key, message.conversationId);
        });
        // Replies come after the other person read; the featured regular keeps the last one unread.
        const readAt = at + this.random.int(2, 40) * MINUTE_MS;
        if (!(isLast && recipient === "jess_h")) {
          this.schedule(readAt, [], async () => {
            const conversationId = this.conversationIds.get(key);
            if (conversationId)
              await markConversationRead(this.context, this.user(recipient).id, conversationId, silentLog);
          });
        }
        at = readAt + this.random.int(1, 90) * MINUTE_MS;
      });
    });
  }

  private planReports(posts: PlannedPost[]): void {
    const targets = posts.filter((post) => post.postType === "free" && post.author !== "town_admin").slice(-40);
    const reports = [
      { reporter: "tom_baker", reason: "Looks like an advert for a business outside town" },
      { reporter: "megan_f", reason: "Spoiler for the book club pick in the comments" },
      { reporter: "pete_l", reason: "Photo may show a private driveway" },
    ];
    reports.forEach((report, index) => {
      const post = targets[index * 7];
      if (!post || post.author === report.reporter) return;
      const at = Math.max(post.at + 3 * HOUR_MS, this.end - (index + 1) * 7 * HOUR_MS);
      this.schedule(at, ["reports"], async () => {
        await createReport(this.context, this.user(report.reporter).id, {
          targetType: "post",
          targetId: this.postId(post),
          reason: report.reason,
        });
        this.counts.reports += 1;
      });
    });
  }

  /** People read their notifications now and then: everything older than a couple of days is read. */
  /**
   * One short video post by a creator two days ago, through the real pipeline (upload, the video job's re-encode
   * and poster, then the post), so the town shows a ready video. Where ffmpeg is missing the town has none, and
   * says so in the log.
   */
  private planVideoPost(video: Promise<Buffer | null>): void {
    const author = "kitesurf_kai";
    const at = this.end - 2 * DAY_MS - 3 * HOUR_MS;
    this.schedule(at, ["uploads"], async () => {
      const bytes = await video;
      if (!bytes) {
        this.context.background.log.info("demo town: ffmpeg is missing, so the town has no video post");
        return;
      }
      const owner = this.user(author);
      const ticket = await createUploadUrl(this.context, owner.id);
      const url = new URL(ticket.uploadURL, "http://plaza.local");
      const stored = await receiveUpload(this.context, {
        uploadId: url.pathname.split("/").at(-1) ?? "",
        token: url.searchParams.get("token") ?? "",
        ownerId: owner.id,
        body: bytes,
      });
      await this.context.background.idle();
      const body = createPostBody.parse({
        title: "Wind window at the Event Site",
        content: "Four seconds of the colours out there this afternoon. Sound on for the wind chime at the launch.",
        postType: "free",
        category: "lifestyle",
        tags: ["kiteboarding", "video"],
        media: [{ url: stored.objectUrl, alt: "A slow drift of blue and sand colours, like water and beach" }],
        location: {
          city: DEMO_TOWN.city,
          state: DEMO_TOWN.state,
          country: DEMO_TOWN.country,
          countryCode: DEMO_TOWN.countryCode,
          ...positionAt([-1200, 1500]),
        },
      });
      await createPost(this.context, owner, body);
      this.counts.posts += 1;
      this.counts.videos += 1;
    });
  }

  private planNotificationReads(): void {
    for (const person of DEMO_PEOPLE) {
      this.schedule(this.end - this.random.int(40, 60) * HOUR_MS, [], async () => {
        await readAllNotifications(this.context, this.user(person.username).id);
      });
    }
  }
}

/** The demo superuser, when the database holds the demo town (start-up adds it to the superusers). */
export async function demoSuperuserEmails(db: Executor): Promise<string[]> {
  if (!(await hasDemoTown(db))) return [];
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.email, DEMO_SUPERUSER_EMAIL), eq(users.isDeleted, false)))
    .limit(1);
  return row ? [row.email] : [];
}
