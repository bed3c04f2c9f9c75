import type { PostView } from "@plaza/contracts/posts";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const postQuery = (postId: string) => queryOptions<PostView>({ queryKey: ["/api/posts", postId] });

export function usePost(postId: string) {
  return useQuery(postQuery(postId));
}
