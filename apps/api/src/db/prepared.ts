import type { Executor } from "./client";

/** Prepared statements by database handle, then by name: built once per handle instead of on every request. */
const statements = new WeakMap<Executor, Map<string, unknown>>();

/**
 * The named prepared statement `name` for this database handle, built by `build` on first use. For the hot
 * paths (session lookup, feed): the query text and its drizzle plumbing are built once, and PostgreSQL can reuse
 * the plan of a named statement instead of parsing and planning the query on every request.
 */
export function preparedStatement<T>(db: Executor, name: string, build: (name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(name);
    byName.set(name, statement);
  }
  return statement;
}
