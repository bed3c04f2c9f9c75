import type { SearchResultsView } from "@plaza/contracts/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

describe("GET /api/search?type=events&q=", () => {
  it("finds upcoming events the viewer may see by title: not cancelled, past or hidden ones", async () => {
    const { client: host } = await buildUser(harness.app);
    const { client: searcher, user: searcherUser } = await buildUser(harness.app);
    const jazz = await buildEvent(host, { title: "Harbour Jazz night" });
    const later = await buildEvent(host, {
      title: "Second jazz brunch",
      startsAt: "2026-06-20T11:00:00+02:00",
      endsAt: "2026-06-20T13:00:00+02:00",
    });
    const cancelled = await buildEvent(host, { title: "Cancelled jazz" });
    await host.post(`/api/events/${cancelled.id}/cancel`);
    const secret = await buildEvent(host, {
      title: "Secret jazz party",
      visibility: "invite",
      startsAt: "2026-06-12T19:00:00+02:00",
      endsAt: "2026-06-12T23:00:00+02:00",
    });
    const over = await buildEvent(host, {
      title: "Jazz that is over",
      startsAt: new Date(harness.clock.now().getTime() + 3_600_000).toISOString(),
      endsAt: new Date(harness.clock.now().getTime() + 7_200_000).toISOString(),
    });
    await buildEvent(host, { title: "Pottery class" });

    const find = async (query: string) => {
      const response = await searcher.get(`/api/search?${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json<SearchResultsView>();
    };
    let results = await find("type=events&q=JAZZ");
    expect(results.events.map((event) => event.id)).toEqual([over.id, jazz.id, later.id]);
    expect(results.people).toEqual([]);
    expect(results.events[0]).toMatchObject({ title: "Jazz that is over", viewer: { isHost: false } });

    harness.clock.advance(3 * 3_600_000);
    results = await find("type=events&q=jazz");
    expect(results.events.map((event) => event.id)).toEqual([jazz.id, later.id]);

    await host.post(`/api/events/${secret.id}/invitations`, { userIds: [searcherUser.id] });
    results = await find("q=jazz");
    expect(results.events.map((event) => event.id)).toEqual([jazz.id, secret.id, later.id]);
    // Wildcards are searched for, not expanded.
    expect((await find("type=events&q=%25")).events).toEqual([]);
    expect((await searcher.get("/api/search?type=gigs&q=jazz")).statusCode).toBe(400);
  });
});
