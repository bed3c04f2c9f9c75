import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/query-client";

export const superuserQuery = () =>
  queryOptions({
    queryKey: ["/api/auth/superuser"] as const,
    queryFn: getQueryFn<{ isSuperuser: boolean }>({ on401: "returnNull" }),
  });

/** False while loading or when the result is missing (docs/PRODUCT.md §4). */
export function useIsSuperuser(enabled: boolean): boolean {
  const { data } = useQuery({ ...superuserQuery(), enabled });
  return data?.isSuperuser ?? false;
}
