import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_PASSWORD, type RegisteredAccount, registerViaApi, SESSION_COOKIE } from "../../e2e/support/accounts";
import type { Secrets } from "../../e2e/support/log-hygiene";

export { readLogs, Secrets } from "../../e2e/support/log-hygiene";

export interface ApiAnswer {
  status: number;
  body: unknown;
  /** Milliseconds from sending to the complete body. */
  ms: number;
  headers: Headers;
}

export interface ApiFailure {
  status: 0;
  /** Why no answer arrived: refused, cut (socket closed mid-way), or timeout. */
  error: "refused" | "cut" | "timeout";
  detail: string;
  ms: number;
}

export interface CallOptions {
  method?: string;
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** One API call that never throws: an answer (status + parsed body) or the kind of failure. */
export async function call(baseUrl: string, path: string, options: CallOptions = {}): Promise<ApiAnswer | ApiFailure> {
  const started = performance.now();
  const headers: Record<string, string> = { origin: baseUrl, ...options.headers };
  if (options.cookie) headers.cookie = `${SESSION_COOKIE}=${options.cookie}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body, ms: performance.now() - started, headers: response.headers };
  } catch (error) {
    const ms = performance.now() - started;
    const detail = describe(error);
    if (/TimeoutError|aborted/i.test(detail)) return { status: 0, error: "timeout", detail, ms };
    if (/ECONNREFUSED/.test(detail)) return { status: 0, error: "refused", detail, ms };
    return { status: 0, error: "cut", detail, ms };
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return `${error.name}: ${error.message}${cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})` : ""}`;
}

/** A fresh folder for this suite's server logs; startServer writes every server's whole output there. */
export function captureServerLogs(): string {
  const dir = mkdtempSync(join(tmpdir(), "plaza-logs-"));
  process.env.SERVER_LOG_DIR = dir;
  return dir;
}

/** Signs up through the API and remembers the account's secrets. */
export async function signUp(baseUrl: string, secrets: Secrets, firstName = "Load"): Promise<RegisteredAccount> {
  const account = await registerViaApi(baseUrl, { firstName });
  secrets.addAccount(account);
  return account;
}

export { DEFAULT_PASSWORD };

export function isFailure(result: ApiAnswer | ApiFailure): result is ApiFailure {
  return "error" in result;
}

/** "201", "503", … or the failure kind ("refused", "cut", "timeout"). */
export function outcome(result: ApiAnswer | ApiFailure): string {
  return isFailure(result) ? result.error : String(result.status);
}
