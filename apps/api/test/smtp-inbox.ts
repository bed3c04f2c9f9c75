import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on a free local port that keeps every mail it receives (parsed by mailparser), so tests
 * assert on what a mail program would show. `failNext(n)` refuses the next n mails with a temporary error.
 */
export class SmtpInbox {
  readonly mails: ReceivedMail[] = [];
  private refusals = 0;
  /** Connections opened so far, and the most open at once. */
  connections = 0;
  maxOpenConnections = 0;
  private openConnections = 0;
  /** How long the server takes to accept each mail (a slow or distant mail server). */
  delayMs = 0;
  private waiters: (() => void)[] = [];
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onConnect: (_session, callback) => {
        this.connections += 1;
        this.openConnections += 1;
        this.maxOpenConnections = Math.max(this.maxOpenConnections, this.openConnections);
        callback();
      },
      onClose: () => {
        this.openConnections -= 1;
      },
      onRcptTo: (_address, _session, callback) => {
        if (this.refusals > 0) {
          this.refusals -= 1;
          const error = Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 });
          callback(error);
          return;
        }
        callback();
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then(async (parsed) => {
            if (this.delayMs > 0) await new Promise((wait) => setTimeout(wait, this.delayMs));
            const recipients = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
            this.mails.push({
              to: recipients.flatMap((group) => group.value.map((address) => address.address ?? "")),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              parsed,
            });
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  static async start(): Promise<SmtpInbox> {
    const inbox = new SmtpInbox();
    await new Promise<void>((resolveListen, reject) => {
      inbox.server.once("error", reject);
      inbox.server.listen(0, "127.0.0.1", () => resolveListen());
    });
    // smtp-server reports a client's connection error (a worker killed mid-mail resets its socket) as the server's
    // "error" event; unheard, that is an uncaught exception in the test process (reliability/job-queue.test.ts).
    inbox.server.removeAllListeners("error");
    inbox.server.on("error", () => undefined);
    const address = inbox.server.server.address();
    if (address === null || typeof address === "string") throw new Error("SMTP server has no port");
    inbox.port = address.port;
    return inbox;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  failNext(count: number): void {
    this.refusals = count;
  }

  /** The first mail to `address` (received after `since` mails) matching `subject`, waiting up to 5 s for it. */
  async waitForMail(address: string, subject?: RegExp, timeoutMs = 5_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.find(
        (mail) => mail.to.includes(address.toLowerCase()) && (!subject || subject.test(mail.subject)),
      );
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.mails.map((mail) => `${mail.to.join(",")}: ${mail.subject}`).join("; ");
        throw new Error(`no mail to ${address} matching ${subject ?? "anything"} (received: ${seen || "none"})`);
      }
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
  }

  /** Mails to `address` so far. */
  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  clear(): void {
    this.mails.length = 0;
    this.connections = 0;
    this.maxOpenConnections = this.openConnections;
    this.delayMs = 0;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolveClose) => this.server.close(() => resolveClose()));
  }
}

/** The value of `name` in the first link of a mail's text that contains `path`. */
export function linkParameter(mail: ReceivedMail, path: string, name = "token"): string {
  const match = mail.text.match(new RegExp(`https?://\\S*${path.replace(/[/?]/g, "\\$&")}\\?\\S+`));
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}":\n${mail.text}`);
  const value = new URL(match[0]).searchParams.get(name);
  if (!value) throw new Error(`link ${match[0]} has no ${name}`);
  return value;
}
