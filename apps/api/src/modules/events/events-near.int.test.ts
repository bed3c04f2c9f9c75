import { EVENT_MESSAGES, type EventView } from "@plaza/contracts/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness } from "../../../test/factories/businesses";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const at = (latitude: number, longitude: number, name: string) => ({ name, address: "", latitude, longitude });

describe("GET /api/events?latitude=&longitude=&radius=", () => {
  it("400 naming the field: a radius outside 1–50 miles, or not all three", async () => {
    const client = new TestClient(harness.app);
    const cases: [string, string][] = [
      ["latitude=10&longitude=10&radius=0.5", "Radius must be at least 1 mile"],
      ["latitude=10&longitude=10&radius=51", "Radius must be at most 50 miles"],
      ["latitude=10&longitude=10", EVENT_MESSAGES.nearNeedsAll],
      ["latitude=10&radius=5", EVENT_MESSAGES.nearNeedsAll],
      ["latitude=91&longitude=10&radius=5", "atitude"],
    ];
    for (const [query, message] of cases) {
      const response = await client.get(`/api/events?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(message);
    }
  });

  it("keeps the events within the circle by the haversine; a business place is where the business is", async () => {
    const { client: host } = await buildUser(harness.app);
    const centre = await buildEvent(host, { place: at(10, 10, "Centre"), timeZone: "UTC" });
    // About 3.5 miles north: the event's own columns have no position, the business has.
    const { owner, business } = await buildBusiness(harness.app, {
      publish: true,
      overrides: { latitude: 10.05, longitude: 10 },
    });
    const atBusiness = await buildEvent(owner, { place: { businessId: business.id }, timeZone: "UTC" });
    const twentyMiles = await buildEvent(host, { place: at(10.3, 10, "Twenty miles"), timeZone: "UTC" });
    await buildEvent(host, { place: at(11, 10, "Seventy miles"), timeZone: "UTC" });
    // Inside the bounding box of 25 miles (its corner) but farther than 25 miles: the haversine leaves it out.
    await buildEvent(host, { place: at(10.33, 10.33, "Box corner"), timeZone: "UTC" });

    const near = async (radius: number) =>
      (await new TestClient(harness.app).get(`/api/events?latitude=10&longitude=10&radius=${radius}&limit=50`))
        .json<EventView[]>()
        .map((event) => event.id)
        .sort();
    expect(await near(1)).toEqual([centre.id]);
    expect(await near(5)).toEqual([centre.id, atBusiness.id].sort());
    expect(await near(25)).toEqual([centre.id, atBusiness.id, twentyMiles.id].sort());
    expect(await near(50)).toHaveLength(4);
  });
});
