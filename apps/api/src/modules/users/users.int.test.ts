import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { readsOf } from "../../../test/table-reads";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { searchPeople } from "../search/search.repository";
import { searchUsers } from "./users.repository";

let harness: TestApp;
let admin: TestClient;

beforeAll(async () => {
  harness = await buildTestApp({ SUPERUSER_EMAILS: "admin-users@example.test" });
  admin = (await buildUser(harness.app, { email: "admin-users@example.test" })).client;
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);
const validProfile = (username: string) => ({ firstName: "Ada", lastName: "Lovelace", username });

describe("GET /api/users/{userId}", () => {
  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    const malformed = await anonymous().get("/api/users/not-a-uuid");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("Invalid user id");
    const unknown = await anonymous().get(`/api/users/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("User not found");
  });

  it("shows a public profile to signed-out visitors without email or preferences", async () => {
    const { user } = await buildUser(harness.app);
    const response = await anonymous().get(`/api/users/${user.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: user.id, username: user.username, followersCount: 0 });
    expect(body.abilities).toEqual({ canViewContent: true, canFollow: true, canBlock: false, canEdit: false });
    expect(body).not.toHaveProperty("email");
    expect(body).not.toHaveProperty("preferences");
    expect(body).not.toHaveProperty("customVisibleUsers");
  });

  it("applies locationPrivacy for others and shows everything to the owner", async () => {
    const { client: owner, user } = await buildUser(harness.app);
    await owner.patch("/api/users/profile", {
      ...validProfile(user.username),
      city: "Austin",
      state: "Texas",
      country: "United States",
      countryCode: "us",
      locationPrivacy: "country",
    });
    const seenByOther = (await anonymous().get(`/api/users/${user.id}`)).json();
    expect(seenByOther).toMatchObject({ city: null, state: null, country: "United States", countryCode: "US" });
    const seenByOwner = (await owner.get(`/api/users/${user.id}`)).json();
    expect(seenByOwner).toMatchObject({ city: "Austin", state: "Texas", abilities: { canEdit: true } });
  });

  it("gives a restricted view of private and custom accounts, full to followers, allowed users and superusers", async () => {
    const { client: owner, user } = await buildUser(harness.app);
    const { client: follower, user: followerUser } = await buildUser(harness.app);
    const { client: stranger } = await buildUser(harness.app);
    await owner.put(`/api/users/${user.id}/social-links`, { socialLinks: { github: "https://github.com/ada" } });
    await follower.post("/api/follows", { followingId: user.id });
    await owner.patch("/api/users/profile", { ...validProfile(user.username), accountVisibility: "private" });

    const restricted = (await stranger.get(`/api/users/${user.id}`)).json();
    expect(restricted.abilities.canViewContent).toBe(false);
    expect(restricted.socialLinks).toEqual({});
    expect((await stranger.get(`/api/users/${user.id}/followers`)).statusCode).toBe(403);
    expect((await stranger.get(`/api/users/${user.id}/followers`)).json().message).toBe("This account is private");
    expect((await anonymous().get(`/api/users/${user.id}`)).json().abilities.canViewContent).toBe(false);

    const asFollower = (await follower.get(`/api/users/${user.id}`)).json();
    expect(asFollower.abilities.canViewContent).toBe(true);
    expect(asFollower.socialLinks).toEqual({ github: "https://github.com/ada" });
    expect((await admin.get(`/api/users/${user.id}`)).json().abilities.canViewContent).toBe(true);

    await owner.patch("/api/users/profile", {
      ...validProfile(user.username),
      accountVisibility: "custom",
      customVisibleUsers: [followerUser.id],
    });
    expect((await follower.get(`/api/users/${user.id}`)).json().abilities.canViewContent).toBe(true);
    expect((await stranger.get(`/api/users/${user.id}`)).json().abilities.canViewContent).toBe(false);
    expect((await stranger.get(`/api/users/${user.id}/following`)).statusCode).toBe(403);
  });

  it("is not found across a block, from both sides, but visible to superusers", async () => {
    const { client: blocker, user: blockerUser } = await buildUser(harness.app);
    const { client: blocked, user: blockedUser } = await buildUser(harness.app);
    await blocker.post("/api/blocks", { blockedId: blockedUser.id });
    expect((await blocked.get(`/api/users/${blockerUser.id}`)).statusCode).toBe(404);
    expect((await blocker.get(`/api/users/${blockedUser.id}`)).statusCode).toBe(404);
    expect((await blocked.get(`/api/users/${blockerUser.id}/followers`)).statusCode).toBe(404);
    expect((await admin.get(`/api/users/${blockedUser.id}`)).statusCode).toBe(200);
  });
});

