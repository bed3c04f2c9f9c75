import type { EventView } from "@plaza/contracts/events";
import type { TestClient } from "../test-app";

/** A valid POST /api/events body: a public evening at an address, ten days after the test clock's start. */
export function eventBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: "Night market",
    description: "Food stalls and music",
    startsAt: "2026-06-11T19:00:00+02:00",
    endsAt: "2026-06-11T23:00:00+02:00",
    timeZone: "Europe/Paris",
    place: { name: "Town square", address: "1 Main St", latitude: 48.85, longitude: 2.35 },
    category: "food",
    ...overrides,
  };
}

/** An event created through the API by `host`. */
export async function buildEvent(host: TestClient, overrides: Record<string, unknown> = {}): Promise<EventView> {
  const response = await host.post("/api/events", eventBody(overrides));
  if (response.statusCode !== 201) throw new Error(`buildEvent failed: ${response.statusCode} ${response.body}`);
  return response.json<EventView>();
}
