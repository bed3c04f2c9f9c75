import { JOBS_TEXTS } from "@plaza/contracts/admin.texts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useJobs } from "../api/get-jobs";
import { useRetryJob } from "../api/retry-job";

/** Jobs: queued, running and failed jobs per queue, the latest failures with their error, and a Retry button. */
export function JobsTab({ isActive }: { isActive: boolean }) {
  const jobs = useJobs(isActive);
  const retry = useRetryJob();
  const view = jobs.data;
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{JOBS_TEXTS.title}</CardTitle>
          {view && (
            <CardDescription>
              {view.implementation === "pg-boss" ? JOBS_TEXTS.pgBoss : JOBS_TEXTS.inProcess}
              {!view.worksHere && ` ${JOBS_TEXTS.notHere}`}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="text-sm">
          {jobs.isLoading && <SkeletonList label="Loading jobs..." count={1} itemClassName="h-40" />}
          {jobs.isError && <p className="text-red-600">{JOBS_TEXTS.loadFailed}</p>}
          {view && (
            <table className="w-full text-left">
              <caption className="sr-only">{JOBS_TEXTS.title}</caption>
              <thead>
                <tr className="border-b text-gray-500">
                  <th className="py-1 font-medium">{JOBS_TEXTS.queue}</th>
                  <th className="py-1 pl-3 text-right font-medium">{JOBS_TEXTS.queued}</th>
                  <th className="py-1 pl-3 text-right font-medium">{JOBS_TEXTS.running}</th>
                  <th className="py-1 pl-3 text-right font-medium">{JOBS_TEXTS.failed}</th>
                </tr>
              </thead>
              <tbody>
                {view.queues.map((queue) => (
                  <tr key={queue.name} className="border-b last:border-0">
                    <td className="py-1 font-mono text-xs">{queue.name}</td>
                    <td className="py-1 pl-3 text-right">{queue.queued}</td>
                    <td className="py-1 pl-3 text-right">{queue.running}</td>
                    <td className={`py-1 pl-3 text-right ${queue.failed > 0 ? "font-medium text-red-700" : ""}`}>
                      {queue.failed}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{JOBS_TEXTS.latestFailed}</CardTitle>
        </CardHeader>
        <CardContent className="text-sm">
          {view && view.failed.length === 0 && <p className="text-gray-500">{JOBS_TEXTS.noFailures}</p>}
          {view && view.failed.length > 0 && (
            <ul className="divide-y" aria-label={JOBS_TEXTS.latestFailed}>
              {view.failed.map((job) => (
                <li key={job.id} className="flex items-start justify-between gap-3 py-2">
                  <div className="min-w-0 space-y-0.5">
                    <p className="font-mono text-xs">{job.queue}</p>
                    <p className="break-words text-red-700">{job.error}</p>
                    <p className="text-xs text-gray-500">
                      {JOBS_TEXTS.attempts(job.attempts)}
                      {job.failedAt && (
                        <>
                          {" · "}
                          <RelativeTime value={job.failedAt} />
                        </>
                      )}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    className="min-h-11 flex-none md:min-h-0"
                    disabled={retry.isPending}
                    aria-label={`${JOBS_TEXTS.retry} ${job.queue} job`}
                    onClick={() =>
                      retry.mutate(
                        { queue: job.queue, id: job.id },
                        {
                          onSuccess: () => toast({ title: JOBS_TEXTS.retried }),
                          onError: () => toast({ title: JOBS_TEXTS.retryFailed, variant: "destructive" }),
                        },
                      )
                    }
                  >
                    {JOBS_TEXTS.retry}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
