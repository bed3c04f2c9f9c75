import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { SmtpInbox } from "../../../test/smtp-inbox";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { JOB_KINDS } from "../../jobs/kinds";
import { EVENT_REMINDERS_JOB, sendEventReminders } from "./event-reminders.service";

let harness: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await SmtpInbox.start();
  harness = await buildTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: "https://plaza.example" });
});
afterAll(async () => {
  await harness.close();
  await inbox.close();
});

/** Moves the manual clock to `iso`. */
function setClock(iso: string) {
  harness.clock.advance(new Date(iso).getTime() - harness.clock.now().getTime());
}

async function reminders(client: TestClient) {
  const list = (await client.get("/api/notifications")).json();
  const items: { type: string; text: string; link: string }[] = Array.isArray(list) ? list : list.items;
  return items.filter((item) => item.type === "event_reminder");
}

async function settled(): Promise<void> {
  await harness.context.mail.idle();
  await harness.context.mail.drain();
}

describe("event reminders (the event-reminders job)", () => {
  it("24 h and 1 h before: each going person once, in the app and by mail per preferences, in the event's zone", async () => {
    expect(JOB_KINDS.find((kind) => kind.name === EVENT_REMINDERS_JOB)?.every).toBeDefined();
    const { client: host } = await buildUser(harness.app);
    const guest = await buildUser(harness.app, { firstName: "Gia" });
    const quiet = await buildUser(harness.app, { firstName: "Quinn" });
    const maybe = await buildUser(harness.app);
    expect((await quiet.client.patch("/api/users/preferences", { emailNotifications: false })).statusCode).toBe(200);
    // 19:00 in New York on June 3rd is 23:00 UTC.
    const event = await buildEvent(host, {
      title: "Porch concert",
      startsAt: "2026-06-03T19:00:00-04:00",
      endsAt: "2026-06-03T21:00:00-04:00",
      timeZone: "America/New_York",
    });
    const cancelled = await buildEvent(host, {
      title: "Called off",
      startsAt: "2026-06-03T19:00:00-04:00",
      endsAt: "2026-06-03T21:00:00-04:00",
      timeZone: "America/New_York",
    });
    for (const person of [guest, quiet]) {
      await person.client.put(`/api/events/${event.id}/rsvp`, { status: "going" });
      await person.client.put(`/api/events/${cancelled.id}/rsvp`, { status: "going" });
    }
    await maybe.client.put(`/api/events/${event.id}/rsvp`, { status: "interested" });
    await host.post(`/api/events/${cancelled.id}/cancel`);

    setClock("2026-06-02T22:59:00Z");
    expect(await sendEventReminders(harness.context)).toBe(0);
    expect(await reminders(guest.client)).toEqual([]);

    setClock("2026-06-02T23:00:00Z");
    // Two processes at once: each reminder is claimed by one of them.
    const [first, second] = await Promise.all([
      sendEventReminders(harness.context),
      sendEventReminders(harness.context),
    ]);
    expect(first + second).toBe(2);
    expect(await sendEventReminders(harness.context)).toBe(0);
    const [day] = await reminders(guest.client);
    expect(day).toMatchObject({
      text: "“Porch concert” starts in 24 hours (Wed, Jun 3, 7:00 PM EDT)",
      link: `/events/${event.id}`,
    });
    expect(await reminders(quiet.client)).toHaveLength(1);
    expect(await reminders(maybe.client)).toEqual([]);
    await settled();
    const mail = await inbox.waitForMail(guest.user.email, /Porch concert/);
    expect(mail.subject).toContain("“Porch concert” starts in 24 hours (Wed, Jun 3, 7:00 PM EDT)");
    expect(mail.text).toContain(`https://plaza.example/events/${event.id}`);
    expect(inbox.mailsTo(quiet.user.email).filter((sent) => /Porch concert/.test(sent.subject))).toEqual([]);

    setClock("2026-06-02T23:30:00Z");
    expect(await sendEventReminders(harness.context)).toBe(0);
    setClock("2026-06-03T22:00:00Z");
    expect(await sendEventReminders(harness.context)).toBe(2);
    expect(await sendEventReminders(harness.context)).toBe(0);
    const texts = (await reminders(guest.client)).map((item) => item.text);
    expect(texts).toContain("“Porch concert” starts in 1 hour (Wed, Jun 3, 7:00 PM EDT)");
    expect(texts).toHaveLength(2);
    await inbox.waitForMail(guest.user.email, /in 1 hour/);

    // Once it has started, nothing more.
    setClock("2026-06-03T23:00:01Z");
    expect(await sendEventReminders(harness.context)).toBe(0);
  });
});
