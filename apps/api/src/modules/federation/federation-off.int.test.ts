import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp } from "../../../test/test-app";
import { buildEnv, ConfigError } from "../../config/env";

describe("federation off (the default)", () => {
  let plaza: TestApp;
  const logs: string[] = [];

  beforeAll(async () => {
    plaza = await buildTestApp({ LOG_LEVEL: "info" }, { logStream: { write: (line) => void logs.push(line) } });
  });
  afterAll(() => plaza.close());

  it("mounts nothing of ActivityPub, and says so in one start-up line", async () => {
    const { user } = await buildUser(plaza.app);
    const finger = await plaza.app.inject({
      url: `/.well-known/webfinger?resource=${encodeURIComponent(`acct:${user.username}@localhost`)}`,
    });
    expect(finger.headers["content-type"] ?? "").not.toContain("jrd");
    const actor = await plaza.app.inject({
      url: `/ap/users/${user.id}`,
      headers: { accept: "application/activity+json" },
    });
    expect(actor.statusCode).toBe(404);
    expect((await plaza.app.inject({ url: "/nodeinfo/2.1" })).statusCode).toBe(404);
    const lines = logs.filter((line) => line.includes("federation:"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string).msg).toMatch(/^federation: off/);
  });

  it("keeps each account's choice to be discoverable on other servers (on by default for a public account)", async () => {
    const { client } = await buildUser(plaza.app);
    const initial = await client.get("/api/federation/settings");
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ isAvailable: false, isDiscoverable: true, handle: null });
    const changed = await client.put("/api/federation/settings", { isDiscoverable: false });
    expect(changed.json()).toEqual({ isAvailable: false, isDiscoverable: false, handle: null });
    expect((await client.get("/api/federation/settings")).json().isDiscoverable).toBe(false);
    expect((await client.put("/api/federation/settings", { isDiscoverable: "yes" })).statusCode).toBe(400);
  });

  it("refuses to start with FEDERATION=on but no https PUBLIC_URL, in one sentence", () => {
    const refusal =
      /FEDERATION: FEDERATION=on needs an https PUBLIC_URL \(the address other servers reach this one at\)$/;
    expect(() => buildEnv({ FEDERATION: "on" })).toThrow(refusal);
    expect(() => buildEnv({ FEDERATION: "on", PUBLIC_URL: "http://plaza.example" })).toThrow(ConfigError);
    expect(() => buildEnv({ FEDERATION: "on", PUBLIC_URL: "http://127.0.0.1:3000" })).toThrow(refusal);
    expect(() =>
      buildEnv({ FEDERATION: "on", FEDERATION_ALLOW_LOOPBACK: "on", PUBLIC_URL: "http://plaza.example" }),
    ).toThrow(refusal);
    expect(buildEnv({ FEDERATION: "on", PUBLIC_URL: "https://plaza.example" }).FEDERATION).toBe(true);
    expect(
      buildEnv({ FEDERATION: "on", FEDERATION_ALLOW_LOOPBACK: "on", PUBLIC_URL: "http://127.0.0.1:3000" }).FEDERATION,
    ).toBe(true);
  });
});
