import { Accept, Follow, Reject } from "@fedify/vocab";
import { FEDERATION_MESSAGES, type RemoteFollowRequestView } from "@plaza/contracts/federation";
import type { AppContext } from "../../app-context";
import { notFound } from "../../lib/app-error";
import type { Viewer } from "../users/viewer";
import { federationOf } from "./federation";
import { answerRemoteFollow, listPendingRemoteFollows } from "./federation.repository";

/** The requests a person sees at once (a private account receives few). */
const REQUESTS_LISTED = 100;

/** GET /api/federation/follow-requests: follows from other servers waiting for the viewer's answer, oldest first. */
export async function listRemoteFollowRequests(
  context: AppContext,
  viewer: Viewer,
): Promise<RemoteFollowRequestView[]> {
  const rows = await listPendingRemoteFollows(context.db, viewer.id, REQUESTS_LISTED);
  return rows.map((row) => ({
    id: row.id,
    handle: row.handle,
    name: row.name,
    actorUri: row.actorUri,
    requestedAt: row.requestedAt.toISOString(),
  }));
}

/**
 * Approves (POST …/approve) or declines (DELETE) a follow request from another server: stored at once, then an Accept
 * or a Reject of their Follow goes to their inbox through Fedify's queue. A delivery problem is logged and never
 * fails the answer (the follow is approved here either way). 404 when no such request is waiting.
 */
export async function answerRemoteFollowRequest(
  context: AppContext,
  viewer: Viewer,
  remoteAccountId: string,
  approve: boolean,
): Promise<void> {
  const answered = await answerRemoteFollow(context.db, viewer.id, remoteAccountId, approve);
  if (!answered) throw notFound(FEDERATION_MESSAGES.requestNotFound);
  const opened = federationOf(context);
  if (!opened || !context.env.PUBLIC_URL) return;
  try {
    const ctx = opened.federation.createContext(new URL(context.env.PUBLIC_URL), context);
    const me = ctx.getActorUri(viewer.id);
    const follower = new URL(answered.account.actorUri);
    const follow = new Follow({ id: new URL(answered.followActivityUri), actor: follower, object: me });
    const id = new URL(`#${approve ? "accepts" : "rejects"}/${crypto.randomUUID()}`, me);
    const answer = approve
      ? new Accept({ id, actor: me, object: follow })
      : new Reject({ id, actor: me, object: follow });
    await ctx.sendActivity(
      { identifier: viewer.id },
      { id: follower, inboxId: new URL(answered.account.inboxUrl) },
      answer,
    );
  } catch (error) {
    context.background.log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      "federation: the answer to a follow request was not sent",
    );
  }
}
