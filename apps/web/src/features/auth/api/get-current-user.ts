import { useQuery } from "@tanstack/react-query";
import { optionalOperationQuery } from "@/lib/api";

/** The signed-in user; null when signed out (401 is "no data" here). */
export const currentUserQuery = () => optionalOperationQuery("getAuthUser");

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}
