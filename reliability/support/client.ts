import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_PASSWORD, type RegisteredAccount, registerViaApi, SESSION_COOKIE } from "../../e2e/support/accounts";

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

/**
 * Every secret a suite used (passwords, session cookie values, emails, signed-URL tokens), to look for in the
 * servers' logs afterwards.
 */
export class Secrets {
  private readonly values = new Map<string, string>();

  add(kind: string, value: string | null | undefined): void {
    if (value && value.length >= 6) this.values.set(value, kind);
  }

  addAccount(account: RegisteredAccount): void {
    this.add("password", account.credentials.password);
    this.add("email", account.credentials.email);
    this.add("session cookie", account.sessionCookie);
    this.add("session cookie (decoded)", decodeURIComponent(account.sessionCookie));
  }

  get size(): number {
    return this.values.size;
  }

  /** "kind in file" for every secret found in any of the texts. */
  findIn(files: { name: string; text: string }[]): string[] {
    const found: string[] = [];
    for (const { name, text } of files) {
      const lower = text.toLowerCase();
      for (const [value, kind] of this.values) {
        if (lower.includes(value.toLowerCase())) found.push(`${kind} in ${name}`);
      }
      // Any email-looking text at all, not only the ones this suite knows about.
      for (const match of text.matchAll(/[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi))
        found.push(`email ${match[0]} in ${name}`);
    }
    return found;
  }
}

/** A fresh folder for this suite's server logs; startServer writes every server's whole output there. */
export function captureServerLogs(): string {
  const dir = mkdtempSync(join(tmpdir(), "plaza-logs-"));
  process.env.SERVER_LOG_DIR = dir;
  return dir;
}

export function readLogs(dir: string, extra: string[] = []): { name: string; text: string }[] {
  const files = readdirSync(dir).map((name) => ({ name, text: readFileSync(join(dir, name), "utf8") }));
  for (const path of extra) files.push({ name: path, text: readFileSync(path, "utf8") });
  return files;
}

/** Signs up through the API and remembers the account's secrets. */
export async function signUp(baseUrl: string, secrets: Secrets, firstName = "Load"): Promise<RegisteredAccount> {
  const account = await registerViaApi(baseUrl, { firstName });
  secrets.addAccount(account);
  return account;
}

export { DEFAULT_PASSWORD };
