import type { CreatePostInput, PostView } from "@plaza/contracts/posts";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../src/db/client";
import { posts } from "../../src/db/schema/posts";
import { users } from "../../src/db/schema/users";
import type { TestClient } from "../test-app";

let sequence = 0;

/** Publishes a post through the API as the client's user. */
export async function buildPost(client: TestClient, overrides: Partial<CreatePostInput> = {}): Promise<PostView> {
  sequence += 1;
  const response = await client.post("/api/posts", {
    title: `Post ${sequence}`,
    content: `Content of post ${sequence}`,
    ...overrides,
  });
  if (response.statusCode !== 201) throw new Error(`buildPost failed: ${response.statusCode} ${response.body}`);
  return response.json<PostView>();
}

/**
 * Writes a post row straight to the database (a free post unless `values` say otherwise, e.g.
 * `{ postType: "ppv", priceCents: 500 }`), for tests of other domains that need a post but not the posts API.
 * Counts it in the author's `postsCount`, as publishing does.
 */
export async function insertPost(
  db: Executor,
  authorId: string,
  values: Partial<typeof posts.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(posts)
    .values({ authorId, title: "Hello", content: "Hello from the neighbourhood", ...values })
    .returning({ id: posts.id });
  if (!row) throw new Error("insertPost returned no row");
  await db
    .update(users)
    .set({ postsCount: sql`${users.postsCount} + 1` })
    .where(eq(users.id, authorId));
  return row.id;
}
