import type { ReactNode } from "react";
import { LockedPostOverlay } from "./locked-post-overlay";
import { TipButton } from "./tip-button";
import type { LockedPost } from "./unlock-dialog";

/**
 * What the payments feature puts into a post card's money slots: the Tip button and the Unlock overlay. Pages hand
 * these to the post card (the card itself hides both from the post's author).
 */
export const paymentPostSlots = {
  renderTip: (post: LockedPost): ReactNode => <TipButton receiverId={post.authorId} receiverName={post.authorName} />,
  renderLocked: (post: LockedPost): ReactNode => <LockedPostOverlay post={post} />,
};
