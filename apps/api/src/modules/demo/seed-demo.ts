import type { DemoAccountsView, DemoAccountView } from "@plaza/contracts/demo";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import { adminLogs } from "../../db/schema/admin";
import { users } from "../../db/schema/users";
import { hash } from "../../lib/password-hashing";
import { insertAdminLog } from "../admin/admin.repository";
import { withBuiltInPayments } from "../payments/payment-provider";
import { planCheckins, planConversations, planNotificationReads, planReports, planTips } from "./demo-plan-activity";
import { planEvents } from "./demo-plan-events";
import { planPaidEvent } from "./demo-plan-paid-event";
import { planAccounts, planBusinesses, planFollows, planPartnerships, planSubscriptions } from "./demo-plan-people";
import { planPosts, planReactions, planVideoPost } from "./demo-plan-posts";
import { type DatedTable, DemoTownSeeder, type DemoTownSummary, demoEmail, MINUTE_MS } from "./demo-seeder";
import {
  DEMO_BUSINESSES,
  DEMO_PASSWORD,
  DEMO_PEOPLE,
  DEMO_SEED,
  DEMO_SUPERUSER_EMAIL,
  DEMO_TOWN,
  FEATURED_USERNAMES,
} from "./demo-town";
import { generateDemoVideo } from "./demo-video";

/** The admin-log line that marks a database as holding the demo town (written once, with the town). */
export const DEMO_MARKER_ACTION = "demo_town.seeded";

export type DemoTownStatus =
  | { state: "seeded"; summary: DemoTownSummary }
  | { state: "present" }
  | { state: "not-empty" };

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
  // The town's tips, unlocks and subscriptions are recorded through the built-in provider even with Stripe
  // configured (its creators have no connected accounts yet; payment-provider.ts `withBuiltInPayments`).
  const townContext: AppContext = { ...context, env: await withBuiltInPayments(context.env) };
  return context.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('plaza:demo-town', 0))`);
    if (await hasDemoTown(tx)) return { state: "present" } as const;
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) return { state: "not-empty" } as const;
    const summary = await playDemoTown(new DemoTownSeeder(townContext, tx, now, passwordHash));
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

/** Plans the town's history with a seeded generator, then plays it in time order through the services. */
async function playDemoTown(seeder: DemoTownSeeder): Promise<Omit<DemoTownSummary, "durationMs">> {
  planAccounts(seeder);
  planBusinesses(seeder);
  planFollows(seeder);
  planSubscriptions(seeder);
  planPartnerships(seeder);
  const posts = planPosts(seeder);
  planReactions(seeder, posts);
  planTips(seeder);
  planCheckins(seeder);
  planConversations(seeder);
  planReports(seeder, posts);
  planPaidEvent(seeder);
  planNotificationReads(seeder);
  planEvents(seeder);
  // Made by ffmpeg while the town is planned and played; the post that shows it waits for it.
  const video = generateDemoVideo({ ffmpeg: seeder.context.env.FFMPEG_PATH, ffprobe: seeder.context.env.FFPROBE_PATH });
  video.catch(() => undefined);
  planVideoPost(seeder, video);
  seeder.events.sort((a, b) => a.at - b.at || a.order - b.order);
  // New rows are dated in batches: at most half an hour late, never before the event that made them.
  const pending = new Set<DatedTable>();
  let batchStart = seeder.start;
  let previous = seeder.start;
  const imagesAt = Math.min(...posts.map((post) => post.at));
  let hasImages = false;
  for (const event of seeder.events) {
    if (!hasImages && event.at >= imagesAt) {
      await seeder.uploadPostImages(posts);
      hasImages = true;
    }
    if (pending.size > 0 && event.at - batchStart > 30 * MINUTE_MS) {
      await seeder.dateNewRows([...pending], new Date(previous));
      pending.clear();
    }
    if (pending.size === 0) batchStart = event.at;
    seeder.clock.advance(Math.max(0, event.at - seeder.clock.now().getTime()));
    await event.run();
    for (const table of event.dates) pending.add(table);
    previous = event.at;
  }
  await seeder.dateNewRows([...pending], new Date(previous));
  // Every picture's sizes made before the town is committed (the picture job runs on its transaction).
  await seeder.context.background.idle();
  return seeder.counts;
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
