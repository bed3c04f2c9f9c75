import type { AdminUserView } from "@plaza/contracts/admin";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchPage, pagedListOptions } from "@/lib/paged-list";

export const ADMIN_USERS_PAGE_SIZE = 20;

export const adminUsersQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: ["/api/admin/users", { q: search.trim(), limit: ADMIN_USERS_PAGE_SIZE }] as const,
    queryFn: ({ queryKey, pageParam }) => fetchPage<AdminUserView>(queryKey, pageParam),
    ...pagedListOptions,
  });

/** Users for the admin list, searched by name, username or email, a page at a time. */
export function useAdminUsers(search: string) {
  return useInfiniteQuery(adminUsersQuery(search));
}
