import { DEMO_EMAIL_DOMAIN } from "@plaza/contracts/demo";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../app-context";
import type { Database, Transaction } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { InProcessQueue } from "../../jobs/in-process-queue";
import { JOB_KINDS } from "../../jobs/kinds";
import { BackgroundTasks } from "../../lib/background-tasks";
import { ManualClock } from "../../lib/clock";
import { InProcessLiveEvents } from "../../lib/live-events";
import { MemoryRateLimiter } from "../../lib/rate-limiter";
import { asBuffer } from "../uploads/picture-processes";
import { createUploadUrl, receiveUpload } from "../uploads/uploads.service";
import { postImageSvg } from "./demo-images";
import {
  DEMO_HISTORY_DAYS,
  DEMO_PEOPLE,
  DEMO_SEED,
  DEMO_SUPERUSER_EMAIL,
  DEMO_TOWN,
  type DemoGalleryPicture,
  type DemoPerson,
  type PostCategory,
} from "./demo-town";
import { Random } from "./random";

/** The demo seeder's state and the helpers every planning step shares. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

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
  /** Owners' replies to reviews. */
  reviewReplies: number;
  redemptions: number;
  tips: number;
  unlocks: number;
  subscriptions: number;
  conversations: number;
  messages: number;
  reports: number;
  events: number;
  rsvps: number;
  durationMs: number;
}

/** Tables whose created_at the services leave to the database default; the seeder dates their new rows. */
export type DatedTable = "notifications" | "uploads" | "reports" | "ledger_accounts";

export interface PlannedEvent {
  at: number;
  order: number;
  dates: DatedTable[];
  run: () => Promise<void>;
}

export const silentLog = { warn: () => undefined };

export function isPrivateAccount(username: string): boolean {
  return DEMO_PEOPLE.find((person) => person.username === username)?.accountVisibility === "private";
}

export function initialsOf(person: DemoPerson): string {
  return `${person.firstName[0] ?? ""}${person.lastName[0] ?? ""}`.toUpperCase();
}

/** A point `east` and `north` metres from the town centre. */
export function positionAt([east, north]: [number, number]) {
  const latitude = DEMO_TOWN.latitude + north / 111_320;
  const longitude = DEMO_TOWN.longitude + east / (111_320 * Math.cos((DEMO_TOWN.latitude * Math.PI) / 180));
  return { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
}

export interface PlannedPost {
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

/** The town being seeded: its clock, services context, plan of events and what was made so far. */
export class DemoTownSeeder {
  readonly random = new Random(DEMO_SEED);
  readonly clock: ManualClock;
  readonly context: AppContext;
  readonly events: PlannedEvent[] = [];
  readonly start: number;
  readonly end: number;
  readonly people = new Map<string, UserRow>();
  readonly businessIds = new Map<string, string>();
  readonly couponIds = new Map<string, string[]>();
  /** Each demo partner creator's perk (a coupon id). */
  readonly perkIds = new Map<string, string>();
  readonly postIds = new Map<number, string>();
  /** The uploaded pictures of each planned post, in order. */
  readonly imageUrls = new Map<number, string[]>();
  readonly conversationIds = new Map<string, string>();
  readonly counts: Omit<DemoTownSummary, "durationMs"> = {
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
    reviewReplies: 0,
    redemptions: 0,
    tips: 0,
    unlocks: 0,
    subscriptions: 0,
    conversations: 0,
    messages: 0,
    reports: 0,
    events: 0,
    rsvps: 0,
  };
  /** Follows in plan order: who follows whom from when (approved requests count from approval). */
  readonly followers = new Map<string, { username: string; at: number }[]>();
  readonly subscribers = new Map<string, { username: string; at: number }[]>();

  constructor(
    context: AppContext,
    readonly tx: Transaction,
    now: Date,
    readonly passwordHash: string,
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
      // The town's own: the seeder waits for what an upload starts (the picture and video jobs) before it goes on.
      background: new BackgroundTasks(context.background.log),
      // The town's past notifications are listed, but nobody is told of them (no live event, push or mail).
      deliverNotifications: false,
      skipsNewAccountLimits: true,
    };
    // Jobs an action asks for (the picture and video jobs) run here too, on the town's transaction, and background.idle() waits.
    const townBackground = this.context.background;
    this.context.jobs = new InProcessQueue(this.context, townBackground.log, JOB_KINDS, {
      works: true,
      onRun: (run) => townBackground.track(run),
    });
  }

  schedule(at: number, dates: DatedTable[], run: () => Promise<void>): void {
    this.events.push({ at: Math.min(at, this.end - MINUTE_MS), order: this.events.length, dates, run });
  }

  /**
   * Rows whose created_at is the database default carry the transaction's start time (now()); they are the rows
   * the event just made, so they get the event's time, in the same transaction.
   */
  async dateNewRows(tables: DatedTable[], at: Date): Promise<void> {
    for (const table of tables) {
      await this.tx.execute(sql`update ${sql.identifier(table)} set created_at = ${at} where created_at = now()`);
    }
  }

  user(username: string): UserRow {
    const row = this.people.get(username);
    if (!row) throw new Error(`demo account ${username} does not exist yet`);
    return row;
  }

  /** A moment in the town's daytime (07:00-22:00 local) between `fromDaysAgo` and `toDaysAgo`. */
  daytime(fromDaysAgo: number, toDaysAgo: number): number {
    const offset = DEMO_TOWN.utcOffsetHours * HOUR_MS;
    const localMidnightToday = Math.floor((this.end + offset) / DAY_MS) * DAY_MS - offset;
    const daysAgo = this.random.int(Math.floor(toDaysAgo), Math.floor(fromDaysAgo));
    const minute = this.random.int(7 * 60, 22 * 60);
    const at = localMidnightToday - daysAgo * DAY_MS + minute * MINUTE_MS;
    const latest = this.end - toDaysAgo * DAY_MS;
    return at > latest ? latest - this.random.int(5, 90) * MINUTE_MS : at;
  }

  /**
   * Stores one of the town's generated pictures as a person's upload. They are drawn as SVG, which uploads refuse
   * (only JPEG, PNG, WebP and GIF bytes are decoded), so the town's own trusted drawing is rendered to PNG here
   * first (in a picture process) and then goes through the same upload path as anyone's picture.
   */
  async upload(ownerId: string, svg: Buffer): Promise<string> {
    const rendered = await this.context.pictures.run({ op: "render-svg", svg });
    if (rendered.kind !== "png") throw new Error("a demo picture could not be rendered");
    const png = asBuffer(rendered.data);
    const ticket = await createUploadUrl(this.context, ownerId);
    const url = new URL(ticket.uploadURL, "http://plaza.local");
    const uploadId = url.pathname.split("/").at(-1) ?? "";
    const token = url.searchParams.get("token") ?? "";
    await receiveUpload(this.context, { uploadId, token, ownerId, body: png });
    this.counts.images += 1;
    return ticket.objectUrl;
  }

  /**
   * Uploads the pictures of all posts before the first post, two at a time, and waits for the picture job to make
   * their sizes (encoding is the slow part and sharp works in the picture processes); each upload is dated a few
   * minutes before its post.
   */
  async uploadPostImages(posts: PlannedPost[]): Promise<void> {
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
    // The picture job makes their sizes (in the background, as for anyone's upload): the posts show them ready.
    await this.context.background.idle();
  }
}
