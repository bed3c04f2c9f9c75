import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import { PARTNERSHIP_MESSAGES } from "@plaza/contracts/partnerships";
import { canSellAccess } from "@plaza/contracts/payments";
import type { CreatePostBody, PostView, UpdatePostBody } from "@plaza/contracts/posts";
import {
  MEDIA_MESSAGES,
  type MediaType,
  POST_MEDIA_MAX,
  POST_MESSAGES,
  postPriceProblem,
  resolvePostType,
} from "@plaza/contracts/posts";
import type { ProfileType } from "@plaza/contracts/users";
import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from "../../lib/app-error";
import { snapToPositionGrid } from "../../lib/geo";
import { findBusinessById } from "../businesses/businesses.repository";
import { assertNewAccountLinks, assertNewAccountQuota } from "../instance/new-account-limits";
import { findLivePerkOfCreator } from "../partnerships/partnerships.repository";
import { isBlockedEitherWay, isFollowing } from "../relationships/relationships.repository";
import type { UploadRow } from "../uploads/uploads.repository";
import { objectUrlFor, resolveOwnUploadRow, videoUrlFor } from "../uploads/uploads.service";
import type { Viewer } from "../users/viewer";
import { findUserPrivacy } from "./comments-likes.repository";
import { requestPostEditFederation, requestPostFederation } from "./post-federation";
import { canSeeAuthorPosts } from "./posts.policy";
import { centsToDollars, presentPost } from "./posts.presenter";
import {
  changePostsCount,
  deletePostRow,
  findPostById,
  hasLedgerTransactions,
  hasUnlockPurchases,
  insertPostCountingAuthor,
  insertPostMedia,
  markPostRemoved,
  type NewPostMediaRow,
  type NewPostRow,
  type PostRow,
  selectPostForViewer,
  updatePostRow,
} from "./posts.repository";

const HOUR_MS = 60 * 60 * 1000;
/** Per-user write quotas (anti-automation); generous for people, a wall for scripts. */
export const POSTS_PER_HOUR = 60;

export async function assertWithinQuota(context: AppContext, key: string, limit: number): Promise<void> {
  const attempt = await context.rateLimiter.hit(key, limit, HOUR_MS);
  if (!attempt.allowed) throw tooManyRequests(ERROR_MESSAGES.tooManyRequests, attempt.retryAfterMs);
}

/** The kind of media an upload holds, from what the server stored (never from the name the client gave). */
function mediaTypeOfUpload(upload: UploadRow): MediaType {
  return upload.contentType?.startsWith("video/") ? "video" : "image";
}

/**
 * The media of a new post, in order: only addresses of the author's own finished uploads (the uploads module checks
 * the uploads table: owner, status ready). Up to 4 pictures or one video, never both (400 otherwise). Items come
 * from `media` (each with its own description) or, as older clients send them, `mediaUrls` with `altText` for the
 * first.
 */
async function resolveMedia(
  context: AppContext,
  authorId: string,
  body: Pick<CreatePostBody, "media" | "mediaUrls" | "altText">,
): Promise<Omit<NewPostMediaRow, "postId">[]> {
  if (body.media && body.media.length > 0 && body.mediaUrls.length > 0) {
    throw badRequest(MEDIA_MESSAGES.eitherField, "media");
  }
  const requested =
    body.media && body.media.length > 0
      ? body.media.map((item) => ({ url: item.url, alt: item.alt || null }))
      : body.mediaUrls.map((url, index) => ({ url, alt: index === 0 ? body.altText || null : null }));
  if (requested.length > POST_MEDIA_MAX) throw badRequest(MEDIA_MESSAGES.tooMany, "media");
  const items: Omit<NewPostMediaRow, "postId">[] = [];
  for (const [position, item] of requested.entries()) {
    const upload = await resolveOwnUploadRow(context, item.url, authorId);
    if (items.some((existing) => existing.uploadId === upload.id)) throw badRequest(MEDIA_MESSAGES.duplicate, "media");
    items.push({
      position,
      uploadId: upload.id,
      type: mediaTypeOfUpload(upload),
      url: mediaTypeOfUpload(upload) === "video" ? videoUrlFor(upload.id) : objectUrlFor(upload.id),
      width: upload.width ?? 0,
      height: upload.height ?? 0,
      placeholder: upload.placeholder,
      variantWidths: upload.variantWidths,
      alt: item.alt,
    });
  }
  const videos = items.filter((item) => item.type === "video").length;
  if (videos > 0 && videos < items.length) throw badRequest(MEDIA_MESSAGES.mixed, "media");
  if (videos > 1) throw badRequest(MEDIA_MESSAGES.oneVideo, "media");
  return items;
}

