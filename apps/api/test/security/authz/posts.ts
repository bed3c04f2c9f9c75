import { freshComment, freshPost } from "../world";
import { aliceContent, allow, ID, type MatrixRow, NONE_ID, owner, ownOnly, SELF } from "./common";

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
    route: "PATCH /api/posts/:id",
    resources: ID,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/posts/${input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author)}`,
        payload: { content: "Edited from the matrix" },
      };
    },
    expect: ownOnly,
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
    route: "GET /api/posts/:id/comments",
    resources: ID,
    byVisibility: true,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/posts/${input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author)}/comments`,
      };
    },
    expect: aliceContent,
  },
  {
    route: "POST /api/posts/:id/comments",
    resources: ID,
    byVisibility: true,
    request: async (input) => {
      const author = owner(input);
      return {
        url: `/api/posts/${input.resource === "none" || !author ? NONE_ID : await freshPost(input.world, author)}/comments`,
        payload: { content: "Nice one" },
      };
    },
    expect: aliceContent,
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
