import { businessIdParams } from "@plaza/contracts/businesses";
import { noContent } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import {
  commentIdParams,
  commentView,
  createCommentBody,
  createPostBody,
  feedQuery,
  likeBody,
  likeParams,
  likeView,
  nearbyQuery,
  postIdParams,
  postView,
  trendingQuery,
  updateCommentBody,
  updatePostBody,
} from "@plaza/contracts/posts";
import { userIdParams } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { decodeCursor, pageOf } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import {
  addComment,
  createPost,
  deleteComment,
  deletePost,
  getPost,
  likePost,
  listBusinessPhotos,
  listComments,
  listFeed,
  listNearby,
  listTrending,
  listUserPosts,
  unlikePost,
  updateComment,
  updatePost,
} from "./posts.service";

const postList = z.array(postView);
const byCreation = (item: { createdAt: string; id: string }) => ({ createdAt: new Date(item.createdAt), id: item.id });

/** Posts, feed, likes and comments (docs/PRODUCT.md §7, docs/PRODUCT.md "Social"). */
export async function postsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.post(
    "/api/posts",
    { schema: { body: createPostBody, response: { 201: postView } }, config: { access: "user" } },
    async (request, reply) => reply.status(201).send(await createPost(context, requireViewer(request), request.body)),
  );

  app.get(
    "/api/posts/feed",
    { schema: { querystring: feedQuery, response: { 200: postList } }, config: { access: "user" } },
    async (request, reply) => {
      const { limit, cursor, ...location } = request.query;
      const rows = await listFeed(context, requireViewer(request), location, { cursor: decodeCursor(cursor), limit });
      return pageOf(reply, rows, limit, byCreation);
    },
  );

  app.get(
    "/api/posts/trending",
    { schema: { querystring: trendingQuery, response: { 200: postList } } },
    async (request) => {
      const { limit, ...location } = request.query;
      return listTrending(context, request.viewer, location, limit);
    },
  );

  app.get(
    "/api/posts/nearby",
    { schema: { querystring: nearbyQuery, response: { 200: postList } } },
    async (request, reply) => {
      const { limit, cursor, ...area } = request.query;
      const rows = await listNearby(context, request.viewer, area, { cursor: decodeCursor(cursor), limit });
      return pageOf(reply, rows, limit, byCreation);
    },
  );

  app.get("/api/posts/:id", { schema: { params: postIdParams, response: { 200: postView } } }, async (request) =>
    getPost(context, request.viewer, request.params.id),
  );

  app.delete(
    "/api/posts/:id",
    { schema: { params: postIdParams, response: { 204: noContent } }, config: { access: "user" } },
    async (request, reply) => {
      await deletePost(context, requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.patch(
    "/api/posts/:id",
    {
      schema: { params: postIdParams, body: updatePostBody, response: { 200: postView } },
      config: { access: "user" },
    },
    async (request) => updatePost(context, requireViewer(request), request.params.id, request.body),
  );

  /** Customers' photos of a place: pictures of the visible posts tagged to it, newest first (public, paged). */
  app.get(
    "/api/businesses/:id/photos",
    {
      schema: { params: businessIdParams, querystring: pageQuery, response: { 200: postList } },
      config: { access: "public" },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await listBusinessPhotos(context, request.viewer, request.params.id, {
        cursor: decodeCursor(cursor),
        limit,
      });
      return pageOf(reply, rows, limit, byCreation);
    },
  );

  app.get(
    "/api/users/:userId/posts",
    { schema: { params: userIdParams, querystring: pageQuery, response: { 200: postList } } },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await listUserPosts(context, request.viewer, request.params.userId, {
        cursor: decodeCursor(cursor),
        limit,
      });
      return pageOf(reply, rows, limit, byCreation);
    },
  );

  app.post(
    "/api/likes",
    { schema: { body: likeBody, response: { 200: likeView } }, config: { access: "user" } },
    async (request) => likePost(context, requireViewer(request), request.body.postId),
  );

  app.delete(
    "/api/likes/:postId",
    { schema: { params: likeParams, response: { 200: likeView } }, config: { access: "user" } },
    async (request) => unlikePost(context, requireViewer(request), request.params.postId),
  );

  app.get(
    "/api/posts/:id/comments",
    { schema: { params: postIdParams, querystring: pageQuery, response: { 200: z.array(commentView) } } },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await listComments(context, request.viewer, request.params.id, {
        cursor: decodeCursor(cursor),
        limit,
      });
      return pageOf(reply, rows, limit, byCreation);
    },
  );

  app.post(
    "/api/posts/:id/comments",
    {
      schema: { params: postIdParams, body: createCommentBody, response: { 201: commentView } },
      config: { access: "user" },
    },
    async (request, reply) =>
      reply.status(201).send(await addComment(context, requireViewer(request), request.params.id, request.body)),
  );

  app.patch(
    "/api/comments/:id",
    {
      schema: { params: commentIdParams, body: updateCommentBody, response: { 200: commentView } },
      config: { access: "user" },
    },
    async (request) => updateComment(context, requireViewer(request), request.params.id, request.body),
  );

  app.delete(
    "/api/comments/:id",
    { schema: { params: commentIdParams, response: { 204: noContent } }, config: { access: "user" } },
    async (request, reply) => {
      await deleteComment(context, requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
