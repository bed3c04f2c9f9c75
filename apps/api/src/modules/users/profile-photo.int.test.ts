import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;
let photo: Buffer;

beforeAll(async () => {
  harness = await buildTestApp();
  photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#cc6633" } })
    .jpeg({ quality: 90 })
    .toBuffer();
});
afterAll(() => harness.close());

async function uploadPhoto(client: TestClient): Promise<string> {
  const { uploadURL, objectUrl } = (await client.post("/api/objects/upload")).json();
  const response = await client.request({
    method: "PUT",
    url: uploadURL,
    payload: photo,
    headers: { "content-type": "image/jpeg" },
  });
  expect(response.statusCode).toBe(200);
  return objectUrl;
}

describe("PUT /api/profile/photo", () => {
  it("answers 401 without a session", async () => {
    const response = await new TestClient(harness.app).put("/api/profile/photo", {
      profileImageUrl: "/uploads/x.webp",
    });
    expect(response.statusCode).toBe(401);
  });

  it("answers 400 without an address and for addresses that are not our own checked uploads", async () => {
    const { client } = await buildUser(harness.app);
    const { client: other } = await buildUser(harness.app);
    const missing = await client.put("/api/profile/photo", {});
    expect(missing.statusCode).toBe(400);
    const othersPhoto = await uploadPhoto(other);
    const pending = (await client.post("/api/objects/upload")).json().objectUrl;
    for (const profileImageUrl of [
      "https://evil.example/cat.png",
      "javascript:alert(1)",
      othersPhoto,
      pending,
      "/uploads/../../etc/passwd",
    ]) {
      const response = await client.put("/api/profile/photo", { profileImageUrl });
      expect(response.statusCode, profileImageUrl).toBe(400);
      expect(response.json().message).toBe("Only photos uploaded to Plaza can be used");
    }
  });

  it("saves the viewer's own uploaded photo and shows it on the profile", async () => {
    const { client, user } = await buildUser(harness.app);
    const objectUrl = await uploadPhoto(client);
    const response = await client.put("/api/profile/photo", { profileImageUrl: objectUrl });
    expect(response.statusCode).toBe(200);
    expect(response.json().profileImageUrl).toBe(objectUrl);
    expect((await new TestClient(harness.app).get(`/api/users/${user.id}`)).json().profileImageUrl).toBe(objectUrl);
  });
});
