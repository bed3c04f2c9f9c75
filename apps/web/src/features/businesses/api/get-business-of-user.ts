import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, queryKeyFor } from "@/lib/api";
import { ApiError } from "@/lib/api-client";

export const businessOfUserQueryKey = (userId: string) =>
  queryKeyFor("getUsersByUserIdBusiness", { params: { path: { userId } } });

/** The business a user owns; null when they have none (404). */
export async function getBusinessOfUser(userId: string) {
  try {
    return await api.get("/api/users/{userId}/business", { params: { path: { userId } } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const businessOfUserQuery = (userId: string) =>
  queryOptions({ queryKey: businessOfUserQueryKey(userId), queryFn: () => getBusinessOfUser(userId) });

export function useBusinessOfUser(userId: string | undefined, isEnabled = true) {
  return useQuery({ ...businessOfUserQuery(userId ?? ""), enabled: Boolean(userId) && isEnabled });
}
