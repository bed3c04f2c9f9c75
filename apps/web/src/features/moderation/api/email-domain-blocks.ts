import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** The blocked email domains. */
export function useEmailDomainBlocks(enabled: boolean) {
  return useQuery({ ...operationQuery("getAdminEmailDomainBlocks"), enabled });
}
