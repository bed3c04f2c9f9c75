import { SOCIAL_PLATFORMS } from "@plaza/contracts/social-links";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

describe("PUT /api/users/{userId}/social-links: each link matches its platform", () => {
  it.each(SOCIAL_PLATFORMS.map((platform) => [platform.name, platform] as const))(
    "%s: a foreign address is refused with the platform's message, its own kind of address is saved",
    async (_name, platform) => {
      const { client, user } = await buildUser(harness.app);
      const url = `/api/users/${user.id}/social-links`;
      const foreign = await client.put(url, { socialLinks: { [platform.key]: "https://evil.example/ada_lovelace" } });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toBe(`Please enter a valid ${platform.name} URL`);

      const saved = await client.put(url, { socialLinks: { [platform.key]: platform.placeholder } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().socialLinks).toEqual({ [platform.key]: platform.placeholder });
    },
  );

  it("refuses a platform it doesn't know, and keeps the links saved before", async () => {
    const { client, user } = await buildUser(harness.app);
    const url = `/api/users/${user.id}/social-links`;
    await client.put(url, { socialLinks: { github: "https://github.com/ada" } });
    const unknown = await client.put(url, { socialLinks: { myspace: "https://myspace.com/ada" } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Unknown platform");
    const mixed = await client.put(url, {
      socialLinks: { github: "https://github.com/ada", instagram: "https://instagram.evil.example/ada" },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe("Please enter a valid Instagram URL");
    expect((await client.get(`/api/users/${user.id}`)).json().socialLinks).toEqual({
      github: "https://github.com/ada",
    });
  });
});
