import type { PostView } from "@plaza/contracts/posts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBlock } from "../../../test/factories/blocks";
import { buildBusiness } from "../../../test/factories/businesses";
import { insertSubscription, insertUnlock } from "../../../test/factories/payments";
import { buildPost } from "../../../test/factories/posts";
import { uploadTestImage } from "../../../test/factories/uploads";
import { buildUser, setVisibility } from "../../../test/factories/users";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

/** Every page of a business's photos, following X-Next-Cursor. */
async function allPhotos(client: TestClient, businessId: string, limit: number): Promise<PostView[]> {
  const seen: PostView[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 50; guard += 1) {
    const page = await client.get(
      `/api/businesses/${businessId}/photos?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
    );
    expect(page.statusCode, page.body).toBe(200);
    seen.push(...page.json<PostView[]>());
    cursor = page.headers["x-next-cursor"] as string | undefined;
    if (!cursor) return seen;
  }
  throw new Error("too many pages");
}

async function photoPost(client: TestClient, businessId: string | null, title: string) {
  const url = await uploadTestImage(client);
  return buildPost(client, { title, media: [{ url }], businessId });
}

describe("Tag a place: a post linked to a business", () => {
  it("carries the business's id and name on the post; null removes it; only published places may be tagged", async () => {
    const { business } = await buildBusiness(harness.app, { publish: true, overrides: { name: "Tagged Tavern" } });
    const { business: draft } = await buildBusiness(harness.app, { overrides: { name: "Draft Diner" } });
    const { client } = await buildUser(harness.app);
    const post = await buildPost(client, { title: "Dinner", businessId: business.id });
    expect(post.business).toEqual({ id: business.id, name: "Tagged Tavern" });
    const read = await client.get(`/api/posts/${post.id}`);
    expect(read.json<PostView>().business).toEqual({ id: business.id, name: "Tagged Tavern" });

    for (const businessId of [draft.id, "00000000-0000-4000-8000-000000000000"]) {
      const refused = await client.post("/api/posts", { content: "Where?", businessId });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe("That place is not on Plaza (or not published yet)");
      const refusedEdit = await client.patch(`/api/posts/${post.id}`, { businessId });
      expect(refusedEdit.statusCode).toBe(400);
    }
    const bad = await client.post("/api/posts", { content: "Where?", businessId: "nope" });
    expect(bad.statusCode).toBe(400);

    const untagged = await client.patch(`/api/posts/${post.id}`, { businessId: null });
    expect(untagged.statusCode, untagged.body).toBe(200);
    expect(untagged.json<PostView>().business).toBeNull();
    const retagged = await client.patch(`/api/posts/${post.id}`, { businessId: business.id });
    expect(retagged.json<PostView>().business).toEqual({ id: business.id, name: "Tagged Tavern" });
  });
});

describe("GET /api/businesses/{id}/photos", () => {
  it("lists pictures of visible tagged posts only, under the feeds' rules (private accounts, blocks, paid posts)", async () => {
    const { business } = await buildBusiness(harness.app, { publish: true, overrides: { name: "Photo Cafe" } });
    const { business: other } = await buildBusiness(harness.app, { publish: true, overrides: { name: "Elsewhere" } });
    const { client: viewer, user: viewerUser } = await buildUser(harness.app);
    const { client: publicAuthor } = await buildUser(harness.app);
    const { client: privateAuthor, user: privateUser } = await buildUser(harness.app);
    const { client: blocked, user: blockedUser } = await buildUser(harness.app);
    const { client: creator } = await buildUser(harness.app, { profileType: "creator" });

    const shown = await photoPost(publicAuthor, business.id, "Latte art");
    await buildPost(publicAuthor, { title: "Words only", businessId: business.id });
    await photoPost(publicAuthor, other.id, "Another place");
    await photoPost(publicAuthor, null, "No place");
    await setVisibility(harness.context, privateUser.id, "private");
    const privatePhoto = await photoPost(privateAuthor, business.id, "Private visit");
    await photoPost(blocked, business.id, "Blocked visit");
    await insertBlock(harness.context, viewerUser.id, blockedUser.id);
    const paidUrl = await uploadTestImage(creator);
    await buildPost(creator, {
      title: "Paid visit",
      media: [{ url: paidUrl }],
      postType: "premium",
      price: 3,
      businessId: business.id,
    });

    const seen = await allPhotos(viewer, business.id, 10);
    expect(seen.map((post) => post.title)).toEqual(["Latte art"]);
    expect(seen[0]?.id).toBe(shown.id);
    expect(seen[0]?.media[0]?.type).toBe("image");
    expect(seen[0]?.business).toEqual({ id: business.id, name: "Photo Cafe" });

    // Signed out: public authors' free posts (the block was the viewer's), never the private or paid ones.
    const anonymous = await harness.app.inject({ method: "GET", url: `/api/businesses/${business.id}/photos` });
    expect(anonymous.statusCode).toBe(200);
    expect(
      anonymous
        .json<PostView[]>()
        .map((post) => post.title)
        .sort(),
    ).toEqual(["Blocked visit", "Latte art"]);

    // The private author still sees their own picture.
    const own = await allPhotos(privateAuthor, business.id, 10);
    expect(own.map((post) => post.id)).toContain(privatePhoto.id);

    const missing = await viewer.get("/api/businesses/00000000-0000-4000-8000-000000000000/photos");
    expect(missing.statusCode).toBe(404);
    const badLimit = await viewer.get(`/api/businesses/${business.id}/photos?limit=0`);
    expect(badLimit.statusCode).toBe(400);
  });

  it("shows a pay-per-view post's pictures to its buyers only, not to a subscriber who has not bought it", async () => {
    const { business } = await buildBusiness(harness.app, { publish: true, overrides: { name: "Paid Photos" } });
    const { client: creator, user: creatorUser } = await buildUser(harness.app, { profileType: "creator" });
    const { client: subscriber, user: subscriberUser } = await buildUser(harness.app);
    const url = await uploadTestImage(creator);
    const ppv = await buildPost(creator, {
      title: "Paid visit",
      media: [{ url }],
      postType: "ppv",
      price: 3,
      businessId: business.id,
    });
    const periodEnd = new Date(harness.clock.now().getTime() + 24 * 60 * 60 * 1000);
    await insertSubscription(harness.context, subscriberUser.id, creatorUser.id, periodEnd);
    expect(await allPhotos(subscriber, business.id, 10)).toEqual([]);
    await insertUnlock(harness.context, subscriberUser.id, ppv.id, creatorUser.id);
    expect((await allPhotos(subscriber, business.id, 10)).map((post) => post.id)).toEqual([ppv.id]);
  });

  it("pages newest first without duplicates or gaps, at every page size", async () => {
    const { business } = await buildBusiness(harness.app, { publish: true, overrides: { name: "Busy Bistro" } });
    const { client: author } = await buildUser(harness.app);
    const created: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      const post = await photoPost(author, business.id, `Plate ${index}`);
      created.push(post.id);
      // Two posts share each timestamp now and then: the id breaks the tie.
      if (index % 2 === 1) harness.clock.advance(1000);
    }
    const { client: reader } = await buildUser(harness.app);
    const newestFirst = (await allPhotos(reader, business.id, 20)).map((post) => post.id);
    expect(newestFirst).toHaveLength(7);
    expect(new Set(newestFirst)).toEqual(new Set(created));
    for (const limit of [1, 2, 3, 6]) {
      expect(
        (await allPhotos(reader, business.id, limit)).map((post) => post.id),
        `limit ${limit}`,
      ).toEqual(newestFirst);
    }
    const dates = (await allPhotos(reader, business.id, 20)).map((post) => post.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
