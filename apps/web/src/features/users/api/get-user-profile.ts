import type { ProfileView } from "@plaza/contracts/users";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/users/{userId}: the profile as the viewer may see it. */
export const userProfileQuery = (userId: string) =>
  queryOptions<ProfileView>({ queryKey: ["/api/users", userId], enabled: userId !== "" });

export function useUserProfile(userId: string) {
  return useQuery(userProfileQuery(userId));
}
