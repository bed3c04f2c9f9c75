import type { AdminUserView } from "@plaza/contracts/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const adminUserQuery = (userId: string) =>
  queryOptions<AdminUserView>({ queryKey: ["/api/admin/users", userId] });

export function useAdminUser(userId: string | null) {
  return useQuery({ ...adminUserQuery(userId ?? ""), enabled: userId !== null });
}
