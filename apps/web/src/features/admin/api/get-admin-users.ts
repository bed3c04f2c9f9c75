import { useInfiniteQuery } from "@tanstack/react-query";
import { pagedOperationQuery } from "@/lib/paged-list";

export const ADMIN_USERS_PAGE_SIZE = 20;

export const adminUsersQuery = (search: string) =>
  pagedOperationQuery("getAdminUsers", { params: { query: { q: search.trim(), limit: ADMIN_USERS_PAGE_SIZE } } });

/** Users for the admin list, searched by name, username or email, a page at a time. */
export function useAdminUsers(search: string) {
  return useInfiniteQuery(adminUsersQuery(search));
}
