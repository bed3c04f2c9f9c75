import type { EventView } from "@plaza/contracts/events";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvent } from "../../../test/factories/events";
import { insertFollow } from "../../../test/factories/follows";
import { buildUser } from "../../../test/factories/users";
import { readsOf } from "../../../test/table-reads";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { FRIENDS_GOING_SHOWN, listFriendsGoing } from "./friends-going.repository";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

describe("friendsGoing on the event view", () => {
  it("names the people the viewer follows who are going, not the rest, on the event and in lists", async () => {
    const { client: host } = await buildUser(harness.app);
    const { client: viewerClient, user: viewer } = await buildUser(harness.app);
    const { client: jess, user: jessUser } = await buildUser(harness.app, { firstName: "Jess", lastName: "Going" });
    const { client: kim, user: kimUser } = await buildUser(harness.app, { firstName: "Kim", lastName: "Maybe" });
    const { client: stranger } = await buildUser(harness.app);
    await insertFollow(harness.context, viewer.id, jessUser.id);
    await insertFollow(harness.context, viewer.id, kimUser.id);
    const event = await buildEvent(host, { title: "Friends night" });
    const other = await buildEvent(host, { title: "Nobody's night" });
    for (const [client, status] of [
      [jess, "going"],
      [kim, "interested"],
      [stranger, "going"],
    ] as const) {
      expect((await client.put(`/api/events/${event.id}/rsvp`, { status })).statusCode).toBe(200);
    }

    const view = (await viewerClient.get(`/api/events/${event.id}`)).json<EventView>();
    expect(view.friendsGoing).toEqual([{ id: jessUser.id, name: "Jess Going", profileImageUrl: null }]);
    expect(view.friendsGoingCount).toBe(1);
    expect(view.goingCount).toBe(2);

    const list = (await viewerClient.get(`/api/events?hostId=${event.hosts[0]?.id}&limit=50`)).json<EventView[]>();
    expect(list.find((item) => item.id === event.id)?.friendsGoingCount).toBe(1);
    expect(list.find((item) => item.id === other.id)?.friendsGoing).toEqual([]);

    // Signed out, and for someone who follows nobody going: nobody named.
    const anonymous = (await new TestClient(harness.app).get(`/api/events/${event.id}`)).json<EventView>();
    expect([anonymous.friendsGoing, anonymous.friendsGoingCount]).toEqual([[], 0]);
    const hostView = (await host.get(`/api/events/${event.id}`)).json<EventView>();
    expect(hostView.friendsGoingCount).toBe(0);
  });

  it("names at most a few and counts them all; one who leaves is no longer counted", async () => {
    const { client: host } = await buildUser(harness.app);
    const { client: viewerClient, user: viewer } = await buildUser(harness.app);
    const event = await buildEvent(host);
    const friends = [];
    for (let index = 0; index < FRIENDS_GOING_SHOWN + 2; index += 1) {
      const friend = await buildUser(harness.app);
      await insertFollow(harness.context, viewer.id, friend.user.id);
      await friend.client.put(`/api/events/${event.id}/rsvp`, { status: "going" });
      friends.push(friend);
    }
    let view = (await viewerClient.get(`/api/events/${event.id}`)).json<EventView>();
    expect(view.friendsGoing).toHaveLength(FRIENDS_GOING_SHOWN);
    expect(view.friendsGoingCount).toBe(FRIENDS_GOING_SHOWN + 2);
    await friends[0]?.client.put(`/api/events/${event.id}/rsvp`, { status: "not_going" });
    view = (await viewerClient.get(`/api/events/${event.id}`)).json<EventView>();
    expect(view.friendsGoingCount).toBe(FRIENDS_GOING_SHOWN + 1);
    expect(view.friendsGoing.map((person) => person.id)).not.toContain(friends[0]?.user.id);
  });

  it("reads only the viewer's friends' answers among thousands (row counts)", async () => {
    const { client: host } = await buildUser(harness.app);
    const { user: me } = await buildUser(harness.app);
    const event = await buildEvent(host);
    const db = harness.context.db;
    const insertPeople = async (prefix: string, count: number) =>
      (
        (await db.execute(sql`
          insert into users (email, password_hash, username, preferences)
          select ${prefix} || n || '@example.test', 'x', ${prefix} || n, '{}'::jsonb
          from generate_series(1, ${count}::int) as n returning id`)) as unknown as { rows: { id: string }[] }
      ).rows.map((row) => row.id);
    const strangers = await insertPeople(`evs${me.id.slice(0, 6)}_`, 3000);
    const friends = await insertPeople(`evf${me.id.slice(0, 6)}_`, 10);
    for (const friend of friends) await insertFollow(harness.context, me.id, friend);
    await db.execute(sql`
      insert into event_rsvps (event_id, user_id, status)
      select ${event.id}::uuid, person, 'going' from unnest(${sql.raw(
        `array[${[...strangers, ...friends].map((id) => `'${id}'::uuid`).join(",")}]`,
      )}) as person`);
    await db.execute(sql`analyze`);

    const { rowsRead, seqScans } = await readsOf(db, "event_rsvps", async (tx) => {
      const byEvent = await listFriendsGoing(tx, me.id, [event.id]);
      expect(byEvent.get(event.id)?.count).toBe(10);
    });
    expect(seqScans).toBe(0);
    // The ten friends' answers by the primary key, not the 3,010 of the event.
    expect(rowsRead).toBeLessThanOrEqual(20);
  });
});
