import type { AdminPostView } from "@plaza/contracts/admin";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchPage, pagedListOptions } from "@/lib/paged-list";

export const adminPostsQuery = () =>
  infiniteQueryOptions({
    queryKey: ["/api/admin/posts", { limit: 20 }] as const,
    queryFn: ({ queryKey, pageParam }) => fetchPage<AdminPostView>(queryKey, pageParam),
    ...pagedListOptions,
  });

export function useAdminPosts(enabled: boolean) {
  return useInfiniteQuery({ ...adminPostsQuery(), enabled });
}
