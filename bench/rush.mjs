// The RSVP rush (issue 47): `people` accounts answer "going" to one event with `capacity` seats at the same moment,
// through the real API on the bench's dataset. Measures each answer's latency and the whole rush's length, then
// reads the database: the seats taken never exceed the capacity, everyone else is on the waitlist with positions
// 1..n without a gap or a repeat, and every answer was a 200 (no 5xx, nothing lost).
import pg from "pg";
import { startApi } from "./http.mjs";
import { userUuid } from "./seed.mjs";
import { createSessions } from "./sessions.mjs";
import { log, percentile, stopChild } from "./util.mjs";

/**
 * The rush part of `npm run bench`: 2,000 people (fewer on a small dataset) answer "going" to one free event of 500
 * seats at once, against its own API process; the figures go to `report.rsvpRush` and its two targets.
 * @param {string} runUrl @param {{ users: number }} size @param {Record<string, any>} report
 */
export async function benchRsvpRush(runUrl, size, report) {
  log("RSVP rush");
  const api = await startApi({ databaseUrl: runUrl, cpu: "1" });
  try {
    const rush = await runRsvpRush({
      baseUrl: api.baseUrl,
      databaseUrl: runUrl,
      hostUser: 1,
      firstUser: 2,
      people: Math.min(2000, size.users - 10),
      capacity: 500,
    });
    report.rsvpRush = rush;
    report.rsvpRushOversold = Math.max(0, rush.going - rush.capacity);
    report.rsvpRushLost = rush.lost + (rush.people - (rush.statuses["200"] ?? 0)) + (rush.waitlistInOrder ? 0 : 1);
    log(
      `  rush: ${rush.people} answers in ${rush.seconds} s, p50 ${rush.p50Ms} ms, p99 ${rush.p99Ms} ms, ` +
        `${rush.going} going of ${rush.capacity}, ${rush.waitlisted} waitlisted, statuses ${JSON.stringify(rush.statuses)}`,
    );
  } finally {
    await stopChild(api.child);
  }
}

/** @param {string} url @param {string} sql @param {unknown[]} [values] */
async function query(url, sql, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * @param {{ baseUrl: string, databaseUrl: string, hostUser: number, firstUser: number, people: number,
 *   capacity: number }} options
 */
export async function runRsvpRush(options) {
  const [hostCookie] = await createSessions(options.databaseUrl, [userUuid(options.hostUser)]);
  const startsAt = new Date(Date.now() + 3 * 24 * 3_600_000);
  const created = await fetch(`${options.baseUrl}/api/events`, {
    method: "POST",
    headers: { cookie: hostCookie ?? "", "content-type": "application/json" },
    body: JSON.stringify({
      title: "Bench rush: the free concert",
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
      place: { name: "Town square", address: "1 Main St", latitude: 45.7, longitude: -121.5 },
      category: "music",
      timeZone: "America/Los_Angeles",
      capacity: options.capacity,
    }),
  });
  if (created.status !== 201)
    throw new Error(`rush: the event was not created (${created.status} ${await created.text()})`);
  const eventId = /** @type {{ id: string }} */ (await created.json()).id;
  const ids = Array.from({ length: options.people }, (_, index) => userUuid(options.firstUser + index));
  const cookies = await createSessions(options.databaseUrl, ids);

  /** @type {number[]} */
  const latencies = [];
  /** @type {Record<string, number>} */
  const statuses = {};
  const started = performance.now();
  await Promise.all(
    cookies.map(async (cookie) => {
      const sent = performance.now();
      const outcome = await fetch(`${options.baseUrl}/api/events/${eventId}/rsvp`, {
        method: "PUT",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ status: "going" }),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return String(response.status);
        },
        () => "failed",
      );
      latencies.push(performance.now() - sent);
      statuses[outcome] = (statuses[outcome] ?? 0) + 1;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  const [counts] = await query(
    options.databaseUrl,
    `select count(*) filter (where status = 'going')::int as going,
            count(*) filter (where status = 'waitlisted')::int as waitlisted
     from event_rsvps where event_id = $1`,
    [eventId],
  );
  const [event] = await query(options.databaseUrl, "select going_count, waitlist_count from events where id = $1", [
    eventId,
  ]);
  // Arrival order: the waitlist's places in line are 1..n, each taken once (nobody left during the rush).
  const [line] = await query(
    options.databaseUrl,
    `select count(distinct waitlist_order)::int as distinct_places, count(*)::int as people,
            coalesce(min(waitlist_order), 1)::int as first, coalesce(max(waitlist_order), 0)::int as last
     from event_rsvps where event_id = $1 and status = 'waitlisted'`,
    [eventId],
  );
  const going = Number(counts?.going ?? 0);
  const waitlisted = Number(counts?.waitlisted ?? 0);
  return {
    people: options.people,
    capacity: options.capacity,
    seconds: Number(seconds.toFixed(2)),
    answersPerSecond: Number((options.people / seconds).toFixed(1)),
    p50Ms: Number(percentile(latencies, 0.5).toFixed(1)),
    p99Ms: Number(percentile(latencies, 0.99).toFixed(1)),
    statuses,
    going,
    waitlisted,
    counters: { going: Number(event?.going_count ?? -1), waitlist: Number(event?.waitlist_count ?? -1) },
    oversold: going > options.capacity,
    lost: options.people - going - waitlisted,
    waitlistInOrder:
      Number(line?.distinct_places ?? 0) === Number(line?.people ?? -1) &&
      Number(line?.first) === 1 &&
      Number(line?.last) === Number(line?.people),
  };
}
