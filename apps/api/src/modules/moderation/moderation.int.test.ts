import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertFollow } from "../../../test/factories/follows";
import { insertPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { SmtpInbox } from "../../../test/smtp-inbox";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { posts } from "../../db/schema/posts";
import { users } from "../../db/schema/users";
import { purgeRemovedPosts } from "./moderation-actions.service";

let inbox: SmtpInbox;
let harness: TestApp;
let boss: Awaited<ReturnType<typeof buildUser>>;
let moderator: Awaited<ReturnType<typeof buildUser>>;
const SOME_ID = "0b7c1f7e-5c5e-4d8a-9b59-3c3a1e1d2f00";
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  inbox = await SmtpInbox.start();
  harness = await buildTestApp({ SUPERUSER_EMAILS: "boss@example.test", SMTP_URL: inbox.url });
  boss = await buildUser(harness.app, { email: "boss@example.test" });
  moderator = await buildUser(harness.app);
  const made = await boss.client.post(`/api/admin/users/${moderator.user.id}/moderator`);
  expect(made.json()).toEqual({ id: moderator.user.id, isModerator: true });
}, 180_000);
afterAll(async () => {
  await harness.close();
  await inbox.close();
});
beforeEach(() => harness.clock.advance(1000));
afterEach(() => inbox.clear());

async function signInAgain(who: Awaited<ReturnType<typeof buildUser>>) {
  const response = await who.client.post("/api/auth/login", { email: who.user.email, password: who.password });
  expect(response.statusCode).toBe(200);
}

/** A member, one of their posts and an open report on it by someone else. */
async function reportedPost(content = "Buy followers now") {
  const author = await buildUser(harness.app);
  const postId = await insertPost(harness.context.db, author.user.id, { content });
  const reporter = await buildUser(harness.app);
  const report = await reporter.client.post("/api/reports", { targetType: "post", targetId: postId, reason: "Spam" });
  expect(report.statusCode).toBe(201);
  return { author, postId, reporter, reportId: report.json().id as string };
}

describe("moderators", () => {
  it("only a superuser makes or unmakes moderators: 401, 403, 404, then the role", async () => {
    const someone = await buildUser(harness.app);
    expect((await new TestClient(harness.app).post(`/api/admin/users/${someone.user.id}/moderator`)).statusCode).toBe(
      401,
    );
    expect((await boss.client.post("/api/admin/users/nope/moderator")).statusCode).toBe(400);
    const byModerator = await moderator.client.post(`/api/admin/users/${someone.user.id}/moderator`);
    expect(byModerator.statusCode).toBe(403);
    expect(byModerator.json().message).toBe("Superuser access required.");
    expect((await boss.client.post(`/api/admin/users/${SOME_ID}/moderator`)).statusCode).toBe(404);
    expect((await boss.client.post(`/api/admin/users/${someone.user.id}/moderator`)).json().isModerator).toBe(true);
    expect((await someone.client.get("/api/auth/user")).json().isModerator).toBe(true);
    expect((await boss.client.delete(`/api/admin/users/${someone.user.id}/moderator`)).json().isModerator).toBe(false);
    expect((await someone.client.get("/api/admin/reports")).statusCode).toBe(403);
  });

  it("a moderator works the queue but not the superuser-only console", async () => {
    expect((await moderator.client.get("/api/admin/reports")).statusCode).toBe(200);
    expect((await moderator.client.get("/api/admin/appeals")).statusCode).toBe(200);
    const member = await buildUser(harness.app);
    const refused = await member.client.get("/api/admin/reports");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Moderator access required.");
    expect((await moderator.client.get("/api/admin/system")).statusCode).toBe(403);
    expect((await moderator.client.get("/api/admin/users")).statusCode).toBe(403);
  });
});

