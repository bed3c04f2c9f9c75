import type { PostView } from "@plaza/contracts/posts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { businessPhotosQueryKey } from "../api/get-business-photos";
import { feedQueryKey } from "../api/get-feed";
import { postQuery } from "../api/get-post";
import { trendingQueryKey } from "../api/get-trending";
import { userPostsQueryKey } from "../api/get-user-posts";

/** A picture's sizes take a second or two; a video's re-encode a while longer. */
const PICTURE_REFRESH_MS = 1500;
const VIDEO_REFRESH_MS = 5000;

/**
 * While a post's picture or video is being processed, re-reads the lists showing it (a tagged place's Photos tab
 * too), so the card or tile turns ready by itself.
 */
export function useRefreshWhileProcessing(post: PostView): void {
  const queryClient = useQueryClient();
  const processing = post.media.filter((item) => item.status === "processing");
  const refreshMs =
    processing.length === 0
      ? null
      : processing.some((item) => item.type === "video")
        ? VIDEO_REFRESH_MS
        : PICTURE_REFRESH_MS;
  const businessId = post.business?.id ?? null;
  useEffect(() => {
    if (refreshMs === null) return;
    const timer = setInterval(() => {
      for (const queryKey of [
        feedQueryKey,
        trendingQueryKey,
        postQuery(post.id).queryKey,
        userPostsQueryKey(post.authorId),
        ...(businessId ? [businessPhotosQueryKey(businessId)] : []),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }, refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs, queryClient, post.id, post.authorId, businessId]);
}
