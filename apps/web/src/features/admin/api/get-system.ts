import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

export const systemQuery = () => operationQuery("getAdminSystem");

export function useSystemStatus(enabled: boolean) {
  return useQuery({ ...systemQuery(), enabled });
}
