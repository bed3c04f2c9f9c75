import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

export const postQuery = (postId: string) => operationQuery("getPostsById", { params: { path: { id: postId } } });

export function usePost(postId: string) {
  return useQuery(postQuery(postId));
}
