import { sql } from "drizzle-orm";
import type { Executor } from "../src/db/client";

/** Query-cost tests: a query's plan as EXPLAIN ANALYZE prints it, one string per line. */
export async function explainAnalyze(executor: Executor, query: { sql: string; params: unknown[] }): Promise<string[]> {
  const explained = await executor.execute(
    sql.raw(`explain (analyze, costs off) ${inlineParams(query.sql, query.params)}`),
  );
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

/** rows × loops of the first plan line matching `pattern` (NaN when none does). */
export function rowsOf(lines: string[], pattern: RegExp): number {
  const line = lines.find((candidate) => pattern.test(candidate)) ?? "";
  const match = /actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+) loops=(\d+)/.exec(line);
  return Number(match?.[1] ?? Number.NaN) * Number(match?.[2] ?? Number.NaN);
}
