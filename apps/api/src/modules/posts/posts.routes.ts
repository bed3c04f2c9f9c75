import { businessIdParams } from "@plaza/contracts/businesses";
import { noContent } from "@plaza/contracts/http";
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
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendPage } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import { addComment, deleteComment, likePost, listComments, unlikePost, updateComment } from "./comments-likes.service";
import { listBusinessPhotos, listFeed, listNearby, listTrending, listUserPosts } from "./feed.service";
import { createPost, deletePost, getPost, updatePost } from "./posts.service";

/** Posts, feed, likes and comments (docs/PRODUCT.md §7, docs/PRODUCT.md "Social"). */
export async function postsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.post(
    "/api/posts",
    {
      schema: {
        tags: ["Posts"],
        operationId: "postPosts",
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
    async (request, reply) => reply.status(201).send(await createPost(context, requireViewer(request), request.body)),
  );

  app.get(
    "/api/posts/feed",
    {
      schema: {
        tags: ["Posts"],
        operationId: "getPostsFeed",
        summary: "Home feed: posts of the people you follow and your own",
        querystring: feedQuery,
        response: { 200: postPage },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      const { limit, cursor, ...location } = request.query;
      return sendPage(reply, await listFeed(context, requireViewer(request), location, { cursor, limit }));
    },
  );

  app.get(
    "/api/posts/trending",
    {
      schema: {
        tags: ["Posts"],
        operationId: "getPostsTrending",
        summary: "Trending posts, optionally near a place",
        querystring: trendingQuery,
        response: { 200: postPage },
      },
    },
    async (request) => {
      const { limit, ...location } = request.query;
      return listTrending(context, request.viewer, location, limit);
    },
  );

  app.get(
    "/api/posts/nearby",
    {
      schema: {
        tags: ["Posts"],
        operationId: "getPostsNearby",
        summary: "Near you: posts anyone may see, made within a radius (miles, 1–50), newest first",
        description:
          "Public authors only, without blocks either way, deleted or suspended authors. Positions are stored on a ~500 m grid.",
        querystring: nearbyQuery,
        response: { 200: postPage },
      },
    },
    async (request, reply) => {
      const { limit, cursor, ...area } = request.query;
      return sendPage(reply, await listNearby(context, request.viewer, area, { cursor, limit }));
    },
  );

  app.get(
    "/api/posts/:id",
    {
      schema: {
        tags: ["Posts"],
        operationId: "getPostsById",
        summary: "One post (locked posts are redacted)",
        errors: { 403: "The author's content is not visible to you", 404: "No such post" },
        params: postIdParams,
        response: { 200: postView },
      },
    },
    async (request) => getPost(context, request.viewer, request.params.id),
  );

  app.delete(
    "/api/posts/:id",
    {
      schema: {
        tags: ["Posts"],
        operationId: "deletePostsById",
        summary: "Delete your post",
        errors: { 403: "You are not the author", 404: "No such post", 409: "The post has purchases" },
        params: postIdParams,
        response: { 204: noContent },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      await deletePost(context, requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.patch(
    "/api/posts/:id",
    {
      schema: {
        tags: ["Posts"],
        operationId: "patchPostsById",
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
    async (request) => updatePost(context, requireViewer(request), request.params.id, request.body),
  );

  app.get(
    "/api/businesses/:id/photos",
    {
      schema: {
        tags: ["Businesses"],
        operationId: "getBusinessesByIdPhotos",
        summary:
          "Customers' photos: pictures of the posts tagged to the business that you may see, newest first (public)",
        errors: { 404: "No such business" },
        params: businessIdParams,
        querystring: pageQuery,
        response: { 200: postPage },
      },
      config: { access: "public" },
    },
    async (request, reply) =>
      sendPage(reply, await listBusinessPhotos(context, request.viewer, request.params.id, request.query)),
  );

  app.get(
    "/api/users/:userId/posts",
    {
      schema: {
        tags: ["Posts"],
        operationId: "getUsersByUserIdPosts",
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
    async (request, reply) =>
      sendPage(reply, await listUserPosts(context, request.viewer, request.params.userId, request.query)),
  );

  app.post(
    "/api/likes",
    {
      schema: {
        tags: ["Posts"],
        operationId: "postLikes",
        summary: "Like a post",
        errors: { 403: "Likes are off for this post, or it is not visible to you", 404: "No such post" },
        body: likeBody,
        response: { 200: likeView },
      },
      config: { access: "user" },
    },
    async (request) => likePost(context, requireViewer(request), request.body.postId),
  );

  app.delete(
    "/api/likes/:postId",
    {
      schema: {
        tags: ["Posts"],
        operationId: "deleteLikesByPostId",
        summary: "Remove your like",
        errors: { 404: "No such post" },
        params: likeParams,
        response: { 200: likeView },
      },
      config: { access: "user" },
    },
    async (request) => unlikePost(context, requireViewer(request), request.params.postId),
  );

  app.get(
    "/api/posts/:id/comments",
    {
      schema: {
        tags: ["Posts"],
        operationId: "getPostsByIdComments",
        summary: "Comments on a post",
        errors: { 403: "The post is not visible to you", 404: "No such post" },
        params: postIdParams,
        querystring: pageQuery,
        response: { 200: commentPage },
      },
    },
    async (request, reply) =>
      sendPage(reply, await listComments(context, request.viewer, request.params.id, request.query)),
  );

  app.post(
    "/api/posts/:id/comments",
    {
      schema: {
        tags: ["Posts"],
        operationId: "postPostsByIdComments",
        summary: "Comment on a post",
        errors: { 403: "Comments are off for this post, or it is not visible to you", 404: "No such post" },
        params: postIdParams,
        body: createCommentBody,
        response: { 201: commentView },
      },
      config: { access: "user" },
    },
    async (request, reply) =>
      reply.status(201).send(await addComment(context, requireViewer(request), request.params.id, request.body)),
  );

  app.patch(
    "/api/comments/:id",
    {
      schema: {
        tags: ["Posts"],
        operationId: "patchCommentsById",
        summary: "Edit your comment",
        errors: { 403: "You are not the comment's author", 404: "No such comment" },
        params: commentIdParams,
        body: updateCommentBody,
        response: { 200: commentView },
      },
      config: { access: "user" },
    },
    async (request) => updateComment(context, requireViewer(request), request.params.id, request.body),
  );

  app.delete(
    "/api/comments/:id",
    {
      schema: {
        tags: ["Posts"],
        operationId: "deleteCommentsById",
        summary: "Delete a comment (its author or the post's author)",
        errors: { 403: "You are neither the comment's nor the post's author", 404: "No such comment" },
        params: commentIdParams,
        response: { 204: noContent },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      await deleteComment(context, requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
