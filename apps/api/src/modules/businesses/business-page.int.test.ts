import { HOURS_MESSAGES } from "@plaza/contracts/business-hours";
import type { BusinessView } from "@plaza/contracts/businesses";
import { REVIEW_MESSAGES, type ReviewView } from "@plaza/contracts/checkins";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildBusiness, checkInAt } from "../../../test/factories/businesses";
import { insertFollow } from "../../../test/factories/follows";
import { buildUser, setVisibility } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;
let photo: Buffer;

beforeAll(async () => {
  harness = await buildTestApp();
  photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
});
afterAll(() => harness.close());
beforeEach(() => harness.clock.advance(60_000));

const anonymous = () => new TestClient(harness.app);
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

const reviewersOf = (response: { statusCode: number; json<T>(): T }) => {
  expect(response.statusCode).toBe(200);
  return response.json<ReviewView[]>().map((review) => review.user.id);
};

async function reviewedBusiness() {
  const { owner, ownerId, business } = await buildBusiness(harness.app, { publish: true });
  const reviewer = await buildUser(harness.app);
  const checkin = await checkInAt(reviewer.client, owner, business.id, { rating: 4, review: "Great flat white" });
  harness.clock.advance(1000);
  return {
    owner,
    ownerId,
    business,
    reviewer,
    reviewId: checkin.id as string,
    url: `/api/businesses/${business.id}/reviews`,
  };
}

