import { insertUnlock } from "../../factories/payments";
import { freshComment, freshPost } from "../world";
import {
  aliceContent,
  allow,
  type CaseInput,
  type Expectation,
  ID,
  type MatrixRow,
  NONE_ID,
  owner,
  ownOnly,
  SELF,
} from "./common";

/** Who bought the locked posts of the comment rows (Alice's): `follower` and `customVisible`. */
const BUYERS = ["follower", "customVisible"];

/**
 * A fresh pay-per-view post of the resource's owner, bought by BUYERS when it is Alice's: its comments are for
 * those who see it whole (docs/PRODUCT.md "Closing the outside review").
 */
async function boughtPost(input: CaseInput): Promise<string> {
  const author = owner(input);
  if (input.resource === "none" || !author) return NONE_ID;
  const postId = await freshPost(input.world, author, "ppv");
  if (author === input.world.actors.user.id) {
    for (const role of BUYERS) {
      await insertUnlock(input.world.harness.context, input.world.actors[role as "follower"].id, postId, author);
    }
  }
  return postId;
}

/** Alice's content rule, and then only her buyers (a subscription or the admin role does not open a ppv post). */
const buyersOfAliceContent = (input: CaseInput): Expectation => {
  const base = aliceContent(input);
  if (input.resource !== "other" || base !== "allow") return base;
  return BUYERS.includes(input.role) ? "allow" : "deny";
};

/** Matrix rows: posts. */
export const POSTS_ROWS: MatrixRow[] = [
  {
    route: "POST /api/posts",
    resources: SELF,
    request: () => ({ url: "/api/posts", payload: { title: "Matrix", content: "A post from the matrix" } }),
    expect: allow,
  },
  { route: "GET /api/posts/feed", resources: SELF, request: () => ({ url: "/api/posts/feed" }), expect: allow },
  { route: "GET /api/posts/trending", resources: SELF, request: () => ({ url: "/api/posts/trending" }), expect: allow },
  {
    route: "GET /api/posts/nearby",
    resources: SELF,
    request: () => ({ url: "/api/posts/nearby?latitude=45.7054&longitude=-121.5215&radius=10" }),
    expect: allow,
  },
  {
    route: "GET /api/posts/:id",
    resources: ID,
    byVisibility: true,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/posts/${input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author, "ppv")}`,
      };
    },
    expect: aliceContent,
  },
  {
    route: "DELETE /api/posts/:id",
    resources: ID,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/posts/${input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author)}`,
      };
    },
    expect: ownOnly,
  },
  {
    route: "GET /api/users/:userId/posts",
    resources: ID,
    byVisibility: true,
    request: async (input) => {
      const author = owner(input);
      if (author) await freshPost(input.world, author, "subscriber");
      return { url: `/api/users/${input.resource === "none" || !author ? NONE_ID : author}/posts` };
    },
    expect: aliceContent,
  },
  {
    route: "POST /api/likes",
    resources: ID,
    byVisibility: true,
    request: async (input) => {
      const author = owner(input);
      return {
        url: "/api/likes",
        payload: { postId: input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author) },
      };
    },
    expect: aliceContent,
  },
  {
    route: "DELETE /api/likes/:postId",
    resources: ID,
    byVisibility: true,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/likes/${input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author)}`,
      };
    },
    // Unliking a post one cannot see: refused, or a no-op the DB check proves.
    expect: (input) => (aliceContent(input) === "deny" ? "noop" : aliceContent(input)),
  },
  {
    // Only its author edits a post; and no bait and switch: once Alice's pay-per-view post has buyers its text is
    // fixed, for her too (409), while the other authors' unbought posts change.
    route: "PATCH /api/posts/:id",
    resources: ID,
    request: async (input) => ({
      url: `/api/posts/${await boughtPost(input)}`,
      payload: { content: "Switched after the sale" },
    }),
    expect: (input) => {
      if (input.resource !== "own") return "deny";
      return input.role === "user" ? "refuse" : "allow";
    },
  },
  {
    route: "GET /api/posts/:id/comments",
    resources: ID,
    byVisibility: true,
    request: async (input) => ({ url: `/api/posts/${await boughtPost(input)}/comments` }),
    expect: buyersOfAliceContent,
  },
  {
    route: "POST /api/posts/:id/comments",
    resources: ID,
    byVisibility: true,
    request: async (input) => ({
      url: `/api/posts/${await boughtPost(input)}/comments`,
      payload: { content: "Nice one" },
    }),
    expect: buyersOfAliceContent,
  },

  {
    route: "PATCH /api/comments/:id",
    resources: ID,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/comments/${input.resource === "none" || !author ? NONE_ID : await freshComment(input.world, author, author)}`,
        payload: { content: "Edited comment" },
      };
    },
    expect: ownOnly,
  },
  {
    // Someone else's comment on someone else's post: refused (the post's author may delete, tested in editing).
    route: "DELETE /api/comments/:id",
    resources: ID,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/comments/${input.resource === "none" || !author ? NONE_ID : await freshComment(input.world, author, author)}`,
      };
    },
    expect: ownOnly,
  },
];
