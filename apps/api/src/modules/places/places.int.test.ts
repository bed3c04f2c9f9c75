import { PLACE_MESSAGES } from "@plaza/contracts/places";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
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

describe("GET /api/places/town", () => {
  it("401, 400 without a city, the most populous town of the name (in the country when given), 404 unknown", async () => {
    expect((await new TestClient(harness.app).get("/api/places/town?city=Portland")).statusCode).toBe(401);
    const { client } = await buildUser(harness.app);
    const blank = await client.get("/api/places/town?city=%20");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("City is required");
    const portland = (await client.get("/api/places/town?city=portland&countryCode=US")).json();
    expect(portland.label).toBe("Portland, Oregon, United States");
    expect(portland.latitude).toBeCloseTo(45.52, 1);
    const hoodRiver = (await client.get("/api/places/town?city=Hood%20River")).json();
    expect(hoodRiver.label).toBe("Hood River, Oregon, United States");
    const unknown = await client.get("/api/places/town?city=Nowhereville%20Zzz");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("No town of that name");
  });
});