describe("GET /api/businesses/{id}/reviews", () => {
  it("is public: verified reviews newest first with the reviewer and the owner's reply; 404 for drafts", async () => {
    const { owner, business, reviewer, url } = await reviewedBusiness();
    const silent = await buildUser(harness.app);
    await checkInAt(silent.client, owner, business.id); // a check-in without a rating is no review
    harness.clock.advance(1000);
    const second = await buildUser(harness.app);
    await checkInAt(second.client, owner, business.id, { rating: 2 });

    const response = await anonymous().get(url);
    expect(reviewersOf(response)).toEqual([second.user.id, reviewer.user.id]);
    const [, first] = response.json<ReviewView[]>();
    expect(first).toMatchObject({
      rating: 4,
      review: "Great flat white",
      verifiedVisit: true,
      ownerReply: null,
      user: { id: reviewer.user.id, username: reviewer.user.username, isVerified: false },
    });
    expect(Object.keys(first ?? {})).not.toContain("latitude");

    const draft = await buildBusiness(harness.app);
    expect((await anonymous().get(`/api/businesses/${draft.business.id}/reviews`)).statusCode).toBe(404);
    expect((await anonymous().get(`/api/businesses/${MISSING_ID}/reviews`)).statusCode).toBe(404);
  });

  it("pages by cursor in order, every review once", async () => {
    const { owner, business, url } = await reviewedBusiness();
    for (let index = 0; index < 4; index += 1) {
      const { client } = await buildUser(harness.app);
      await checkInAt(client, owner, business.id, { rating: (index % 5) + 1, review: `Review ${index}` });
      harness.clock.advance(1000);
    }
    const all = reviewersOf(await anonymous().get(`${url}?limit=50`));
    expect(all).toHaveLength(5);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await anonymous().get(`${url}?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...reviewersOf(page));
      cursor = page.headers["x-next-cursor"] as string | undefined;
    } while (cursor);
    expect(seen).toEqual(all);
    expect((await anonymous().get(`${url}?cursor=garbage`)).statusCode).toBe(400);
  });

  it("applies the visibility rules: private accounts, blocks either way, deleted accounts", async () => {
    const { url, reviewer } = await reviewedBusiness();
    const { client: follower, user: followerUser } = await buildUser(harness.app);
    const { client: stranger, user: strangerUser } = await buildUser(harness.app);
    await insertFollow(harness.context, followerUser.id, reviewer.user.id);
    await setVisibility(harness.context, reviewer.user.id, "private");
    expect(reviewersOf(await anonymous().get(url))).toEqual([]);
    expect(reviewersOf(await stranger.get(url))).toEqual([]);
    expect(reviewersOf(await follower.get(url))).toEqual([reviewer.user.id]);
    await setVisibility(harness.context, reviewer.user.id, "public");

    expect((await reviewer.client.post("/api/blocks", { blockedId: strangerUser.id })).statusCode).toBe(200);
    expect((await follower.post("/api/blocks", { blockedId: reviewer.user.id })).statusCode).toBe(200);
    expect(reviewersOf(await stranger.get(url))).toEqual([]);
    expect(reviewersOf(await follower.get(url))).toEqual([]);
    expect(reviewersOf(await anonymous().get(url))).toEqual([reviewer.user.id]);

    expect((await reviewer.client.post("/api/users/delete")).statusCode).toBe(200);
    expect(reviewersOf(await anonymous().get(url))).toEqual([]);
  });
});

describe("PUT/DELETE /api/reviews/{id}/reply", () => {
  it("lets the owner only reply, edit and delete; the reviewer is notified once", async () => {
    const { owner, business, reviewer, reviewId, url } = await reviewedBusiness();
    const replyUrl = `/api/reviews/${reviewId}/reply`;
    expect((await anonymous().put(replyUrl, { text: "Hi" })).statusCode).toBe(401);
    const { client: stranger } = await buildUser(harness.app);
    const refused = await stranger.put(replyUrl, { text: "Hi" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REVIEW_MESSAGES.onlyOwnerReplies);
    expect((await reviewer.client.put(replyUrl, { text: "Me" })).statusCode).toBe(403);
    const otherOwner = await buildBusiness(harness.app, { publish: true });
    expect((await otherOwner.owner.put(replyUrl, { text: "Hi" })).statusCode).toBe(403);
    expect((await owner.put(`/api/reviews/${MISSING_ID}/reply`, { text: "Hi" })).statusCode).toBe(404);

    const tooLong = await owner.put(replyUrl, { text: "x".repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(REVIEW_MESSAGES.replyTooLong);
    expect((await owner.put(replyUrl, { text: "   " })).statusCode).toBe(400);
    expect((await owner.put(replyUrl, {})).statusCode).toBe(400);
    expect((await anonymous().get(url)).json<ReviewView[]>()[0]?.ownerReply).toBeNull();

    const replied = await owner.put(replyUrl, { text: "x".repeat(1000) });
    expect(replied.statusCode).toBe(200);
    expect(replied.json<ReviewView>().ownerReply?.text).toHaveLength(1000);
    const edited = await owner.put(replyUrl, { text: "Thanks, see you soon!" });
    expect(edited.json<ReviewView>()).toMatchObject({ id: reviewId, ownerReply: { text: "Thanks, see you soon!" } });
    expect((await anonymous().get(url)).json<ReviewView[]>()[0]?.ownerReply?.text).toBe("Thanks, see you soon!");

    const notifications = (await reviewer.client.get("/api/notifications")).json<
      { type: string; link: string; data: { businessName?: string } }[]
    >();
    const replies = notifications.filter((notification) => notification.type === "review_reply");
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ link: `/business/${business.id}`, data: { businessName: business.name } });

    expect((await stranger.delete(replyUrl)).statusCode).toBe(403);
    expect((await owner.delete(replyUrl)).statusCode).toBe(204);
    expect((await anonymous().get(url)).json<ReviewView[]>()[0]?.ownerReply).toBeNull();
    expect((await owner.delete(replyUrl)).statusCode).toBe(404);
  });
});

const WEEK_OF_9_TO_17: BusinessView["hours"] = [
  { open: "09:00", close: "17:00" },
  { open: "09:00", close: "17:00" },
  { open: "09:00", close: "17:00" },
  { open: "09:00", close: "17:00" },
  { open: "09:00", close: "17:00" },
  { open: "18:00", close: "02:00" }, // Saturday runs past midnight
  null, // closed on Sunday
];

/** Sets the app clock to an absolute moment (the manual clock only moves forward). */
function setClock(iso: string) {
  const target = new Date(iso).getTime();
  const now = harness.clock.now().getTime();
  if (target < now) throw new Error(`clock would go back to ${iso}`);
  harness.clock.advance(target - now);
}

describe("business hours, time zone and isOpenNow", () => {
  it("refuses bad hours and unknown time zones with a 400 and a clear message", async () => {
    const { owner, business } = await buildBusiness(harness.app);
    const url = `/api/businesses/${business.id}`;
    expect((await owner.patch(url, { timeZone: "Mars/Olympus" })).json().message).toBe(HOURS_MESSAGES.timeZone);
    expect((await owner.patch(url, { timeZone: "+01:00" })).statusCode).toBe(400);
    expect((await owner.patch(url, { timeZone: 42 })).statusCode).toBe(400);
    expect((await owner.patch(url, { hours: [null, null] })).json().message).toBe(HOURS_MESSAGES.sevenDays);
    const badTime = await owner.patch(url, {
      hours: [{ open: "9am", close: "17:00" }, null, null, null, null, null, null],
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().message).toBe(HOURS_MESSAGES.timeFormat);
    const same = await owner.patch(url, {
      hours: [{ open: "09:00", close: "09:00" }, null, null, null, null, null, null],
    });
    expect(same.json().message).toBe(HOURS_MESSAGES.sameTimes);
    expect((await owner.get(url)).json()).toMatchObject({ hours: null, timeZone: "UTC", isOpenNow: false });
    // Names are stored in their canonical spelling.
    expect((await owner.patch(url, { timeZone: "europe/paris" })).json().timeZone).toBe("Europe/Paris");
  });

  it("computes isOpenNow in the business's zone, overnight hours included, and filters openNow=true", async () => {
    const tokyo = await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "Tokyo Ramen", hours: WEEK_OF_9_TO_17, timeZone: "Asia/Tokyo" },
    });
    const newYork = await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "NY Diner", hours: WEEK_OF_9_TO_17, timeZone: "America/New_York" },
    });
    const noHours = await buildBusiness(harness.app, { publish: true, overrides: { name: "No Hours" } });
    const ids = [tokyo.business.id, newYork.business.id, noHours.business.id];
    const state = async () => {
      const read = async (id: string) => (await anonymous().get(`/api/businesses/${id}`)).json<BusinessView>();
      const [t, n, x] = await Promise.all(ids.map(read));
      const list = await tokyo.owner.get("/api/businesses?openNow=true&limit=100");
      expect(list.statusCode).toBe(200);
      const open = list
        .json<BusinessView[]>()
        .map((business) => business.id)
        .filter((id) => ids.includes(id));
      return { tokyo: t, newYork: n, none: x, openIds: open };
    };

    // Wednesday 2026-06-03 03:00 UTC = 12:00 in Tokyo (open), 23:00 Tuesday in New York (closed).
    setClock("2026-06-03T03:00:00Z");
    let now = await state();
    expect(now.tokyo).toMatchObject({ isOpenNow: true, timeZone: "Asia/Tokyo", openStatus: { until: "17:00" } });
    expect(now.newYork).toMatchObject({
      isOpenNow: false,
      openStatus: { opensAt: { weekday: 2, time: "09:00", inDays: 1 } },
    });
    expect(now.none.isOpenNow).toBe(false);
    expect(now.openIds).toEqual([tokyo.business.id]);

    // Wednesday 14:00 UTC = 23:00 in Tokyo (closed), 10:00 in New York (open).
    setClock("2026-06-03T14:00:00Z");
    now = await state();
    expect(now.tokyo.isOpenNow).toBe(false);
    expect(now.newYork.isOpenNow).toBe(true);
    expect(now.openIds).toEqual([newYork.business.id]);

    // Sunday 2026-06-07 05:00 UTC = Sunday 01:00 in New York: Saturday's 18:00–02:00 still runs past midnight;
    // in Tokyo it is Sunday 14:00, closed all day, opening Monday 09:00.
    setClock("2026-06-07T05:00:00Z");
    now = await state();
    expect(now.newYork).toMatchObject({ isOpenNow: true, openStatus: { until: "02:00" } });
    expect(now.tokyo).toMatchObject({
      isOpenNow: false,
      openStatus: { opensAt: { weekday: 0, time: "09:00", inDays: 1 } },
    });
    expect(now.openIds).toEqual([newYork.business.id]);

    // Sunday 06:30 UTC = 02:30 in New York: the overnight stretch ended at 02:00.
    setClock("2026-06-07T06:30:00Z");
    now = await state();
    expect(now.newYork.isOpenNow).toBe(false);
    expect(now.openIds).toEqual([]);

    // The filter also holds on the nearest-first list, and "false" does not filter.
    const near = await tokyo.owner.get("/api/businesses?openNow=true&latitude=48.8584&longitude=2.2945&limit=100");
    expect(near.json<BusinessView[]>().filter((business) => ids.includes(business.id))).toEqual([]);
    const all = await tokyo.owner.get("/api/businesses?openNow=false&limit=100");
    expect(all.json<BusinessView[]>().filter((business) => ids.includes(business.id))).toHaveLength(3);
    expect((await tokyo.owner.get("/api/businesses?openNow=yes")).statusCode).toBe(400);
  });
});

async function uploadImage(client: TestClient): Promise<{ uploadURL: string; objectUrl: string }> {
  const ticket = (await client.post("/api/objects/upload")).json();
  const response = await client.request({
    method: "PUT",
    url: ticket.uploadURL,
    payload: photo,
    headers: { "content-type": "image/png" },
  });
  expect(response.statusCode).toBe(200);
  return ticket;
}

describe("logo and cover", () => {
  it("accept the owner's own finished uploads only (object address or uploadURL), and null removes them", async () => {
    const { owner, business } = await buildBusiness(harness.app);
    const url = `/api/businesses/${business.id}`;
    const { client: stranger } = await buildUser(harness.app);
    const foreign = await uploadImage(stranger);
    const pending = (await owner.post("/api/objects/upload")).json().objectUrl;
    for (const address of [foreign.objectUrl, pending, "https://evil.example/logo.png", "javascript:alert(1)"]) {
      const refused = await owner.patch(url, { logoUrl: address });
      expect(refused.statusCode).toBe(400);
      expect((await owner.patch(url, { coverImageUrl: address })).statusCode).toBe(400);
    }
    expect((await owner.get(url)).json()).toMatchObject({ logoUrl: null, coverImageUrl: null });

    const logo = await uploadImage(owner);
    const cover = await uploadImage(owner);
    const saved = await owner.patch(url, { logoUrl: logo.uploadURL, coverImageUrl: cover.objectUrl });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      logoUrl: logo.objectUrl,
      logoImageUrl: logo.objectUrl,
      coverImageUrl: cover.objectUrl,
    });
    const cleared = await owner.patch(url, { logoUrl: null });
    expect(cleared.json()).toMatchObject({ logoUrl: null, coverImageUrl: cover.objectUrl });
  });
});

describe("a business speaks as itself", () => {
  it("a single business read carries ratingCounts, the count of reviews per number of stars", async () => {
    const { owner, ownerId, business } = await buildBusiness(harness.app, { publish: true });
    const empty = (await anonymous().get(`/api/businesses/${business.id}`)).json<BusinessView>();
    expect(empty.ratingCounts).toEqual({ "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 });
    for (const rating of [5, 5, 4, 2]) {
      const reviewer = await buildUser(harness.app);
      await checkInAt(reviewer.client, owner, business.id, { rating, review: `${rating} stars` });
      harness.clock.advance(1000);
    }
    const plain = await buildUser(harness.app);
    await checkInAt(plain.client, owner, business.id); // a check-in without a rating counts for no star
    const read = (await anonymous().get(`/api/businesses/${business.id}`)).json<BusinessView>();
    expect(read.ratingCounts).toEqual({ "1": 0, "2": 1, "3": 0, "4": 1, "5": 2 });
    expect(read.totalReviews).toBe(4);
    const byOwner = (await anonymous().get(`/api/users/${ownerId}/business`)).json<BusinessView>();
    expect(byOwner.ratingCounts).toEqual(read.ratingCounts);
  });

  it("its posts are signed with the business's name and logo (initials of the name without a logo)", async () => {
    const { owner, ownerId, business } = await buildBusiness(harness.app, {
      publish: true,
      overrides: { name: "Oak & Fern Coffee" },
    });
    const posted = await owner.post("/api/posts", { content: "Fresh pastries today" });
    expect(posted.statusCode).toBe(201);
    const postId = posted.json().id as string;
    const read = (await anonymous().get(`/api/posts/${postId}`)).json();
    expect(read.authorName).toBe("Oak & Fern Coffee");
    expect(read.author).toMatchObject({ id: ownerId, firstName: "Oak & Fern Coffee", lastName: null });
    expect(read.author.profileImageUrl).toBeNull();

    const upload = await owner.post("/api/objects/upload");
    const stored = await owner.request({
      method: "PUT",
      url: upload.json().uploadURL,
      payload: photo,
      headers: { "content-type": "image/png" },
    });
    expect(stored.statusCode).toBe(200);
    const logoUrl = stored.json().objectUrl as string;
    expect((await owner.patch(`/api/businesses/${business.id}`, { logoUrl })).statusCode).toBe(200);
    const list = (await anonymous().get(`/api/users/${ownerId}/posts`)).json();
    expect(list[0].authorName).toBe("Oak & Fern Coffee");
    expect(list[0].author.profileImageUrl).toBe(logoUrl);

    // A personal account's post still carries the person's name.
    const person = await buildUser(harness.app, { firstName: "Maya", lastName: "Lindqvist" });
    const own = (await person.client.post("/api/posts", { content: "Hello town" })).json();
    expect(own.authorName).toBe("Maya Lindqvist");
  });
});
