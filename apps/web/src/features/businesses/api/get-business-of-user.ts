import type { BusinessView } from "@plaza/contracts/businesses";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client";

export const businessOfUserQueryKey = (userId: string) => ["/api/users", userId, "business"] as const;

/** The business a user owns; null when they have none (404). */
export async function getBusinessOfUser(userId: string): Promise<BusinessView | null> {
  try {
    return await apiRequest<BusinessView>("GET", `/api/users/${userId}/business`);
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
