import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SmtpInbox } from "../../../test/smtp-inbox";
import { buildTestApp, type TestApp } from "../../../test/test-app";
import { mailOutbox } from "../../db/schema/mail";
import { renderMail } from "./layout";
import { MAIL_LANE_SENDS, MAIL_RETRY_DELAYS_MS } from "./mail-outbox";
import { claimDueMails } from "./mail-outbox.repository";
import { outboxFolder, SMTP_POOL_CONNECTIONS } from "./transport";

function sampleMail(to: string) {
  return {
    to,
    actionUrl: "http://plaza.test/verify-email?token=abc",
    ...renderMail(
      {
        subject: "Confirm your email",
        greeting: "Hi <Ann>,",
        paragraphs: ["Please confirm this address."],
        action: { label: "Confirm email", url: "http://plaza.test/verify-email?token=abc" },
      },
      "en",
    ),
  };
}

describe("mail over SMTP (SMTP_URL set)", () => {
  let inbox: SmtpInbox;
  let harness: TestApp;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    harness = await buildTestApp({ SMTP_URL: inbox.url, MAIL_FROM: "Plaza Town <hello@plaza.test>" });
  });
  afterAll(async () => {
    await harness.close();
    await inbox.close();
  });
  afterEach(() => inbox.clear());

  it("sends a queued mail with plain-text and HTML bodies, the product name and the sender", async () => {
    const { context } = harness;
    await context.mail.enqueue(context.db, sampleMail("ann@example.test"));
    context.mail.kick();
    const mail = await inbox.waitForMail("ann@example.test");
    expect(mail.subject).toBe("Confirm your email · Plaza");
    expect(mail.parsed.from?.text).toBe('"Plaza Town" <hello@plaza.test>');
    expect(mail.text).toContain("Confirm email: http://plaza.test/verify-email?token=abc");
    expect(mail.html).toContain('href="http://plaza.test/verify-email?token=abc"');
    expect(mail.html).toContain("Hi &lt;Ann&gt;,");
    await context.mail.idle();
    const [row] = await context.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, "ann@example.test"));
    expect(row?.sentAt).not.toBeNull();
    // One Message-ID per outbox row: a copy sent again after a crash is the same message.
    expect(mail.parsed.messageId).toBe(`<outbox-${row?.id}@plaza.test>`);
    // The single-use link does not stay in the database once the mail is out.
    expect(row?.textBody).toBe("");
    expect(row?.htmlBody).toBe("");
    expect(row?.actionUrl).toBeNull();
  });

  it("retries a refused mail after its backoff instead of losing it", async () => {
    const { context, clock } = harness;
    inbox.failNext(1);
    await context.mail.enqueue(context.db, sampleMail("retry@example.test"));
    context.mail.kick();
    await context.mail.idle();
    expect(inbox.mailsTo("retry@example.test")).toHaveLength(0);
    const [pending] = await context.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, "retry@example.test"));
    expect(pending?.attempts).toBe(1);
    expect(pending?.lastError).toMatch(/451/);
    expect(pending?.sentAt).toBeNull();

    // Not due yet: nothing is sent before the backoff.
    expect(await context.mail.drain()).toBe(0);
    clock.advance(MAIL_RETRY_DELAYS_MS[0] + 1);
    expect(await context.mail.drain()).toBe(1);
    await inbox.waitForMail("retry@example.test");
  });

  it("gives up after the last retry and keeps the mail marked failed", async () => {
    const { context, clock } = harness;
    inbox.failNext(100);
    await context.mail.enqueue(context.db, sampleMail("never@example.test"));
    for (let attempt = 0; attempt <= MAIL_RETRY_DELAYS_MS.length; attempt += 1) {
      await context.mail.drain();
      clock.advance(7 * 60 * 60 * 1000);
    }
    inbox.failNext(0);
    const [row] = await context.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, "never@example.test"));
    expect(row?.attempts).toBe(MAIL_RETRY_DELAYS_MS.length + 1);
    expect(row?.failedAt).not.toBeNull();
    expect(await context.mail.drain()).toBe(0);
    expect(inbox.mailsTo("never@example.test")).toHaveLength(0);
  });
});

describe("mail without SMTP_URL", () => {
  it("writes each mail as an .eml file in DATA_DIR/outbox and logs its link", async () => {
    const lines: string[] = [];
    const harness = await buildTestApp({ LOG_LEVEL: "info" }, { logStream: { write: (line) => lines.push(line) } });
    try {
      const { context } = harness;
      await context.mail.enqueue(context.db, sampleMail("file@example.test"));
      context.mail.kick();
      await context.mail.idle();
      const folder = outboxFolder(context.env);
      const files = readdirSync(folder);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
      const parsed = await simpleParser(readFileSync(join(folder, files[0] ?? "")));
      expect(parsed.subject).toBe("Confirm your email · Plaza");
      expect(parsed.text).toContain("http://plaza.test/verify-email?token=abc");
      expect(parsed.html).toContain("Confirm email");
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged.some((line) => String(line.msg).includes(`mail: sent as files in ${folder}`))).toBe(true);
      const written = logged.find((line) => line.msg === "mail written to file");
      expect(written?.link).toBe("http://plaza.test/verify-email?token=abc");
      // No recipient address in the log.
      expect(lines.join("\n")).not.toContain("file@example.test");
    } finally {
      await harness.close();
    }
  });
});

