import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Env } from "../../config/env";
import type { MailLane } from "../../db/schema/mail";

/** A mail ready to leave: one recipient, a subject, plain-text and HTML bodies. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The mail's main link (logged by the file transport, so a newcomer can follow it). */
  actionUrl?: string | null;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on notification mails. */
  headers?: Record<string, string>;
  /** `account` (the default: verification, reset, email change, security notices) or `notification`. */
  lane?: MailLane;
  /**
   * The outbox row's id: the mail's Message-ID is made of it, so a copy sent again (a worker that died after the
   * server took the mail but before it was marked sent) is the same message to the receiving side.
   */
  outboxId?: string;
  /** The sender's display name (the instance's name) when MAIL_FROM does not set one. */
  fromName?: string;
}

/** The sender of one mail: MAIL_FROM as set, else the default address under the instance's name. */
function senderOf(
  from: string,
  isNamedByInstance: boolean,
  mail: OutgoingMail,
): string | { name: string; address: string } {
  if (!isNamedByInstance || !mail.fromName) return from;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return { name: mail.fromName, address };
}

/** `<outbox-{id}@{the sender's domain}>`: one Message-ID per outbox row, however many times it is sent. */
export function messageIdOf(outboxId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "plaza.local";
  return `<outbox-${outboxId}@${domain}>`;
}

/** Delivers one mail or throws; the outbox decides about retries. */
export interface MailTransport {
  /** How mail leaves, for the start-up log line (never a password). */
  readonly description: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The sender: MAIL_FROM, else no-reply at the public host. */
export function mailSender(env: Env): string {
  if (env.MAIL_FROM) return env.MAIL_FROM;
  const host = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : "localhost";
  return `Plaza <no-reply@${host}>`;
}

let nodemailerModule: Promise<typeof import("nodemailer")> | null = null;

/**
 * nodemailer's createTransport, loaded with the first mail: ~10 MB of memory that a process sending none (most of
 * the time, most processes) does not hold (bench/results/history.md, idle memory).
 */
async function createTransport(
  options: Parameters<typeof import("nodemailer").createTransport>[0],
): Promise<Transporter> {
  nodemailerModule ??= import("nodemailer");
  return (await nodemailerModule).default.createTransport(options);
}

/**
 * SMTP connections kept open per lane (nodemailer's pooled transport: several mails at once, no new connection and
 * greeting per mail). Account mail has connections of its own, so a burst of notification mail never delays it.
 */
export const SMTP_POOL_CONNECTIONS: Record<MailLane, number> = { account: 4, notification: 2 };

/** Sends through the SMTP server of SMTP_URL (nodemailer; STARTTLS when the server offers it, smtps:// for TLS). */
export class SmtpMailTransport implements MailTransport {
  readonly description: string;
  private readonly options: Parameters<typeof createTransport>[0];
  private readonly transporters = new Map<MailLane, Promise<Transporter>>();

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly isNamedByInstance = false,
  ) {
    const url = new URL(smtpUrl);
    this.description = `SMTP ${url.protocol}//${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`;
    const isTls = url.protocol === "smtps:";
    this.options = {
      host: url.hostname,
      port: url.port ? Number(url.port) : isTls ? 465 : 587,
      secure: isTls,
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // A hung server must not hold the outbox drain for minutes (nodemailer waits up to 10 min by default).
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    };
  }

  async send(mail: OutgoingMail): Promise<void> {
    const lane = mail.lane ?? "account";
    let transporter = this.transporters.get(lane);
    if (!transporter) {
      transporter = createTransport({
        ...(this.options as object),
        pool: true,
        maxConnections: SMTP_POOL_CONNECTIONS[lane],
        maxMessages: 1000,
      } as Parameters<typeof createTransport>[0]);
      this.transporters.set(lane, transporter);
    }
    await (await transporter).sendMail({
      from: senderOf(this.from, this.isNamedByInstance, mail),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      ...(mail.outboxId ? { messageId: messageIdOf(mail.outboxId, this.from) } : {}),
    });
  }

  close(): void {
    for (const transporter of this.transporters.values()) void transporter.then((pooled) => pooled.close());
    this.transporters.clear();
  }
}

/**
 * Without SMTP_URL: each mail becomes `DATA_DIR/outbox/<time>-<id>.eml` (open it in any mail program) and its link
 * is logged, so `npm start` needs no mail server.
 */
export class FileMailTransport implements MailTransport {
  readonly description: string;
  private builder: Promise<Transporter> | null = null;

  constructor(
    private readonly folder: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly isNamedByInstance = false,
  ) {
    this.description = `files in ${folder}`;
  }

  async send(mail: OutgoingMail): Promise<void> {
    this.builder ??= createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    const built = await (await this.builder).sendMail({
      from: senderOf(this.from, this.isNamedByInstance, mail),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
    });
    await mkdir(this.folder, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = join(this.folder, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
    await writeFile(file, built.message as Buffer);
    this.log.info({ mailFile: file, subject: mail.subject, link: mail.actionUrl ?? undefined }, "mail written to file");
  }

  close(): void {
    void this.builder?.then((builder) => builder.close());
  }
}

export function outboxFolder(env: Env): string {
  return resolve(env.DATA_DIR, "outbox");
}

export function createMailTransport(env: Env, log: FastifyBaseLogger): MailTransport {
  const from = mailSender(env);
  // Without MAIL_FROM the sender is named after the instance (its settings, at each send).
  const isNamedByInstance = !env.MAIL_FROM;
  return env.SMTP_URL
    ? new SmtpMailTransport(env.SMTP_URL, from, isNamedByInstance)
    : new FileMailTransport(outboxFolder(env), from, log, isNamedByInstance);
}
