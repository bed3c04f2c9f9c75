import { sql } from "drizzle-orm";
import type { Executor } from "../src/db/client";

type Query = { sql: string; params: unknown[] };

/** Query-cost tests: a query's plan as EXPLAIN ANALYZE prints it, one string per line. */
export function explainAnalyze(executor: Executor, query: Query): Promise<string[]> {
  return explainLines(executor, "explain (analyze, costs off)", query);
}

/** The plan the planner would choose, without running the query (EXPLAIN), one string per line. */
export function explainPlan(executor: Executor, query: Query): Promise<string[]> {
  return explainLines(executor, "explain", query);
}

async function explainLines(executor: Executor, command: string, query: Query): Promise<string[]> {
  const explained = await executor.execute(sql.raw(`${command} ${inlineParams(query.sql, query.params)}`));
  return (explained as { rows: Record<string, string>[] }).rows.map((row) => String(Object.values(row)[0]));
}

/** EXPLAIN cannot take bind parameters: inline them as quoted literals (test-only; values are our own). */
function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_match, index: string) => {
    const value = params[Number(index) - 1];
    if (typeof value === "number") return String(value);
    if (typeof value === "boolean") return value ? "true" : "false";
    return `'${String(value).replaceAll("'", "''")}'`;
  });
}

/** rows × loops of each EXPLAIN ANALYZE line matching `pattern`, in plan order (NaN for a line without them). */
export function rowsOfEach(lines: string[], pattern: RegExp): number[] {
  return lines
    .filter((candidate) => pattern.test(candidate))
    .map((line) => {
      const match = /actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+) loops=(\d+)/.exec(line);
      return Number(match?.[1] ?? Number.NaN) * Number(match?.[2] ?? Number.NaN);
    });
}

/** rows × loops of the first plan line matching `pattern` (NaN when none does). */
export function rowsOf(lines: string[], pattern: RegExp): number {
  return rowsOfEach(lines, pattern)[0] ?? Number.NaN;
}
