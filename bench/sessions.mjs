// Sessions for many bench accounts at once: rows in the app's `sessions` table, made the way the app makes them
// (a random token in the cookie, its SHA-256 as the row id; apps/api/src/modules/auth/auth.service.ts). Signing in
// two thousand accounts through POST /api/auth/login would spend minutes in argon2 before anything is measured.
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Starts one session per user id and returns their Cookie header values, in the same order.
 * @param {string} databaseUrl @param {string[]} userIds
 */
export async function createSessions(databaseUrl, userIds) {
  const tokens = userIds.map(() => randomBytes(32).toString("base64url"));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into sessions (id, user_id, expires_at, user_agent)
       select id, user_id, now() + interval '1 day', 'plaza-bench'
       from unnest($1::text[], $2::uuid[]) as input(id, user_id)`,
      [tokens.map((token) => createHash("sha256").update(token).digest("hex")), userIds],
    );
  } finally {
    await client.end();
  }
  return tokens.map((token) => `plaza_session=${token}`);
}