/**
 * The position a post keeps: the centre of its grid cell (lib/geo), never the exact point, so radius filters can
 * reveal no more than the neighbourhood; none without both coordinates.
 */
function storedPosition(location: { latitude?: number; longitude?: number }) {
  if (location.latitude === undefined || location.longitude === undefined) return { latitude: null, longitude: null };
  return snapToPositionGrid({ latitude: location.latitude, longitude: location.longitude });
}

/** "Tag a place": the business must exist and be published (400 otherwise, naming the field). */
async function assertTaggablePlace(db: Executor, businessId: string): Promise<void> {
  const business = await findBusinessById(db, businessId);
  if (!business?.isPublished) throw badRequest(POST_MESSAGES.placeNotFound, "businessId");
}

/**
 * Publishes a post and counts it on the author, in one transaction. Pay-per-view and subscriber posts sell
 * access, which only creator profiles do (403 otherwise); a pay-per-view post needs a price above 0 (400).
 */
export async function createPost(
  context: AppContext,
  author: Viewer & { profileType: ProfileType; createdAt: Date },
  body: CreatePostBody,
): Promise<PostView> {
  const priceProblem = postPriceProblem(body);
  if (priceProblem) throw badRequest(priceProblem, "price");
  const postType = resolvePostType(body);
  if (postType !== "free" && !canSellAccess(author.profileType)) {
    throw forbidden(POST_MESSAGES.paidPostsCreatorsOnly, "CREATORS_ONLY");
  }
  const priceCents = postType === "ppv" && body.price ? Math.round(body.price * 100) : null;
  const location = body.location ?? {};
  if (body.businessId) await assertTaggablePlace(context.db, body.businessId);
  await assertNewAccountLinks(context, author, [body.title, body.content]);
  await assertWithinQuota(context, `posts:${author.id}`, POSTS_PER_HOUR);
  await assertNewAccountQuota(context, author, "posts");
  const now = context.clock.now();
  // Checked before the transaction: the uploads module reads through context.db, and a ready upload stays ready.
  const media = await resolveMedia(context, author.id, body);
  const mediaUrls = media.map((item) => item.url);
  if (body.perkCouponId && !(await findLivePerkOfCreator(context.db, author.id, body.perkCouponId, now))) {
    throw badRequest(PARTNERSHIP_MESSAGES.perkNotYours, "perkCouponId");
  }
  const values: NewPostRow = {
    authorId: author.id,
    title: body.title ?? null,
    content: body.content,
    postType,
    priceCents,
    mediaUrls,
    // The first item mirrors the single-media fields older clients read.
    mediaType: media[0]?.type ?? null,
    altText: media[0]?.alt ?? null,
    category: body.category ?? null,
    tags: body.tags,
    isCommentable: body.isCommentable,
    isLikeable: body.isLikeable,
    city: location.city || null,
    state: location.state || null,
    country: location.country || null,
    countryCode: location.countryCode?.toUpperCase() || null,
    ...storedPosition(location),
    businessId: body.businessId ?? null,
    perkCouponId: body.perkCouponId ?? null,
    createdAt: now,
  };
  // The post and its author's count are one statement; its media rows join them in a transaction.
  const postId =
    media.length === 0
      ? await insertPostCountingAuthor(context.db, values)
      : await context.db.transaction(async (tx) => {
          const id = await insertPostCountingAuthor(tx, values);
          await insertPostMedia(
            tx,
            media.map((item) => ({ ...item, postId: id })),
          );
          return id;
        });
  await requestPostFederation(context, { id: postId, authorId: author.id, postType }, "create");
  return getPost(context, author, postId);
}

