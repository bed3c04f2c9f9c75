import { PLACE_MESSAGES } from "@plaza/contracts/places";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

describe("GET /api/places/reverse", () => {
  it("401, 400 for a bad point, the town a point is in (big cities win at their edges), 404 at sea", async () => {
    const url = (latitude: number | string, longitude: number | string) =>
      `/api/places/reverse?latitude=${latitude}&longitude=${longitude}`;
    expect((await new TestClient(harness.app).get(url(45.7054, -121.5215))).statusCode).toBe(401);
    const { client } = await buildUser(harness.app);
    const invalid = await client.get(url(91, 0));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe("Invalid latitude");

    const hoodRiver = await client.get(url(45.7054, -121.5215));
    expect(hoodRiver.statusCode).toBe(200);
    expect(hoodRiver.json()).toEqual({
      city: "Hood River",
      state: "Oregon",
      country: "United States",
      countryCode: "US",
      label: "Hood River, Oregon, United States",
    });
    // The Eiffel Tower is nearer to Neuilly-sur-Seine's centre than to Paris's, and Times Square nearer to
    // Weehawken's: the town's size decides, as a person would name the place.
    expect((await client.get(url(48.8584, 2.2945))).json()).toMatchObject({ label: "Paris, France", state: null });
    expect((await client.get(url(40.758, -73.9855))).json().label).toBe("New York City, New York, United States");

    const atSea = await client.get(url(0, -140));
    expect(atSea.statusCode).toBe(404);
    expect(atSea.json().message).toBe(PLACE_MESSAGES.noPlaceNearby);
  });
});
