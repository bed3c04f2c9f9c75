import { EVENT_MESSAGES, type EventView } from "@plaza/contracts/events";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBlock } from "../../../test/factories/blocks";
import { buildBusiness } from "../../../test/factories/businesses";
import { buildEvent, eventBody } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp } from "../../../test/test-app";
import { notifications } from "../../db/schema/notifications";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

async function notificationsOf(userId: string, type: string) {
  return harness.context.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
}

describe("co-hosts", () => {
  it("400 naming coHostIds: more than 5, the creator, an unknown or blocked account", async () => {
    const { client, user } = await buildUser(harness.app);
    const { user: blocked } = await buildUser(harness.app);
    await insertBlock(harness.context, blocked.id, user.id);
    const cases: [unknown, string][] = [
      [Array.from({ length: 6 }, () => MISSING_ID), EVENT_MESSAGES.tooManyCoHosts],
      [[user.id], EVENT_MESSAGES.coHostSelf],
      [[MISSING_ID], EVENT_MESSAGES.coHostNotFound],
      [[blocked.id], EVENT_MESSAGES.coHostNotFound],
      [["nobody"], "Invalid co-host id"],
    ];
    for (const [coHostIds, message] of cases) {
      const response = await client.post("/api/events", eventBody({ coHostIds }));
      expect(response.statusCode, JSON.stringify(coHostIds)).toBe(400);
      expect(response.json().message, JSON.stringify(coHostIds)).toContain(message);
    }
  });

  it("asked co-hosts are notified, shown among the hosts once they accept, then may edit and cancel", async () => {
    const { client: creator, user: creatorUser } = await buildUser(harness.app, { firstName: "Cleo" });
    const { client: coHost, user: coHostUser } = await buildUser(harness.app, { firstName: "Dan" });
    const { client: stranger } = await buildUser(harness.app);
    const event = await buildEvent(creator, { coHostIds: [coHostUser.id], visibility: "invite" });
    expect(event.hosts.map((host) => host.id)).toEqual([creatorUser.id]);
    const [asked] = await notificationsOf(coHostUser.id, "event_co_host_invited");
    expect(asked).toMatchObject({ actorId: creatorUser.id, entityType: "event", entityId: event.id });

    // Asked but not accepted: sees the (invite-only) event, may not edit it yet.
    const pending = (await coHost.get(`/api/events/${event.id}`)).json<EventView>().viewer;
    expect([pending.isHost, pending.isAskedToCoHost]).toEqual([false, true]);
    expect((await creator.get(`/api/events/${event.id}`)).json<EventView>().viewer.isAskedToCoHost).toBe(false);
    expect((await coHost.patch(`/api/events/${event.id}`, { title: "Mine now" })).statusCode).toBe(403);
    expect((await stranger.post(`/api/events/${event.id}/co-hosts/accept`)).statusCode).toBe(403);
    expect((await coHost.post(`/api/events/${MISSING_ID}/co-hosts/accept`)).statusCode).toBe(404);

    const accepted = await coHost.post(`/api/events/${event.id}/co-hosts/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<EventView>().hosts.map((host) => host.id)).toEqual([creatorUser.id, coHostUser.id]);
    expect(accepted.json<EventView>().viewer.isHost).toBe(true);
    expect(accepted.json<EventView>().viewer.isAskedToCoHost).toBe(false);
    expect((await coHost.post(`/api/events/${event.id}/co-hosts/accept`)).statusCode).toBe(200);

    const renamed = await coHost.patch(`/api/events/${event.id}`, { title: "Co-hosted market" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<EventView>().title).toBe("Co-hosted market");
    const hosting = (await coHost.get("/api/events?mine=hosting&limit=50")).json<EventView[]>();
    expect(hosting.map((row) => row.id)).toContain(event.id);
    expect((await coHost.post(`/api/events/${event.id}/cancel`)).json<EventView>().isCancelled).toBe(true);
  });

  it("PATCH coHostIds replaces the co-hosts: new ones are asked, those left out stop hosting", async () => {
    const { client: creator } = await buildUser(harness.app);
    const { client: first, user: firstUser } = await buildUser(harness.app);
    const { user: second } = await buildUser(harness.app);
    const event = await buildEvent(creator, { coHostIds: [firstUser.id] });
    await first.post(`/api/events/${event.id}/co-hosts/accept`);
    const changed = await creator.patch(`/api/events/${event.id}`, { coHostIds: [second.id] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<EventView>().hosts).toHaveLength(1);
    expect(await notificationsOf(second.id, "event_co_host_invited")).toHaveLength(1);
    expect((await first.patch(`/api/events/${event.id}`, { title: "Not mine" })).statusCode).toBe(403);
  });

  it("a series: accepting once makes them a host of every occurrence", async () => {
    const { client: creator } = await buildUser(harness.app);
    const { client: coHost, user: coHostUser } = await buildUser(harness.app);
    const first = await buildEvent(creator, { coHostIds: [coHostUser.id], recurrence: "FREQ=WEEKLY;COUNT=3" });
    expect(await notificationsOf(coHostUser.id, "event_co_host_invited")).toHaveLength(1);
    await coHost.post(`/api/events/${first.id}/co-hosts/accept`);
    const hosting = (await coHost.get("/api/events?mine=hosting&limit=50")).json<EventView[]>();
    expect(hosting.filter((row) => row.seriesId === first.seriesId)).toHaveLength(3);
  });

  it("a business's page lists the events at it only when its owner hosts or co-hosts them", async () => {
    const { owner, ownerId, business } = await buildBusiness(harness.app, { publish: true });
    const { client: organiser } = await buildUser(harness.app);
    const place = { businessId: business.id };
    const ownEvent = await buildEvent(owner, { place, timeZone: "UTC" });
    const elsewhere = await buildEvent(organiser, { place, timeZone: "UTC", title: "Pop-up" });
    const together = await buildEvent(organiser, { place, timeZone: "UTC", coHostIds: [ownerId] });
    const listed = async () =>
      (await organiser.get(`/api/events?businessId=${business.id}&limit=50`)).json<EventView[]>().map((row) => row.id);
    expect(await listed()).toEqual([ownEvent.id]);
    expect(await listed()).not.toContain(elsewhere.id);
    await owner.post(`/api/events/${together.id}/co-hosts/accept`);
    expect(await listed()).toEqual(expect.arrayContaining([ownEvent.id, together.id]));
    expect(await listed()).not.toContain(elsewhere.id);
  });
});

describe("POST /api/events/{id}/invitations", () => {
  it("hosts invite: the invited are notified once and may see and answer an invite-only event", async () => {
    const { client: host, user: hostUser } = await buildUser(harness.app);
    const { client: guest, user: guestUser } = await buildUser(harness.app);
    const { client: other } = await buildUser(harness.app);
    const event = await buildEvent(host, { visibility: "invite" });
    expect((await guest.get(`/api/events/${event.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/events/${event.id}/invitations`, { userIds: [guestUser.id] })).statusCode).toBe(404);

    const invited = await host.post(`/api/events/${event.id}/invitations`, { userIds: [guestUser.id, guestUser.id] });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toEqual({ invitedCount: 1 });
    expect((await host.post(`/api/events/${event.id}/invitations`, { userIds: [guestUser.id] })).json()).toEqual({
      invitedCount: 0,
    });
    const notes = await notificationsOf(guestUser.id, "event_invited");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ actorId: hostUser.id, entityId: event.id });

    expect((await guest.get(`/api/events/${event.id}`)).statusCode).toBe(200);
    const answer = await guest.put(`/api/events/${event.id}/rsvp`, { status: "going" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: "going" });
    // A guest is not a host: they cannot invite.
    const byGuest = await guest.post(`/api/events/${event.id}/invitations`, { userIds: [hostUser.id] });
    expect(byGuest.statusCode).toBe(403);
  });

  it("400 naming userIds: none, too many, unknown or blocked accounts", async () => {
    const { client: host, user: hostUser } = await buildUser(harness.app);
    const { user: blocker } = await buildUser(harness.app);
    await insertBlock(harness.context, blocker.id, hostUser.id);
    const event = await buildEvent(host, { visibility: "invite" });
    const cases: [unknown, string][] = [
      [[], EVENT_MESSAGES.inviteSomeone],
      [Array.from({ length: 51 }, () => MISSING_ID), EVENT_MESSAGES.tooManyInvitations],
      [[MISSING_ID], EVENT_MESSAGES.inviteeNotFound],
      [[blocker.id], EVENT_MESSAGES.inviteeNotFound],
    ];
    for (const [userIds, message] of cases) {
      const response = await host.post(`/api/events/${event.id}/invitations`, { userIds });
      expect(response.statusCode, JSON.stringify(userIds)).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });
});