describe("PATCH /api/users/profile", () => {
  it("answers 401 without a session", async () => {
    const response = await anonymous().patch("/api/users/profile", validProfile("someone"));
    expect(response.statusCode).toBe(401);
  });

  it("answers 400 with the form's messages", async () => {
    const { client } = await buildUser(harness.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...validProfile("abc"), firstName: "" }, "First name is required"],
      [{ ...validProfile("abc"), lastName: " " }, "Last name is required"],
      [validProfile("ab"), "Username must be at least 3 characters"],
      [validProfile("bad name"), "Username can only contain letters, numbers, and underscores"],
      [{ ...validProfile("abc"), bio: "x".repeat(501) }, "Bio must be less than 500 characters"],
      [
        {
          ...validProfile("abc"),
          customVisibleUsers: Array.from({ length: 11 }, () => crypto.randomUUID()),
        },
        "Maximum 10 users allowed",
      ],
      [{ ...validProfile("abc"), countryCode: "USA" }, "Country code must be exactly 2 characters"],
      [
        { ...validProfile("abc"), accountVisibility: "friends" },
        'Invalid option: expected one of "public"|"private"|"custom"',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await client.patch("/api/users/profile", body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it("answers 409 when another account has the username in any case", async () => {
    const { user: other } = await buildUser(harness.app);
    const { client } = await buildUser(harness.app);
    const response = await client.patch("/api/users/profile", validProfile(other.username.toUpperCase()));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("This username is already taken");
  });

  it("saves the form and never lets isSuperuser, isVerified or email change", async () => {
    const { client, user } = await buildUser(harness.app);
    const { user: friend } = await buildUser(harness.app);
    const response = await client.patch("/api/users/profile", {
      ...validProfile(`${user.username}_x`),
      bio: "Hello there",
      accountVisibility: "custom",
      customVisibleUsers: [friend.id, friend.id, user.id, crypto.randomUUID()],
      isSuperuser: true,
      isVerified: true,
      email: "hijack@example.test",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: "Ada",
      username: `${user.username}_x`,
      bio: "Hello there",
      customVisibleUsers: [friend.id],
      isSuperuser: false,
      isVerified: false,
      email: user.email,
      locationPrivacy: "city",
      allowLocationTracking: false,
    });
    // Keeping one's own username is not a conflict.
    expect((await client.patch("/api/users/profile", validProfile(`${user.username}_x`))).statusCode).toBe(200);
  });
  it("is a partial update: fields not sent stay; a required field sent empty gets its message", async () => {
    const { client, user } = await buildUser(harness.app);
    const full = await client.patch("/api/users/profile", {
      ...validProfile(user.username),
      bio: "Baker by the river",
      city: "Hood River",
      state: "Oregon",
      country: "United States",
      countryCode: "us",
      locationPrivacy: "country",
    });
    expect(full.statusCode, full.body).toBe(200);
    const partial = await client.patch("/api/users/profile", {
      firstName: "Grace",
      lastName: "Hopper",
      accountVisibility: "private",
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({
      firstName: "Grace",
      lastName: "Hopper",
      username: user.username,
      accountVisibility: "private",
      bio: "Baker by the river",
      city: "Hood River",
      state: "Oregon",
      country: "United States",
      countryCode: "US",
      locationPrivacy: "country",
    });
    const empty = await client.patch("/api/users/profile", { firstName: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("First name is required");
    // Clearing an optional field is still possible by sending it empty.
    expect((await client.patch("/api/users/profile", { bio: "" })).json()).toMatchObject({
      bio: null,
      city: "Hood River",
    });
  });
});

describe("PATCH /api/users/preferences", () => {
  it("answers 401, then 400, then merges the switches", async () => {
    expect((await anonymous().patch("/api/users/preferences", { marketingEmails: true })).statusCode).toBe(401);
    const { client } = await buildUser(harness.app);
    const invalid = await client.patch("/api/users/preferences", { messagePrivacy: "everyone" });
    expect(invalid.statusCode).toBe(400);
    expect((await client.patch("/api/users/preferences", { isSuperuser: true })).statusCode).toBe(400);
    const saved = await client.patch("/api/users/preferences", { marketingEmails: true, messagePrivacy: "friends" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().preferences).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      marketingEmails: true,
      showOnlineStatus: true,
      allowDirectMessages: true,
      messagePrivacy: "friends",
      showRecentActivity: true,
      showReadReceipts: true,
      locale: null,
    });
  });
});

describe("PUT /api/users/{userId}/social-links", () => {
  it("answers 401, 400 for non-http links, 403 for someone else's profile, then saves without blanks", async () => {
    const { client, user } = await buildUser(harness.app);
    const { user: other } = await buildUser(harness.app);
    const links = { socialLinks: { instagram: "https://instagram.com/ada", github: "  " } };
    expect((await anonymous().put(`/api/users/${user.id}/social-links`, links)).statusCode).toBe(401);
    const invalid = await client.put(`/api/users/${user.id}/social-links`, {
      socialLinks: { instagram: "javascript:alert(1)" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe("Links must start with http:// or https://");
    const forbidden = await client.put(`/api/users/${other.id}/social-links`, links);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe("You can only change your own profile");
    const saved = await client.put(`/api/users/${user.id}/social-links`, links);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().socialLinks).toEqual({ instagram: "https://instagram.com/ada" });
  });
});

describe("GET /api/users/search", () => {
  it("answers 401, 400 without text, and finds people by name but never blocked ones or oneself", async () => {
    expect((await anonymous().get("/api/users/search?q=ada")).statusCode).toBe(401);
    const { client, user } = await buildUser(harness.app, { firstName: "Searcher" });
    expect((await client.get("/api/users/search?q=")).statusCode).toBe(400);
    const { user: match } = await buildUser(harness.app, { firstName: "Zenobia", lastName: "Quill" });
    const { client: blocker } = await buildUser(harness.app, { firstName: "Zenobia", lastName: "Blocker" });
    await blocker.post("/api/blocks", { blockedId: user.id });
    const response = await client.get("/api/users/search?q=zenob");
    expect(response.statusCode).toBe(200);
    const ids = response.json().map((person: { id: string }) => person.id);
    expect(ids).toEqual([match.id]);
    expect((await client.get("/api/users/search?q=%25")).json()).toEqual([]);
  });
});

describe("people search cost", () => {
  it("matches through the trigram indexes on username and full name, never a scan of every account", async () => {
    const { user: viewer } = await buildUser(harness.app);
    const { user: match } = await buildUser(harness.app, { firstName: "Ottoline", lastName: "Vantablack" });
    // A part of the last name alone still finds the person (it is a part of the full name).
    for (const search of [searchUsers, searchPeople]) {
      let found: { id: string }[] = [];
      const reads = await readsOf(harness.context.db, "users", async (tx) => {
        found = await search(tx, viewer.id, "tablac", 20);
      });
      expect(found.map((person) => person.id)).toEqual([match.id]);
      expect(reads.seqScans, search.name).toBe(0);
    }
  });
});

describe("GET /api/users/export", () => {
  it("answers 401, then downloads the account's data as a JSON attachment", async () => {
    expect((await anonymous().get("/api/users/export")).statusCode).toBe(401);
    const { client, user } = await buildUser(harness.app);
    const { user: other } = await buildUser(harness.app);
    await client.post("/api/follows", { followingId: other.id });
    await client.put(`/api/users/${user.id}/social-links`, { socialLinks: { github: "https://github.com/me" } });
    const response = await client.get("/api/users/export");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="plaza-export-.+\.json"$/);
    const data = response.json();
    expect(data.account).toMatchObject({
      id: user.id,
      email: user.email,
      socialLinks: { github: "https://github.com/me" },
    });
    expect(data.following).toEqual([expect.objectContaining({ userId: other.id })]);
    expect(data).toHaveProperty("posts");
    expect(data).toHaveProperty("sentMessages");
    expect(response.body).not.toContain("argon2");
    expect(response.body).not.toContain("passwordHash");
  });
});
