import type { PostView } from "@plaza/contracts/posts";
import type { ReactNode } from "react";

/**
 * Places on a post card that other domains fill (money: Tip button, Unlock overlay), handed down by the page so
 * features never import each other. renderTip shows only to non-authors; renderLocked replaces content and
 * media when the post is locked and the viewer is not its author.
 */
export interface PostSlots {
  renderTip?: (post: PostView) => ReactNode;
  renderLocked?: (post: PostView) => ReactNode;
}
