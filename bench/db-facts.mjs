// Facts about the run database for the report's machine and dataset sections (bench/run.mjs).
import pg from "pg";

/** @param {string} url */
export async function serverVersion(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query("show server_version")).rows[0]?.server_version ?? "?";
  } finally {
    await client.end();
  }
}

/** Row counts of the copied database (estimates from the statistics the generator gathered). @param {string} url */
export async function datasetCounts(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select relname, reltuples::bigint as rows from pg_class
       where relname in ('users', 'posts', 'follows', 'likes', 'messages', 'businesses', 'checkins', 'coupons')`,
    );
    const count = Object.fromEntries(rows.map((row) => [row.relname, Number(row.rows)]));
    const { rows: size } = await client.query("select pg_database_size(current_database()) as bytes");
    return {
      users: count.users,
      posts: count.posts,
      follows: count.follows,
      likes: count.likes,
      messages: count.messages,
      businesses: count.businesses,
      checkins: count.checkins,
      coupons: count.coupons,
      databaseMb: Math.round(Number(size[0]?.bytes ?? 0) / 1024 / 1024),
    };
  } finally {
    await client.end();
  }
}