describe("the report queue", () => {
  it("filters open, assigned and resolved; 401 → 400 → 403 first", async () => {
    expect((await new TestClient(harness.app).get("/api/admin/reports?status=open")).statusCode).toBe(401);
    const bad = await moderator.client.get("/api/admin/reports?status=later");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Choose open, assigned or resolved");
    const { reportId } = await reportedPost();
    const ids = async (status: string) =>
      ((await moderator.client.get(`/api/admin/reports?status=${status}`)).json() as { id: string }[]).map((r) => r.id);
    expect(await ids("open")).toContain(reportId);
    const assigned = await moderator.client.post(`/api/admin/reports/${reportId}/assign`, {});
    expect(assigned.json()).toEqual({ id: reportId, assigneeId: moderator.user.id });
    expect(await ids("open")).not.toContain(reportId);
    expect(await ids("assigned")).toContain(reportId);
    const row = (await moderator.client.get("/api/admin/reports?status=assigned")).json()[0];
    expect(row.assignee.id).toBe(moderator.user.id);
    await moderator.client.post(`/api/admin/reports/${reportId}/resolve`, { action: "dismiss", reason: "Fine" });
    expect(await ids("resolved")).toContain(reportId);
    expect(await ids("assigned")).not.toContain(reportId);
  });

  it("assigns to another moderator only; notes and every step are in the report's history", async () => {
    const { reportId, author } = await reportedPost();
    const member = await buildUser(harness.app);
    const notModerator = await moderator.client.post(`/api/admin/reports/${reportId}/assign`, {
      moderatorId: member.user.id,
    });
    expect(notModerator.statusCode).toBe(404);
    expect(notModerator.json().message).toBe("That person is not a moderator");
    expect((await moderator.client.post(`/api/admin/reports/${SOME_ID}/assign`, {})).statusCode).toBe(404);
    const toBoss = await moderator.client.post(`/api/admin/reports/${reportId}/assign`, { moderatorId: boss.user.id });
    expect(toBoss.json().assigneeId).toBe(boss.user.id);
    expect((await moderator.client.post(`/api/admin/reports/${reportId}/notes`, { text: " " })).statusCode).toBe(400);
    const noted = await moderator.client.post(`/api/admin/reports/${reportId}/notes`, { text: "Seen this before" });
    expect(noted.statusCode).toBe(201);
    await moderator.client.post(`/api/admin/reports/${reportId}/resolve`, { action: "dismiss", reason: "Fine" });
    const history = (await moderator.client.get(`/api/admin/reports/${reportId}/history`)).json();
    expect(history.map((event: { kind: string }) => event.kind)).toEqual(["assigned", "note", "resolved"]);
    expect(history[1]).toMatchObject({ text: "Seen this before", actor: { id: moderator.user.id } });
    const account = (await moderator.client.get(`/api/admin/users/${author.user.id}/moderation-history`)).json();
    expect(account.map((event: { kind: string }) => event.kind)).toEqual(["assigned", "note", "resolved"]);
    // Notes are for moderators: the reported person cannot read the history.
    expect((await author.client.get(`/api/admin/reports/${reportId}/history`)).statusCode).toBe(403);
    const late = await moderator.client.post(`/api/admin/reports/${reportId}/assign`, {});
    expect(late.statusCode).toBe(409);
  });
});

