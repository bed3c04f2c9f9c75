import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

export const jobsQuery = () => operationQuery("getAdminJobs");

/** The job queue, refreshed every 5 s while the Jobs tab is open. */
export function useJobs(enabled: boolean) {
  return useQuery({ ...jobsQuery(), enabled, refetchInterval: enabled ? 5_000 : false });
}
