import type { PostView } from "@plaza/contracts/posts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { comments, likes } from "../../db/schema/posts";

/*
 * Counters under concurrency. Meaningful on PostgreSQL (TEST_DATABASE_URL, a pool of 20 connections, so the
 * transactions really overlap); on PGlite they are serialised and the test only checks the arithmetic.
 */

const USERS = 20;
let harness: TestApp;
let author: TestClient;
let crowd: TestClient[];

beforeAll(async () => {
  harness = await buildTestApp();
  author = (await buildUser(harness.app)).client;
  crowd = [];
  for (let index = 0; index < USERS; index += 1) crowd.push((await buildUser(harness.app)).client);
});
afterAll(() => harness.close());

async function countRows(table: typeof likes | typeof comments, postId: string): Promise<number> {
  const [row] = await harness.context.db
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.postId, postId));
  return row?.count ?? 0;
}

describe(`counters under ${USERS} concurrent users`, () => {
  it("likeCount equals the likes after concurrent likes, repeats and unlikes", async () => {
    const post = await buildPost(author);
    // Everyone likes twice at once (the repeat must not count).
    const answers = await Promise.all(
      crowd.flatMap((client) => [
        client.post("/api/likes", { postId: post.id }),
        client.post("/api/likes", { postId: post.id }),
      ]),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    let read = (await author.get(`/api/posts/${post.id}`)).json<PostView>();
    expect(read.likeCount).toBe(USERS);
    expect(await countRows(likes, post.id)).toBe(USERS);

    // Half unlike (twice each) while the other half like again.
    const half = crowd.slice(0, USERS / 2);
    const rest = crowd.slice(USERS / 2);
    await Promise.all([
      ...half.flatMap((client) => [client.delete(`/api/likes/${post.id}`), client.delete(`/api/likes/${post.id}`)]),
      ...rest.map((client) => client.post("/api/likes", { postId: post.id })),
    ]);
    read = (await author.get(`/api/posts/${post.id}`)).json<PostView>();
    expect(read.likeCount).toBe(USERS / 2);
    expect(await countRows(likes, post.id)).toBe(USERS / 2);
  });

  it("commentCount equals the comments after concurrent comments", async () => {
    const post = await buildPost(author);
    const answers = await Promise.all(
      crowd.flatMap((client, index) => [
        client.post(`/api/posts/${post.id}/comments`, { content: `first from ${index}` }),
        client.post(`/api/posts/${post.id}/comments`, { content: `second from ${index}` }),
      ]),
    );
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    const read = (await author.get(`/api/posts/${post.id}`)).json<PostView>();
    expect(read.commentCount).toBe(USERS * 2);
    expect(await countRows(comments, post.id)).toBe(USERS * 2);
  });

  it("postsCount equals the posts after concurrent publishing", async () => {
    const { client, user } = await buildUser(harness.app);
    await Promise.all(Array.from({ length: USERS }, (_, index) => buildPost(client, { title: `burst ${index}` })));
    const me = await client.get("/api/auth/user");
    expect(me.json().postsCount).toBe(USERS);
    expect(user.postsCount).toBe(0);
  });
});
