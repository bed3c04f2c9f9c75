// Scenario (b): the feed SQL through the database driver alone, no HTTP. The SQL comes from the app's own query
// builder (unpreparedFeedQuery: the statement readFeedPage prepares for an unfiltered first page), so this is
// exactly what GET /api/posts/feed runs; the loop sends it with `pg` as the app's driver does (the same named
// prepared statement, array rows, same pool size) and prints one JSON line with the figures.
// Run with tsx (it imports the TypeScript repository): node --import tsx bench/direct-sql.mjs <json options>
import { fillPlaceholders } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { feedStatementValues, unpreparedFeedQuery } from "../apps/api/src/modules/posts/feed.repository.ts";
import { percentile } from "./util.mjs";

/** @type {{ url: string, viewerId: string, seconds: number, warmupSeconds: number, concurrency: number, poolSize: number }} */
const options = JSON.parse(process.argv[2] ?? "{}");
const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize });
const db = drizzle(pool, { casing: "snake_case" });
// The route asks for one row more than the page (20 + 1) to know whether there is a next page.
const query = unpreparedFeedQuery(/** @type {any} */ (db), { isSuperuser: false, hasCursor: false }).toSQL();
const values = fillPlaceholders(
  query.params,
  feedStatementValues({
    viewer: { id: options.viewerId, isSuperuser: false },
    location: {},
    cursor: null,
    limit: 21,
    now: new Date(),
  }),
);

/** @param {number} seconds @param {number[] | null} latencies */
async function runFor(seconds, latencies) {
  const end = performance.now() + seconds * 1000;
  let completed = 0;
  let rows = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const result = await pool.query({ name: "feed_visible_first", text: query.sql, values, rowMode: "array" });
      latencies?.push(performance.now() - started);
      rows = result.rows.length;
      completed += 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { completed, rows };
}

await runFor(options.warmupSeconds, null);
/** @type {number[]} */
const latencies = [];
const { completed, rows } = await runFor(options.seconds, latencies);
latencies.sort((a, b) => a - b);
const at = (fraction) => percentile(latencies, fraction);
process.stdout.write(
  `${JSON.stringify({ rps: completed / options.seconds, p50: at(0.5), p99: at(0.99), rows, sql: query.sql })}\n`,
);
await pool.end();
