import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_EMAIL_DOMAIN } from "@plaza/contracts/demo";

/**
 * Log hygiene (issue 9, ASVS 16.2.5): what the servers of a test run logged must hold no password, session token,
 * email or signed-URL token. startServer writes each server's whole output to SERVER_LOG_DIR/*.log.
 *
 * Secrets: every secret a suite used (passwords, session cookie values, emails, signed-URL tokens), to look for in
 * the servers' logs afterwards.
 */
export class Secrets {
  private readonly values = new Map<string, string>();

  add(kind: string, value: string | null | undefined): void {
    if (value && value.length >= 6) this.values.set(value, kind);
  }

  addAccount(account: { credentials: { email: string; password: string }; sessionCookie: string }): void {
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
      // The demo town's accounts are public (printed at start-up on purpose, listed on the sign-in page).
      for (const match of text.matchAll(/[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi)) {
        if (!match[0].toLowerCase().endsWith(`@${DEMO_EMAIL_DOMAIN}`)) found.push(`email ${match[0]} in ${name}`);
      }
    }
    return found;
  }
}

/** Secrets recorded by the test processes for the browser tests' global teardown (not a *.log, so never scanned). */
const NEEDLES_FILE = "needles.txt";

/** Remembers a secret for the log check of this run, when logs are captured. */
export function recordSecret(kind: string, value: string): void {
  const dir = process.env.SERVER_LOG_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, NEEDLES_FILE), `${kind}\t${value}\n`);
}

export function recordedSecrets(dir: string): Secrets {
  const secrets = new Secrets();
  const file = join(dir, NEEDLES_FILE);
  if (!existsSync(file)) return secrets;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const [kind = "", value = ""] = line.split("\t");
    secrets.add(kind, value);
  }
  return secrets;
}

export function readLogs(dir: string, extra: string[] = []): { name: string; text: string }[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".log"))
    .map((name) => ({ name, text: readFileSync(join(dir, name), "utf8") }));
  for (const path of extra) files.push({ name: path, text: readFileSync(path, "utf8") });
  return files;
}
