import type { PostView } from "@plaza/contracts/posts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { feedQueryKey } from "../api/get-feed";
import { postQuery } from "../api/get-post";
import { trendingQueryKey } from "../api/get-trending";
import { userPostsQueryKey } from "../api/get-user-posts";

const REFRESH_MS = 5000;

/** While a post's video is being processed, re-reads the lists showing it, so the card turns ready by itself. */
export function useRefreshWhileProcessing(post: PostView): void {
  const queryClient = useQueryClient();
  const isProcessing = post.media.some((item) => item.type === "video" && item.status === "processing");
  useEffect(() => {
    if (!isProcessing) return;
    const timer = setInterval(() => {
      for (const queryKey of [
        feedQueryKey,
        trendingQueryKey,
        postQuery(post.id).queryKey,
        userPostsQueryKey(post.authorId),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [isProcessing, queryClient, post.id, post.authorId]);
}