describe("POST /api/admin/moderation/actions", () => {
  it("answers 401 → 400 → 403 in that order, then refuses a post that is not theirs and staff", async () => {
    const { author, postId } = await reportedPost();
    const body = { action: "hide_post", userId: author.user.id, postId, rule: "1. No spam" };
    expect((await new TestClient(harness.app).post("/api/admin/moderation/actions", {})).statusCode).toBe(401);
    const invalid = await moderator.client.post("/api/admin/moderation/actions", { ...body, rule: "" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe("Name the rule");
    expect((await author.client.post("/api/admin/moderation/actions", body)).statusCode).toBe(403);
    const noPost = await moderator.client.post("/api/admin/moderation/actions", { ...body, postId: undefined });
    expect(noPost.json().message).toBe("Choose the post this action is about");
    const other = await buildUser(harness.app);
    const notTheirs = await moderator.client.post("/api/admin/moderation/actions", { ...body, userId: other.user.id });
    expect(notTheirs.json().message).toBe("That post is not theirs");
    const staff = await moderator.client.post("/api/admin/moderation/actions", {
      action: "warn",
      userId: boss.user.id,
      rule: "x",
    });
    expect(staff.statusCode).toBe(403);
    const past = await moderator.client.post("/api/admin/moderation/actions", {
      action: "suspend",
      userId: author.user.id,
      rule: "x",
      suspendUntil: new Date(harness.clock.now().getTime() - DAY).toISOString(),
    });
    expect(past.json().message).toBe("Choose a date in the future");
  });

  it("hiding a post answers its report, hides it from everyone but its author, and sends a notice by app and mail", async () => {
    const { author, postId, reportId, reporter } = await reportedPost("Hidden soon");
    const acted = await moderator.client.post("/api/admin/moderation/actions", {
      action: "hide_post",
      userId: author.user.id,
      postId,
      reportId,
      rule: "1. No spam",
      reason: "Please stop",
    });
    expect(acted.statusCode).toBe(201);
    const notice = acted.json();
    expect(notice).toMatchObject({ action: "hide_post", rule: "1. No spam", postId, canAppeal: true });
    expect((await reporter.client.get(`/api/posts/${postId}`)).statusCode).toBe(404);
    expect((await author.client.get(`/api/posts/${postId}`)).statusCode).toBe(200);
    const profile = await reporter.client.get(`/api/users/${author.user.id}/posts`);
    expect(profile.json().map((post: { id: string }) => post.id)).not.toContain(postId);
    const notifications = (await author.client.get("/api/notifications")).json();
    expect(notifications[0]).toMatchObject({ type: "moderation_notice", entityId: notice.id });
    const mail = await inbox.waitForMail(author.user.email, /A moderator acted on your account/);
    expect(mail.text).toContain("Rule: 1. No spam");
    expect(mail.text).toContain("Hidden soon");
    expect(mail.text).toContain(`/notices/${notice.id}`);
    const resolved = (await moderator.client.get("/api/admin/reports?status=resolved")).json();
    expect(resolved.find((report: { id: string }) => report.id === reportId)?.status).toBe("actioned");
    // The notice is its person's only.
    expect((await reporter.client.get(`/api/notices/${notice.id}`)).statusCode).toBe(404);
    expect((await author.client.get(`/api/notices/${notice.id}`)).json().id).toBe(notice.id);
  });
});

describe("the rule a notice names", () => {
  it("is the town's rule, numbered as listed, when the action names its id; a moderator's own words stay", async () => {
    // Made before the rules exist: sign-up would then need them accepted.
    const { author, postId } = await reportedPost("Adverts again");
    const rules = (
      await boss.client.patch("/api/admin/instance", {
        rules: [{ text: "Be kind to your neighbours" }, { text: "No adverts in comments" }],
      })
    ).json().rules as { id: string; text: string }[];
    try {
      const byId = await moderator.client.post("/api/admin/moderation/actions", {
        action: "warn",
        userId: author.user.id,
        postId,
        rule: rules[1]?.id,
      });
      expect(byId.statusCode).toBe(201);
      expect(byId.json().rule).toBe("2. No adverts in comments");
      const mail = await inbox.waitForMail(author.user.email, /A moderator acted on your account/);
      expect(mail.text).toContain("Rule: 2. No adverts in comments");
      const history = (await moderator.client.get(`/api/admin/users/${author.user.id}/moderation-history`)).json();
      expect(JSON.stringify(history)).toContain("2. No adverts in comments");
      const ownWords = await moderator.client.post("/api/admin/moderation/actions", {
        action: "warn",
        userId: author.user.id,
        rule: "Common sense",
      });
      expect(ownWords.json().rule).toBe("Common sense");
    } finally {
      await boss.client.patch("/api/admin/instance", { rules: [] });
    }
  });
});

describe("limiting an account", () => {
  it("shows its posts only to its followers: feed, profile, trending, search, one post", async () => {
    const limited = await buildUser(harness.app);
    const follower = await buildUser(harness.app);
    const stranger = await buildUser(harness.app);
    await insertFollow(harness.context, follower.user.id, limited.user.id);
    await insertFollow(harness.context, stranger.user.id, stranger.user.id).catch(() => undefined);
    const postId = await insertPost(harness.context.db, limited.user.id, { content: "zanzibarquokka limited words" });
    const acted = await moderator.client.post("/api/admin/moderation/actions", {
      action: "limit",
      userId: limited.user.id,
      rule: "3. Be civil",
    });
    expect(acted.statusCode).toBe(201);
    expect((await limited.client.get("/api/auth/user")).json().isLimited).toBe(true);
    const ids = (response: { json(): unknown }) => (response.json() as { id: string }[]).map((post) => post.id);
    expect(ids(await follower.client.get("/api/posts/feed"))).toContain(postId);
    expect((await follower.client.get(`/api/posts/${postId}`)).statusCode).toBe(200);
    expect((await stranger.client.get(`/api/posts/${postId}`)).statusCode).toBe(403);
    expect((await stranger.client.get(`/api/users/${limited.user.id}/posts`)).statusCode).toBe(403);
    expect(ids(await follower.client.get(`/api/users/${limited.user.id}/posts`))).toContain(postId);
    expect(ids(await stranger.client.get("/api/posts/trending"))).not.toContain(postId);
    const search = await stranger.client.get("/api/search?type=posts&q=zanzibarquokka");
    expect(search.json().posts.map((post: { id: string }) => post.id)).not.toContain(postId);
    const followerSearch = await follower.client.get("/api/search?type=posts&q=zanzibarquokka");
    expect(followerSearch.json().posts.map((post: { id: string }) => post.id)).toContain(postId);
    expect(ids(await limited.client.get(`/api/users/${limited.user.id}/posts`))).toContain(postId);
  });
});

describe("appeals", () => {
  async function warned() {
    const person = await buildUser(harness.app);
    const notice = (
      await moderator.client.post("/api/admin/moderation/actions", {
        action: "warn",
        userId: person.user.id,
        rule: "2",
      })
    ).json();
    return { person, notice };
  }

  it("allows one appeal within 20 days: 401 → 400 → 404, a second 409, a late one 400 with a sentence", async () => {
    const { person, notice } = await warned();
    expect((await new TestClient(harness.app).post("/api/appeals", {})).statusCode).toBe(401);
    expect((await person.client.post("/api/appeals", { noticeId: notice.id, text: "" })).json().message).toBe(
      "Say why",
    );
    const stranger = await buildUser(harness.app);
    expect((await stranger.client.post("/api/appeals", { noticeId: notice.id, text: "mine?" })).statusCode).toBe(404);
    const first = await person.client.post("/api/appeals", { noticeId: notice.id, text: "I did not" });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ canAppeal: false, appeal: { status: "open", text: "I did not" } });
    const second = await person.client.post("/api/appeals", { noticeId: notice.id, text: "Again" });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("You already appealed this decision: each notice allows one appeal.");
    const late = await warned();
    harness.clock.advance(20 * DAY - 2000);
    // Sessions end while the clock runs 20 days on: sign in again.
    await signInAgain(late.person);
    await signInAgain(moderator);
    expect((await late.person.client.get(`/api/notices/${late.notice.id}`)).json().canAppeal).toBe(true);
    harness.clock.advance(3000);
    const closed = await late.person.client.post("/api/appeals", { noticeId: late.notice.id, text: "Too late?" });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe("Appeals are open for 20 days after a notice, and this one's have ended.");
  });

  it("granting reverses the action (suspension lifted; a suspended person may appeal), denying only tells", async () => {
    const person = await buildUser(harness.app);
    const notice = (
      await moderator.client.post("/api/admin/moderation/actions", {
        action: "suspend",
        userId: person.user.id,
        rule: "4. No threats",
        suspendUntil: new Date(harness.clock.now().getTime() + 7 * DAY).toISOString(),
      })
    ).json();
    expect((await person.client.get("/api/auth/user")).json().isSuspended).toBe(true);
    const appeal = await person.client.post("/api/appeals", {
      noticeId: notice.id,
      text: "It was a joke between friends",
    });
    expect(appeal.statusCode).toBe(201);
    const queue = (await moderator.client.get("/api/admin/appeals?status=open")).json();
    const queued = queue.find((entry: { noticeId: string }) => entry.noticeId === notice.id);
    expect(queued).toMatchObject({
      user: { id: person.user.id },
      notice: { action: "suspend", rule: "4. No threats" },
    });
    expect((await person.client.post(`/api/admin/appeals/${queued.id}/grant`, {})).statusCode).toBe(403);
    const granted = await moderator.client.post(`/api/admin/appeals/${queued.id}/grant`, { note: "Fair" });
    expect(granted.json()).toMatchObject({ status: "granted", notice: { reversedAt: expect.any(String) } });
    expect((await person.client.get("/api/auth/user")).json().isSuspended).toBe(false);
    expect((await moderator.client.post(`/api/admin/appeals/${queued.id}/deny`, {})).statusCode).toBe(409);
    const notifications = (await person.client.get("/api/notifications")).json();
    expect(notifications[0]).toMatchObject({ type: "appeal_decided", entityId: notice.id });
    await inbox.waitForMail(person.user.email, /Your appeal was granted/);

    const { person: other, notice: warning } = await warned();
    await other.client.post("/api/appeals", { noticeId: warning.id, text: "No" });
    const open = (await moderator.client.get("/api/admin/appeals")).json();
    const denied = await moderator.client.post(
      `/api/admin/appeals/${open.find((entry: { noticeId: string }) => entry.noticeId === warning.id).id}/deny`,
      { note: "The rule is clear" },
    );
    expect(denied.json().status).toBe("denied");
    expect((await other.client.get(`/api/notices/${warning.id}`)).json()).toMatchObject({
      reversedAt: null,
      appeal: { status: "denied", decisionNote: "The rule is clear" },
    });
    const history = (await moderator.client.get(`/api/admin/users/${person.user.id}/moderation-history`)).json();
    expect(history.map((event: { kind: string }) => event.kind)).toEqual(["action", "appeal", "appeal_granted"]);
  });

  it("granting an appeal of a hidden post shows it again; of a limit lifts it", async () => {
    const { author, postId } = await reportedPost("Back again");
    const viewer = await buildUser(harness.app);
    const hidden = (
      await moderator.client.post("/api/admin/moderation/actions", {
        action: "hide_post",
        userId: author.user.id,
        postId,
        rule: "1",
      })
    ).json();
    const limited = (
      await moderator.client.post("/api/admin/moderation/actions", {
        action: "limit",
        userId: author.user.id,
        rule: "3",
      })
    ).json();
    for (const notice of [hidden, limited]) {
      await author.client.post("/api/appeals", { noticeId: notice.id, text: "Please" });
      const entry = (await moderator.client.get("/api/admin/appeals"))
        .json()
        .find((candidate: { noticeId: string }) => candidate.noticeId === notice.id);
      expect((await moderator.client.post(`/api/admin/appeals/${entry.id}/grant`, {})).statusCode).toBe(200);
    }
    const [row] = await harness.context.db.select().from(posts).where(eq(posts.id, postId));
    expect(row?.hiddenAt).toBeNull();
    const [user] = await harness.context.db.select().from(users).where(eq(users.id, author.user.id));
    expect(user?.isLimited).toBe(false);
    expect((await viewer.client.get(`/api/posts/${postId}`)).statusCode).toBe(200);
  });

  it("a deleted post is gone for everyone, its author too, until an appeal is granted; then it is back", async () => {
    const { author, postId } = await reportedPost("Deleted, then restored");
    const viewer = await buildUser(harness.app);
    const countOf = async () =>
      (await harness.context.db.select().from(users).where(eq(users.id, author.user.id)))[0]?.postsCount;
    const before = await countOf();
    const notice = (
      await moderator.client.post("/api/admin/moderation/actions", {
        action: "delete_post",
        userId: author.user.id,
        postId,
        rule: "1. No spam",
      })
    ).json();
    for (const who of [viewer, author]) {
      expect((await who.client.get(`/api/posts/${postId}`)).statusCode).toBe(404);
      const listed = (await who.client.get(`/api/users/${author.user.id}/posts`)).json();
      expect(listed.map((post: { id: string }) => post.id)).not.toContain(postId);
    }
    expect((await author.client.patch(`/api/posts/${postId}`, { content: "Edited" })).statusCode).toBe(404);
    expect(await countOf()).toBe((before ?? 0) - 1);
    // The notice still names the post by its words.
    expect((await author.client.get(`/api/notices/${notice.id}`)).json().postPreview).toContain(
      "Deleted, then restored",
    );
    // A second deletion of a removed post finds nothing to delete.
    const again = await moderator.client.post("/api/admin/moderation/actions", {
      action: "delete_post",
      userId: author.user.id,
      postId,
      rule: "1. No spam",
    });
    expect(again.statusCode).toBe(404);

    await author.client.post("/api/appeals", { noticeId: notice.id, text: "It was a real offer" });
    // An open appeal holds its post past the window; the pruning erases nothing.
    harness.clock.advance(21 * DAY);
    expect(await purgeRemovedPosts(harness.context)).toBe(0);
    // Three weeks on, the sessions have ended.
    await signInAgain(moderator);
    await signInAgain(viewer);
    const entry = (await moderator.client.get("/api/admin/appeals"))
      .json()
      .find((candidate: { noticeId: string }) => candidate.noticeId === notice.id);
    expect((await moderator.client.post(`/api/admin/appeals/${entry.id}/grant`, {})).statusCode).toBe(200);
    expect((await viewer.client.get(`/api/posts/${postId}`)).json()).toMatchObject({
      id: postId,
      content: "Deleted, then restored",
    });
    expect(await countOf()).toBe(before);
  });

  it("a deleted post with no appeal is erased once its 20-day window has passed, not before", async () => {
    const { author, postId } = await reportedPost("Gone for good");
    const deleted = await moderator.client.post("/api/admin/moderation/actions", {
      action: "delete_post",
      userId: author.user.id,
      postId,
      rule: "1. No spam",
    });
    expect(deleted.statusCode).toBe(201);
    const exists = async () => (await harness.context.db.select().from(posts).where(eq(posts.id, postId))).length;
    harness.clock.advance(19 * DAY);
    await purgeRemovedPosts(harness.context);
    expect(await exists()).toBe(1);
    harness.clock.advance(2 * DAY);
    expect(await purgeRemovedPosts(harness.context)).toBeGreaterThanOrEqual(1);
    expect(await exists()).toBe(0);
    await signInAgain(moderator);
  });
});
