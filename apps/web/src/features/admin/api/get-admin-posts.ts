import { useInfiniteQuery } from "@tanstack/react-query";
import { pagedOperationQuery } from "@/lib/paged-list";

export const adminPostsQuery = () => pagedOperationQuery("getAdminPosts", { params: { query: { limit: 20 } } });

export function useAdminPosts(enabled: boolean) {
  return useInfiniteQuery({ ...adminPostsQuery(), enabled });
}