/**
 * A post the viewer may see, or an error: 404 when it does not exist, 403 when its author hides it from the
 * viewer (visibility) or a block stands between them.
 */
export async function requireVisiblePost(context: AppContext, viewer: Viewer | null, postId: string) {
  const row = await selectPostForViewer(context.db, postId, viewer, context.clock.now());
  if (!row) throw notFound(POST_MESSAGES.notFound);
  // A hidden post is its author's (and the moderators', through the queue) only; a removed one nobody's.
  if (row.post.removedAt) throw notFound(POST_MESSAGES.notFound);
  if (row.post.hiddenAt && row.post.authorId !== viewer?.id) throw notFound(POST_MESSAGES.notFound);
  await assertMaySeeAuthor(context, viewer, row.post.authorId, POST_MESSAGES.notFound);
  return row;
}

export async function assertMaySeeAuthor(
  context: AppContext,
  viewer: Viewer | null,
  authorId: string,
  missingMessage: string = POST_MESSAGES.userNotFound,
): Promise<void> {
  if (viewer && viewer.id === authorId) return;
  const author = await findUserPrivacy(context.db, authorId);
  if (!author || (author.isDeleted && !viewer?.isSuperuser)) throw notFound(missingMessage);
  if (viewer && !viewer.isSuperuser && (await isBlockedEitherWay(context.db, viewer.id, authorId))) {
    throw forbidden(POST_MESSAGES.notVisible, "BLOCKED");
  }
  const isFollower = viewer ? await isFollowing(context.db, viewer.id, authorId) : false;
  if (!canSeeAuthorPosts(viewer, author, isFollower)) throw forbidden(POST_MESSAGES.notVisible, "NOT_VISIBLE");
}

export async function getPost(context: AppContext, viewer: Viewer | null, postId: string): Promise<PostView> {
  const row = await requireVisiblePost(context, viewer, postId);
  return presentPost(row, viewer?.id ?? null);
}

/**
 * Deletes a post and uncounts it on its author, inside the caller's transaction (likes and comments go with it
 * by cascade; ledger rows keep their history and lose only the post reference). Returns the deleted post, or
 * undefined when there was none. The admin module
 * reuses this for moderation, adding its own log line in the same transaction.
 */
export async function removePost(tx: Executor, postId: string): Promise<PostRow | undefined> {
  const post = await findPostById(tx, postId);
  if (!post) return undefined;
  if (await deletePostRow(tx, postId)) await changePostsCount(tx, post.authorId, -1);
  return post;
}

/**
 * A moderator's deletion, reversible while it may be appealed: the post is shown to nobody (`removedAt`) and leaves
 * its author's count; `null` brings it back. Returns the post, or undefined when there is none (or nothing changed).
 */
export async function setPostRemoved(tx: Executor, postId: string, removedAt: Date | null) {
  const post = await markPostRemoved(tx, postId, removedAt);
  if (post) await changePostsCount(tx, post.authorId, removedAt ? -1 : 1);
  return post;
}

/** Deletes a post; only its author may. The author's postsCount follows in the same transaction. */
export async function deletePost(context: AppContext, viewer: Viewer, postId: string): Promise<void> {
  const removed = await context.db.transaction(async (tx) => {
    const post = await findPostById(tx, postId);
    if (!post) throw notFound(POST_MESSAGES.notFound);
    if (post.authorId !== viewer.id) throw forbidden(POST_MESSAGES.notAuthor, "NOT_AUTHOR");
    // People paid for this post (tip or unlock): its author cannot take it away from them (moderation still can).
    if (await hasLedgerTransactions(tx, postId)) throw conflict(POST_MESSAGES.hasPurchases, "POST_HAS_PURCHASES");
    return removePost(tx, postId);
  });
  if (removed) await requestPostFederation(context, removed, "delete");
}

