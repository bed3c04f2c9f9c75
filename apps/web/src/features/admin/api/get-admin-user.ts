import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

export const adminUserQuery = (userId: string) =>
  operationQuery("getAdminUsersByUserId", { params: { path: { userId } } });

export function useAdminUser(userId: string | null) {
  return useQuery({ ...adminUserQuery(userId ?? ""), enabled: userId !== null });
}
