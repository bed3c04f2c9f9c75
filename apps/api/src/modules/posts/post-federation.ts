import type { AppContext } from "../../app-context";
import type { Effects } from "../../lib/unit-of-work";

/**
 * The job that tells other servers about a post (the federation module runs it; docs/decisions/0012-federation.md):
 * asked for after the commit, so a delivery problem never fails the author's own action. Only a free post can
 * leave Plaza; the job checks the rest (a public account, discoverable) when it runs.
 */
export const FEDERATE_POST_JOB = "federation-post";

export interface FederatePostData {
  [key: string]: unknown;
  action: "create" | "update" | "delete";
  postId: string;
  authorId: string;
  /** A moderation round (its time): a post hidden and shown again is deleted and created again under new ids. */
  round?: number;
}

/** Asks for the post's federation when FEDERATION is on and the post is free; never throws. */
export async function requestPostFederation(
  context: AppContext,
  post: { id: string; authorId: string; postType: string },
  action: FederatePostData["action"],
): Promise<void> {
  if (!context.env.FEDERATION || post.postType !== "free") return;
  const data: FederatePostData = { action, postId: post.id, authorId: post.authorId };
  await context.jobs.request(FEDERATE_POST_JOB, data);
}

/**
 * The same, asked for once the caller's transaction commits: a moderator hiding or removing a post (its Note is
 * deleted on other servers) or an appeal bringing it back (created again).
 */
export function requestPostFederationAfterCommit(
  effects: Effects,
  post: { id: string; authorId: string; postType: string },
  action: FederatePostData["action"],
): void {
  if (!effects.context.env.FEDERATION || post.postType !== "free") return;
  const round = effects.context.clock.now().getTime();
  const data: FederatePostData = { action, postId: post.id, authorId: post.authorId, round };
  effects.requestJob(FEDERATE_POST_JOB, data);
}

/**
 * After an edit: a free post is updated on other servers; one that stopped being free (now sold) is deleted there,
 * since its text no longer leaves Plaza.
 */
export async function requestPostEditFederation(
  context: AppContext,
  before: { id: string; authorId: string; postType: string },
  postType: string,
): Promise<void> {
  if (postType === "free") await requestPostFederation(context, { ...before, postType }, "update");
  else if (before.postType === "free") await requestPostFederation(context, before, "delete");
}
