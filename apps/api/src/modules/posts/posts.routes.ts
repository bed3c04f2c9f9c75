import { businessIdParams } from "@plaza/contracts/businesses";
import { noContent as noBody } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import {
  commentIdParams,
  commentPage,
  commentView,
  createCommentBody,
  createPostBody,
  feedQuery,
  likeBody,
  likeParams,
  likeView,
  nearbyQuery,
  postIdParams,
  postPage,
  postView,
  trendingQuery,
  updateCommentBody,
  updatePostBody,
} from "@plaza/contracts/posts";
import { userIdParams } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context";
import { created, noContent, ok, page, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { addComment, deleteComment, likePost, listComments, unlikePost, updateComment } from "./comments-likes.service";
import { listBusinessPhotos, listFeed, listNearby, listTrending, listUserPosts } from "./feed.service";
import { createPost, deletePost, getPost, updatePost } from "./posts.service";

/** Posts, feed, likes and comments (docs/PRODUCT.md §7, docs/PRODUCT.md "Social"). */
export async function postsRoutes(app: FastifyInstance): Promise<void> {
  postRoutes(app, app.context);
  feedRoutes(app, app.context);
  commentAndLikeRoutes(app, app.context);
}

/** Publishing, reading, editing and deleting posts; a user's posts. */
function postRoutes(app: FastifyInstance, context: AppContext): void {
  route(
    app,
    "POST",
    "/api/posts",
    {
      schema: {
        summary: "Publish a post",
        errors: {
          400: "A pay-per-view price must be above 0, with at most 2 decimals",
          403: "Pay-per-view and subscriber posts are for creator profiles",
          429: "Posting too fast",
        },
        body: createPostBody,
        response: { 201: postView },
      },
      config: { access: "user" },
    },
    async (request) => created(await createPost(context, requireViewer(request), request.body)),
  );

  route(
    app,
    "GET",
    "/api/posts/:id",
    {
      schema: {
        summary: "One post (locked posts are redacted)",
        errors: { 403: "The author's content is not visible to you", 404: "No such post" },
        params: postIdParams,
        response: { 200: postView },
      },
    },
    async (request) => ok(await getPost(context, request.viewer, request.params.id)),
  );

  route(
    app,
    "DELETE",
    "/api/posts/:id",
    {
      schema: {
        summary: "Delete your post",
        errors: { 403: "You are not the author", 404: "No such post", 409: "The post has purchases" },
        params: postIdParams,
        response: { 204: noBody },
      },
      config: { access: "user" },
    },
    async (request) => noContent(await deletePost(context, requireViewer(request), request.params.id)),
  );

  route(
    app,
    "PATCH",
    "/api/posts/:id",
    {
      schema: {
        summary: "Edit your post: title, text, tags, place, tagged business (type and price until someone paid)",
        errors: {
          403: "You are not the author, or a paid type needs a creator profile",
          404: "No such post",
          409: "People have paid for the post: its type and price are fixed",
        },
        params: postIdParams,
        body: updatePostBody,
        response: { 200: postView },
      },
      config: { access: "user" },
    },
    async (request) => ok(await updatePost(context, requireViewer(request), request.params.id, request.body)),
  );

  route(
    app,
    "GET",
    "/api/users/:userId/posts",
    {
      schema: {
        summary: "A user's posts",
        errors: {
          403: "The author's content is not visible to you",
          404: "The user does not exist, was deleted, or is hidden from you (blocked)",
        },
        params: userIdParams,
        querystring: pageQuery,
        response: { 200: postPage },
      },
    },
    async (request) => page(await listUserPosts(context, request.viewer, request.params.userId, request.query)),
  );
}

/** The lists of posts: home feed, trending, near you, a business's customer photos. */
function feedRoutes(app: FastifyInstance, context: AppContext): void {
  route(
    app,
    "GET",
    "/api/posts/feed",
    {
      schema: {
        summary: "Home feed: posts of the people you follow and your own",
        querystring: feedQuery,
        response: { 200: postPage },
      },
      config: { access: "user", readsReplica: true },
    },
    async (request) => page(await listFeed(context, requireViewer(request), request.query)),
  );

  route(
    app,
    "GET",
    "/api/posts/trending",
    {
      schema: {
        summary: "Trending posts, optionally near a place",
        querystring: trendingQuery,
        response: { 200: postPage },
      },
    },
    async (request) => ok(await listTrending(context, request.viewer, request.query)),
  );

  route(
    app,
    "GET",
    "/api/posts/nearby",
    {
      schema: {
        summary: "Near you: posts anyone may see, made within a radius (miles, 1–50), newest first",
        description:
          "Public authors only, without blocks either way, deleted or suspended authors. Positions are stored on a ~500 m grid.",
        querystring: nearbyQuery,
        response: { 200: postPage },
      },
    },
    async (request) => page(await listNearby(context, request.viewer, request.query)),
  );

  route(
    app,
    "GET",
    "/api/businesses/:id/photos",
    {
      schema: {
        tags: ["Businesses"],
        summary:
          "Customers' photos: pictures of the posts tagged to the business that you may see, newest first (public)",
        errors: { 404: "No such business" },
        params: businessIdParams,
        querystring: pageQuery,
        response: { 200: postPage },
      },
      config: { access: "public" },
    },
    async (request) => page(await listBusinessPhotos(context, request.viewer, request.params.id, request.query)),
  );
}

/** Likes and comments. */
function commentAndLikeRoutes(app: FastifyInstance, context: AppContext): void {
  route(
    app,
    "POST",
    "/api/likes",
    {
      schema: {
        summary: "Like a post",
        errors: { 403: "Likes are off for this post, or it is not visible to you", 404: "No such post" },
        body: likeBody,
        response: { 200: likeView },
      },
      config: { access: "user" },
    },
    async (request) => ok(await likePost(context, requireViewer(request), request.body.postId)),
  );

  route(
    app,
    "DELETE",
    "/api/likes/:postId",
    {
      schema: {
        summary: "Remove your like",
        errors: { 404: "No such post" },
        params: likeParams,
        response: { 200: likeView },
      },
      config: { access: "user" },
    },
    async (request) => ok(await unlikePost(context, requireViewer(request), request.params.postId)),
  );

  route(
    app,
    "GET",
    "/api/posts/:id/comments",
    {
      schema: {
        summary: "Comments on a post",
        errors: { 403: "The post is not visible to you", 404: "No such post" },
        params: postIdParams,
        querystring: pageQuery,
        response: { 200: commentPage },
      },
    },
    async (request) => page(await listComments(context, request.viewer, request.params.id, request.query)),
  );

  route(
    app,
    "POST",
    "/api/posts/:id/comments",
    {
      schema: {
        summary: "Comment on a post",
        errors: { 403: "Comments are off for this post, or it is not visible to you", 404: "No such post" },
        params: postIdParams,
        body: createCommentBody,
        response: { 201: commentView },
      },
      config: { access: "user" },
    },
    async (request) => created(await addComment(context, requireViewer(request), request.params.id, request.body)),
  );

  route(
    app,
    "PATCH",
    "/api/comments/:id",
    {
      schema: {
        summary: "Edit your comment",
        errors: { 403: "You are not the comment's author", 404: "No such comment" },
        params: commentIdParams,
        body: updateCommentBody,
        response: { 200: commentView },
      },
      config: { access: "user" },
    },
    async (request) => ok(await updateComment(context, requireViewer(request), request.params.id, request.body)),
  );

  route(
    app,
    "DELETE",
    "/api/comments/:id",
    {
      schema: {
        summary: "Delete a comment (its author or the post's author)",
        errors: { 403: "You are neither the comment's nor the post's author", 404: "No such comment" },
        params: commentIdParams,
        response: { 204: noBody },
      },
      config: { access: "user" },
    },
    async (request) => noContent(await deleteComment(context, requireViewer(request), request.params.id)),
  );
}
