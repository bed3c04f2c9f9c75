import { queryOptions, useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** GET /api/users/{userId}: the profile as the viewer may see it. */
export const userProfileQuery = (userId: string) =>
  queryOptions({ ...operationQuery("getUsersByUserId", { params: { path: { userId } } }), enabled: userId !== "" });

export function useUserProfile(userId: string) {
  return useQuery(userProfileQuery(userId));
}