/**
 * Changes what the author may change after publishing: title, text, tags and place, and the type and price
 * while nobody has paid for the post (tips and unlocks are in the ledger; 409 once there are any). A pay-per-view
 * post's text (its media never changes after publishing) is fixed once it has buyers (409). A change
 * stamps editedAt; a request that changes nothing leaves the post as it was.
 */
export async function updatePost(
  context: AppContext,
  viewer: Viewer & { profileType: ProfileType },
  postId: string,
  body: UpdatePostBody,
): Promise<PostView> {
  const edit = await context.db.transaction(async (tx) => {
    const post = await findPostById(tx, postId, { forUpdate: true });
    // A post a moderator deleted is gone for its author too (the appeal, not an edit, may bring it back).
    if (!post || post.removedAt) throw notFound(POST_MESSAGES.notFound);
    if (post.authorId !== viewer.id) throw forbidden(POST_MESSAGES.notAuthorEdit, "NOT_AUTHOR");
    const changes: Partial<PostRow> = {};
    if (body.title !== undefined && body.title !== post.title) changes.title = body.title;
    if (body.content !== undefined && body.content !== post.content) changes.content = body.content;
    if (body.tags !== undefined && JSON.stringify(body.tags) !== JSON.stringify(post.tags)) changes.tags = body.tags;
    if (body.location !== undefined) {
      const location = body.location ?? {};
      const next = {
        city: location.city || null,
        state: location.state || null,
        country: location.country || null,
        countryCode: location.countryCode?.toUpperCase() || null,
        ...storedPosition(location),
      };
      for (const key of Object.keys(next) as (keyof typeof next)[]) {
        if (next[key] !== post[key]) Object.assign(changes, { [key]: next[key] });
      }
    }
    if (body.businessId !== undefined && body.businessId !== post.businessId) {
      if (body.businessId !== null) await assertTaggablePlace(tx, body.businessId);
      changes.businessId = body.businessId;
    }
    if (body.postType !== undefined || body.price !== undefined) {
      const typeChange = {
        postType: body.postType ?? post.postType,
        price: body.price !== undefined ? body.price : centsToDollars(post.priceCents),
      };
      const priceProblem = postPriceProblem(typeChange);
      if (priceProblem) throw badRequest(priceProblem, "price");
      const postType = resolvePostType(typeChange);
      const priceCents = postType === "ppv" && typeChange.price ? Math.round(typeChange.price * 100) : null;
      if (postType !== post.postType || priceCents !== post.priceCents) {
        if (postType !== "free" && !canSellAccess(viewer.profileType)) {
          throw forbidden(POST_MESSAGES.paidPostsCreatorsOnly, "CREATORS_ONLY");
        }
        if (await hasLedgerTransactions(tx, postId)) throw conflict(POST_MESSAGES.paidTypeFixed, "POST_HAS_PURCHASES");
        changes.postType = postType;
        changes.priceCents = priceCents;
      }
    }
    if (Object.keys(changes).length === 0) return null;
    // What buyers paid for stays what they bought: no bait and switch (docs/PRODUCT.md "Closing the outside review").
    if (changes.content !== undefined && post.postType === "ppv" && (await hasUnlockPurchases(tx, postId))) {
      throw conflict(POST_MESSAGES.hasBuyers, "POST_HAS_BUYERS");
    }
    await updatePostRow(tx, postId, { ...changes, editedAt: context.clock.now() });
    return { before: post, postType: changes.postType ?? post.postType };
  });
  if (edit) await requestPostEditFederation(context, edit.before, edit.postType);
  return getPost(context, viewer, postId);
}
