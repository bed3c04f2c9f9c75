import type { AppContext } from "../../app-context";
import type { JobData } from "../../jobs/job-queue";
import type { FederatePostData } from "../posts/post-federation";
import { federationOf } from "./federation";
import { presentCreate, presentDelete, presentUpdate } from "./federation.presenter";
import { findFederatedUserById, findPostForNote } from "./federation.repository";
import { deleteExpiredKvValues } from "./federation-store.repository";

/**
 * Tells the followers on other servers of a post made, edited or deleted (job FEDERATE_POST_JOB): a Create of its
 * Note, an Update, or a Delete. Only a free post of a public account other servers may see leaves; Fedify queues one delivery per
 * server (its shared inbox) and retries each on its own.
 */
export async function federatePost(context: AppContext, data?: JobData): Promise<void> {
  const opened = federationOf(context);
  const job = data as FederatePostData | undefined;
  if (!opened || !job?.postId || !job.authorId) return;
  const author = await findFederatedUserById(context.db, job.authorId);
  if (author?.accountVisibility !== "public") return;
  const ctx = opened.federation.createContext(new URL(context.env.PUBLIC_URL as string), context);
  if (job.action === "delete") {
    const activity = presentDelete(ctx, { id: job.postId, authorId: author.id }, job.round);
    await ctx.sendActivity({ identifier: author.id }, "followers", activity, { preferSharedInbox: true });
    return;
  }
  const post = await findPostForNote(context.db, job.postId);
  if (post?.postType !== "free" || post.authorId !== author.id) return;
  const activity = job.action === "update" ? presentUpdate(ctx, post) : presentCreate(ctx, post, job.round);
  await ctx.sendActivity({ identifier: author.id }, "followers", activity, { preferSharedInbox: true });
}

/** Handles Fedify's due messages in this process (job FEDERATION_QUEUE_JOB); nothing when federation is off. */
export async function drainFederationQueue(context: AppContext): Promise<void> {
  await federationOf(context)?.queue.drain();
}

/** Forgets Fedify's cached entries whose time to live passed (the hourly pruning job). */
export async function pruneFederationStore(context: AppContext): Promise<void> {
  await deleteExpiredKvValues(context.db, context.clock.now());
}