describe("mail at the speed of the mail server (docs/PRODUCT.md 'Accounts for real people')", () => {
  let inbox: SmtpInbox;
  let harness: TestApp;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    harness = await buildTestApp({ SMTP_URL: inbox.url });
  });
  afterAll(async () => {
    await harness.close();
    await inbox.close();
  });
  afterEach(() => inbox.clear());

  const notificationMail = (to: string) => ({ ...sampleMail(to), lane: "notification" as const });

  it("sends several mails at once over a few pooled connections", async () => {
    const { context } = harness;
    inbox.delayMs = 20;
    for (let index = 0; index < 60; index += 1)
      await context.mail.enqueue(context.db, sampleMail(`pool${index}@x.test`));
    expect(await context.mail.drain()).toBe(60);
    expect(inbox.mails).toHaveLength(60);
    // Not one connection per mail, one mail at a time (before: 60 connections, never two open).
    expect(inbox.maxOpenConnections, "several connections at once").toBeGreaterThan(1);
    expect(inbox.connections, "connections are kept and reused").toBeLessThanOrEqual(SMTP_POOL_CONNECTIONS.account);
  });

  it("never lets account mail wait behind notification mail", async () => {
    const { context, clock } = harness;
    inbox.delayMs = 30;
    for (let index = 0; index < 40; index += 1) {
      await context.mail.enqueue(context.db, notificationMail(`news${index}@x.test`));
    }
    clock.advance(1000);
    // Queued after every notification mail, it still goes out among the first.
    await context.mail.enqueue(context.db, sampleMail("urgent@x.test"));
    context.mail.kick();
    await inbox.waitForMail("urgent@x.test");
    const position = inbox.mails.findIndex((mail) => mail.to.includes("urgent@x.test"));
    expect(position).toBeLessThan(MAIL_LANE_SENDS.notification + 2);
    await context.mail.idle();
    expect(inbox.mails).toHaveLength(41);
    const [lane] = await context.db
      .select({ lane: mailOutbox.lane })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, "news0@x.test"));
    expect(lane?.lane).toBe("notification");
  });

  it("sends each mail once when two senders drain at the same time", async () => {
    const { context } = harness;
    inbox.delayMs = 5;
    for (let index = 0; index < 30; index += 1) {
      await context.mail.enqueue(
        context.db,
        index % 2 ? sampleMail(`twice${index}@x.test`) : notificationMail(`twice${index}@x.test`),
      );
    }
    const [first, second] = await Promise.all([context.mail.drain(), context.mail.drain()]);
    expect((first ?? 0) + (second ?? 0)).toBe(30);
    expect(inbox.mails).toHaveLength(30);
    expect(new Set(inbox.mails.map((mail) => mail.to[0])).size).toBe(30);
  });

  it("a mail claimed by a sender that died goes out once, after its lease", async () => {
    const { context, clock } = harness;
    await context.mail.enqueue(context.db, sampleMail("orphan@x.test"));
    const now = clock.now();
    // Another process claimed it, then died before sending.
    const claimed = await claimDueMails(context.db, "account", now, new Date(now.getTime() + 60_000), 10);
    expect(claimed.map((row) => row.recipient)).toEqual(["orphan@x.test"]);
    expect(await context.mail.drain()).toBe(0);
    clock.advance(60_001);
    expect(await context.mail.drain()).toBe(1);
    expect(await context.mail.drain()).toBe(0);
    expect(inbox.mailsTo("orphan@x.test")).toHaveLength(1);
  });
});

describe("WORKERS=off: an API process leaves mail to the worker", () => {
  it("sends nothing on its own; the worker's drain sends the mail", async () => {
    const inbox = await SmtpInbox.start();
    const api = await buildTestApp({ SMTP_URL: inbox.url, WORKERS: "off" });
    try {
      const { context } = api;
      await context.mail.enqueue(context.db, sampleMail("later@x.test"));
      context.mail.kick();
      await context.mail.idle();
      expect(inbox.mails).toHaveLength(0);
      const [row] = await context.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, "later@x.test"));
      expect(row?.sentAt).toBeNull();
      // What the worker's mail-outbox job does each second.
      expect(await context.mail.drain()).toBe(1);
      await inbox.waitForMail("later@x.test");
    } finally {
      await api.close();
      await inbox.close();
    }
  });
});
