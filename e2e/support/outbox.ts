import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { pollUntil } from "./wait";

/** Where each server started by this process writes its mails (no SMTP_URL: DATA_DIR/outbox/*.eml). */
const outboxFolders = new Map<string, string>();

export function rememberOutbox(baseUrl: string, dataDir: string): void {
  outboxFolders.set(baseUrl, join(dataDir, "outbox"));
}

export function forgetOutbox(baseUrl: string): void {
  outboxFolders.delete(baseUrl);
}

export interface OutboxMail {
  file: string;
  to: string[];
  subject: string;
  text: string;
}

async function readOutbox(folder: string): Promise<OutboxMail[]> {
  if (!existsSync(folder)) return [];
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".eml"))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(readFileSync(join(folder, file)));
      const groups = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
      return {
        file,
        to: groups.flatMap((group) => group.value.map((address) => address.address ?? "")),
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
      };
    }),
  );
}

/**
 * The newest mail to `address` whose subject matches, written by the server at `baseUrl` (started by this process);
 * waits up to `timeoutMs` for it.
 */
export async function waitForOutboxMail(
  baseUrl: string,
  address: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<OutboxMail> {
  const folder = outboxFolders.get(baseUrl);
  if (!folder) throw new Error(`no outbox known for ${baseUrl} (was it started with startServer?)`);
  return pollUntil(
    async () =>
      (await readOutbox(folder))
        .filter((mail) => mail.to.includes(address.toLowerCase()) && subject.test(mail.subject))
        .at(-1),
    { what: `a mail "${subject}" to ${address} in ${folder}`, timeoutMs },
  );
}

export function hasOutbox(baseUrl: string): boolean {
  return outboxFolders.has(baseUrl);
}

/** The link to `path` in a mail (e.g. "/reset-password"), as the recipient would click it. */
export function mailLink(mail: OutboxMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S*${path.replaceAll("/", "\\/")}\\?\\S+`));
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}
