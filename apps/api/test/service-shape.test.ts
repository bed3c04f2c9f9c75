import { describe, expect, it } from "vitest";
import { serviceQueryProblems } from "./service-shape";
import { expectShape, moduleFiles } from "./source-shape";

/**
 * Checks that no `*.service.ts`, nor any other module file but a repository, builds a query itself
 * (docs/ARCHITECTURE.md, module layout; see service-shape.ts).
 */

/**
 * Services that still run queries themselves, each with its reason. Each is checked to still need its place here
 * (a file whose queries moved to a repository fails until it is taken off), so the list cannot outlive the reason.
 */
const QUERIES_IN_THE_SERVICE: Record<string, string> = {};

/**
 * Module files other than services and repositories (policies, presenters, mail builders, routes...) that build
 * queries, each with its reason; checked the same way.
 */
const QUERIES_OUTSIDE_REPOSITORIES: Record<string, string> = {
  "apps/api/src/modules/posts/posts.policy.ts":
    "who may see a post, written once as SQL conditions (visibleToViewer) that the repositories' reads compose",
  "apps/api/src/modules/users/users.policy.ts":
    "whose content a viewer may see (account visibility), as the SQL condition authorVisibleTo that the posts' and businesses' reads compose",
  "apps/api/src/modules/businesses/businesses.policy.ts":
    "which businesses a viewer may see, as SQL conditions the repositories' reads compose",
  "apps/api/src/modules/users/users.export.ts":
    "the data export reads every table about one person in one place, so the list of what is exported is one file",
  "apps/api/src/modules/demo/demo-seeder.ts": "seeds the demo town in bulk; not a request path",
  "apps/api/src/modules/demo/seed-demo.ts": "seeds the demo town in bulk; not a request path",
  "apps/api/src/modules/demo/reset.ts": "`npm run demo:reset` empties the database; not a request path",
};

/** Every module file that is not a service, a repository or a test. */
function otherModuleFiles(): string[] {
  return moduleFiles(".ts").filter(
    (file) => !/\.(service|repository|(int\.)?test)\.ts$/.test(file) && !file.endsWith(".d.ts"),
  );
}

describe("services read and write through repositories", () => {
  it("no service builds a query, but those listed with their reason", () => {
    const files = moduleFiles(".service.ts");
    expect(files.length).toBeGreaterThan(30);
    expectShape(files, QUERIES_IN_THE_SERVICE, "QUERIES_IN_THE_SERVICE", serviceQueryProblems);
  });

  it("no other module file builds a query either (routes, policies, presenters, mails), but those listed", () => {
    const files = otherModuleFiles();
    expect(files.length).toBeGreaterThan(60);
    expectShape(files, QUERIES_OUTSIDE_REPOSITORIES, "QUERIES_OUTSIDE_REPOSITORIES", serviceQueryProblems);
  });

  it("accepts a service that opens a transaction and calls repositories", () => {
    const source = `
      import { createHash } from "node:crypto";
      import type { SQL } from "drizzle-orm";
      import type { Executor, Transaction } from "../../db/client";
      import { type UserRow } from "../../db/schema/users";
      import type { PostRow } from "../../db/schema/posts";
      import { inTransaction } from "../../lib/unit-of-work";
      import { findPost, insertLike } from "./posts.repository";
      export async function like(context, viewer: UserRow, postId: string) {
        const digest = createHash("sha256").update(postId).digest("hex");
        await context.storage.delete(digest);
        await context.db.transaction(async (tx: Transaction) => {
          const post = await findPost(tx, postId);
          await insertLike(tx, viewer.id, post.id);
        });
        return inTransaction(context, (tx) => findPost(tx, postId));
      }`;
    expect(serviceQueryProblems("good.service.ts", source)).toEqual([]);
  });

  it("names each query a service builds itself", () => {
    const source = `
      import { and, eq, type SQL } from "drizzle-orm";
      import { posts } from "../../db/schema/posts";
      import type { Executor } from "../../db/client";
      export async function getPost(context, postId: string) {
        const [post] = await context.db.select().from(posts).where(eq(posts.id, postId));
        await context.db.transaction(async (tx) => {
          await tx.update(posts).set({ title: "x" }).where(eq(posts.id, postId));
          await tx.execute(sql\`select pg_advisory_xact_lock(1)\`);
        });
        return post;
      }
      async function remove(t: Executor, postId: string) {
        await t.delete(posts).where(eq(posts.id, postId));
      }`;
    expect(serviceQueryProblems("wrong.service.ts", source)).toEqual([
      "wrong.service.ts:2 imports and, eq from drizzle-orm (queries are built in repositories)",
      "wrong.service.ts:3 imports posts from ../../db/schema/posts (queries are built in repositories)",
      "wrong.service.ts:6 context.db.select(...) runs a query (move it to a repository)",
      "wrong.service.ts:8 tx.update(...) runs a query (move it to a repository)",
      "wrong.service.ts:9 tx.execute(...) runs a query (move it to a repository)",
      "wrong.service.ts:9 sql`...` writes SQL (move it to a repository)",
      "wrong.service.ts:14 t.delete(...) runs a query (move it to a repository)",
    ]);
  });
});
