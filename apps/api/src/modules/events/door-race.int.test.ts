import type { AdmissionView } from "@plaza/contracts/event-door";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness } from "../../../test/factories/businesses";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp } from "../../../test/test-app";
import { businesses } from "../../db/schema/businesses";
import { checkins } from "../../db/schema/checkins";

/**
 * One ticket scanned by several hosts' phones at once is admitted once and counted as one visit (one conditional
 * UPDATE). PGlite has a single connection and serialises everything, so this proves something only on PostgreSQL.
 */
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SCANS = 12;

describe.skipIf(!isPostgres)("door admission race (PostgreSQL only: set TEST_DATABASE_URL to run it)", () => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await buildTestApp();
  });
  afterAll(() => harness?.close());

  it("the same ticket scanned at once: one first admission, every answer the same time, one verified visit", async () => {
    const { owner, business } = await buildBusiness(harness.app, { publish: true });
    const start = harness.clock.now().getTime() + 60 * 60 * 1000;
    const event = await buildEvent(owner, {
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 3 * 60 * 60 * 1000).toISOString(),
      timeZone: "UTC",
      place: { businessId: business.id },
    });
    const guest = await buildUser(harness.app);
    await guest.client.put(`/api/events/${event.id}/rsvp`, { status: "going" });
    const { code } = (await guest.client.get(`/api/events/${event.id}/ticket`)).json<{ code: string }>();

    const answers = await Promise.all(
      Array.from({ length: SCANS }, () => owner.post(`/api/events/${event.id}/admissions`, { code })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(SCANS).fill(200));
    const views = answers.map((answer) => answer.json<AdmissionView>());
    expect(views.filter((view) => view.firstTime)).toHaveLength(1);
    expect(new Set(views.map((view) => view.admittedAt)).size).toBe(1);
    const visits = await harness.context.db
      .select()
      .from(checkins)
      .where(and(eq(checkins.userId, guest.user.id), eq(checkins.businessId, business.id)));
    expect(visits).toHaveLength(1);
    const [counted] = await harness.context.db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(counted?.totalCheckIns).toBe(1);
  });
});
