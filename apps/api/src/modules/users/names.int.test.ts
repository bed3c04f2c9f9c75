import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness } from "../../../test/factories/businesses";
import { buildUser, userAttributes } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

/** Line breaks, tabs and each kind of bidirectional control (embedding, override, isolate), inside and at the ends. */
const SPOOFS = [
  ["a line break", "Maya\nAdmin"],
  ["a carriage return", "Maya\rAdmin"],
  ["a trailing line break", "Maya\n"],
  ["a tab", "Maya\tShoots"],
  ["a left-to-right embedding U+202A", "Maya\u202Ax"],
  ["a right-to-left override U+202E", "Maya\u202Egnp.exe"],
  ["a pop directional formatting U+202C", "Maya\u202C"],
  ["a left-to-right isolate U+2066", "\u2066Maya"],
  ["a pop directional isolate U+2069", "Maya\u2069"],
] as const;

describe("names refuse line breaks, tabs and bidirectional controls (docs/PRODUCT.md 'Names')", () => {
  it.each(SPOOFS)("sign-up refuses %s in the first and the last name, naming the field", async (_what, name) => {
    const first = await new TestClient(harness.app).post("/api/auth/register", userAttributes({ firstName: name }));
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe("First name can't contain line breaks, tabs or text-direction characters");
    const last = await new TestClient(harness.app).post("/api/auth/register", userAttributes({ lastName: name }));
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe("Last name can't contain line breaks, tabs or text-direction characters");
  });

  it.each(SPOOFS)("the profile refuses %s and keeps the old name", async (_what, name) => {
    const { client, user } = await buildUser(harness.app);
    const response = await client.patch("/api/users/profile", {
      firstName: "Ada",
      lastName: name,
      username: user.username,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Last name can't contain line breaks, tabs or text-direction characters");
    expect((await client.get("/api/auth/user")).json().lastName).toBe(user.lastName);
  });

  it.each(SPOOFS)("creating and renaming a business refuse %s", async (_what, name) => {
    const { owner, business } = await buildBusiness(harness.app);
    const created = await owner.post("/api/businesses", { name, category: "cafe", latitude: 45.7, longitude: -121.5 });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe("Business name can't contain line breaks, tabs or text-direction characters");
    const renamed = await owner.patch(`/api/businesses/${business.id}`, { name });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe("Business name can't contain line breaks, tabs or text-direction characters");
    expect((await owner.get(`/api/businesses/${business.id}`)).json().name).toBe(business.name);
  });

  it("still takes names with spaces, accents, apostrophes and right-to-left letters", async () => {
    const { client, user } = await buildUser(harness.app, { firstName: "Zoë Anne", lastName: "O'Brien-Núñez" });
    expect(user.firstName).toBe("Zoë Anne");
    const hebrew = await client.patch("/api/users/profile", {
      firstName: "דנה",
      lastName: "כהן",
      username: user.username,
    });
    expect(hebrew.statusCode).toBe(200);
  });
});
