import { TEXT_MESSAGES } from "@plaza/contracts/text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPost } from "../../test/factories/posts";
import { buildUser } from "../../test/factories/users";
import { buildTestApp, type TestApp } from "../../test/test-app";

/**
 * The plain-text rule (docs/PRODUCT.md "Fidelity fixes"): every text a request carries — body fields, query and path
 * parameters, field names — refuses control characters and lone surrogates with a 400 that names the field, and
 * line breaks arrive as "\n". Before it, a NUL byte reached PostgreSQL and answered 500.
 */
let harness: TestApp;
let alice: Awaited<ReturnType<typeof buildUser>>;
let bob: Awaited<ReturnType<typeof buildUser>>;
let boss: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  harness = await buildTestApp({ SUPERUSER_EMAILS: "boss@example.test" });
  alice = await buildUser(harness.app);
  bob = await buildUser(harness.app);
  boss = await buildUser(harness.app, { email: "boss@example.test" });
});
afterAll(() => harness.close());

const CONTROL_TEXTS = [
  "\u0000\u0001\u0002",
  "\u0000",
  "\u0000start",
  "mid\u0000dle",
  "end\u0000",
  "bell\u0007",
  "del\u007f",
];

describe("control characters in body fields", () => {
  it("a comment of control characters is a 400 naming the field, not a 500", async () => {
    const post = await buildPost(alice.client);
    for (const content of CONTROL_TEXTS) {
      const response = await bob.client.post(`/api/posts/${post.id}/comments`, { content });
      expect(response.statusCode, JSON.stringify(content)).toBe(400);
      expect(response.json()).toMatchObject({
        message: TEXT_MESSAGES.controlCharacter,
        errors: [{ path: "content", message: TEXT_MESSAGES.controlCharacter }],
      });
    }
    const comments = await alice.client.get(`/api/posts/${post.id}/comments`);
    expect(comments.json().data ?? comments.json()).toHaveLength(0);
  });

  it("posts, messages, profiles and reports refuse them too, nested fields named by their path", async () => {
    const post = await buildPost(alice.client);
    const cases: [string, string, unknown, string][] = [
      ["POST", "/api/posts", { title: "Hi", content: "a\u0000b" }, "content"],
      ["POST", "/api/posts", { title: "Hi", content: "ok", tags: ["fine", "bad\u0001"] }, "tags.1"],
      ["POST", "/api/posts", { content: "ok", location: { city: "Pa\u0000ris" } }, "location.city"],
      ["POST", "/api/messages", { recipientId: alice.user.id, content: "hello\u0000" }, "content"],
      ["PATCH", "/api/users/profile", { bio: "\u001bline" }, "bio"],
      ["PATCH", "/api/users/profile", { firstName: "Bo\u007fb" }, "firstName"],
      ["POST", "/api/reports", { targetType: "post", targetId: post.id, reason: "spam\u0000" }, "reason"],
      ["POST", "/api/posts", { title: "Hi", content: "ok", "evil\u0000key": 1 }, "(field name)"],
    ];
    for (const [method, url, payload, path] of cases) {
      const response = await bob.client.request({ method: method as "POST", url, payload: payload as object });
      expect(response.statusCode, `${method} ${url} ${path}`).toBe(400);
      expect(response.json().errors, `${method} ${url}`).toContainEqual({
        path,
        message: TEXT_MESSAGES.controlCharacter,
      });
    }
    const mine = await bob.client.get(`/api/users/${bob.user.id}/posts`);
    expect(JSON.stringify(mine.json())).not.toContain("\\u0000");
  });

  it("a lone surrogate (half an emoji) is a 400, a whole emoji is kept", async () => {
    const broken = await bob.client.request({
      method: "POST",
      url: "/api/posts",
      headers: { "content-type": "application/json" },
      payload: '{"title":"Hi","content":"half \\ud83d emoji"}',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors).toEqual([{ path: "content", message: TEXT_MESSAGES.loneSurrogate }]);
    const whole = await bob.client.post("/api/posts", { title: "Hi", content: "whole \ud83d\ude00 emoji" });
    expect(whole.statusCode).toBe(201);
    expect(whole.json().content).toBe("whole 😀 emoji");
  });

  it("keeps tabs and newlines, and stores CRLF and lone CR as a newline", async () => {
    const response = await bob.client.post("/api/posts", { title: "Lines", content: "one\r\ntwo\rthree\n\tfour" });
    expect(response.statusCode).toBe(201);
    expect(response.json().content).toBe("one\ntwo\nthree\n\tfour");
    const read = await bob.client.get(`/api/posts/${response.json().id}`);
    expect(read.json().content).toBe("one\ntwo\nthree\n\tfour");
  });
});

describe("control characters in query and path parameters", () => {
  it("search, admin user search and the feed and trending place filters answer 400, not 500", async () => {
    const urls = [
      "/api/search?q=%00",
      "/api/search?q=caf%00e",
      "/api/users/search?q=%01bob",
      "/api/posts/feed?city=Par%00is",
      "/api/posts/trending?city=%00",
      "/api/posts/trending?country=x%7F",
      "/api/businesses?q=%00",
    ];
    for (const url of urls) {
      const response = await bob.client.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(TEXT_MESSAGES.controlCharacter);
      expect(response.json().errors[0].path, url).toMatch(/^query\./);
    }
    const admin = await boss.client.get("/api/admin/users?q=%00");
    expect(admin.statusCode).toBe(400);
    expect(admin.json().errors).toEqual([{ path: "query.q", message: TEXT_MESSAGES.controlCharacter }]);
  });

  it("a NUL in a path parameter is a 400; a broken UTF-8 sequence anywhere in the address is never a 5xx", async () => {
    for (const url of ["/api/posts/%00", "/api/users/%00abc/posts", "/api/posts/%ED%A0%80"]) {
      expect((await bob.client.get(url)).statusCode, url).toBe(400);
    }
    for (const url of ["/api/search?q=%ED%A0%80", "/api/posts/feed?city=%ED%A0%80x", "/api/search?q=%F0%9F"]) {
      expect((await bob.client.get(url)).statusCode, url).toBeLessThan(500);
    }
  });
});
