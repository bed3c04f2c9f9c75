import type { JobsView } from "@plaza/contracts/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const jobsQuery = () => queryOptions<JobsView>({ queryKey: ["/api/admin/jobs"] });

/** The job queue, refreshed every 5 s while the Jobs tab is open. */
export function useJobs(enabled: boolean) {
  return useQuery({ ...jobsQuery(), enabled, refetchInterval: enabled ? 5_000 : false });
}
