import type { SystemView } from "@plaza/contracts/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const systemQuery = () => queryOptions<SystemView>({ queryKey: ["/api/admin/system"] });

export function useSystemStatus(enabled: boolean) {
  return useQuery({ ...systemQuery(), enabled });
}
