import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useJobs } from "../api/get-jobs";
import { useRetryJob } from "../api/retry-job";

/** The Jobs tab's texts (the web's own words for contracts' JOBS_TEXTS, same English). */
const messages = defineMessages({
  title: { id: "admin.jobs.title", defaultMessage: "Background jobs" },
  pgBoss: {
    id: "admin.jobs.pgBoss",
    defaultMessage: "Jobs run on the PostgreSQL job queue (pg-boss), shared by every API process and worker.",
  },
  inProcess: {
    id: "admin.jobs.inProcess",
    defaultMessage:
      "Jobs run inside this process on the embedded database: counts and failures since it started. A shared queue with workers needs PostgreSQL (DATABASE_URL).",
  },
  notHere: {
    id: "admin.jobs.notHere",
    defaultMessage: "This process only queues jobs (WORKERS=off); a worker (npm run worker) runs them.",
  },
  queue: { id: "admin.jobs.queue", defaultMessage: "Queue" },
  queued: { id: "admin.jobs.queued", defaultMessage: "Queued" },
  running: { id: "admin.jobs.running", defaultMessage: "Running" },
  failed: { id: "admin.jobs.failed", defaultMessage: "Failed" },
  latestFailed: { id: "admin.jobs.latestFailed", defaultMessage: "Latest failed jobs" },
  noFailures: { id: "admin.jobs.noFailures", defaultMessage: "No failed jobs." },
  attempts: defineMessage<{ count: number }>({
    id: "admin.jobs.attempts",
    defaultMessage: "{count, plural, one {# attempt} other {# attempts}}",
  }),
  retry: { id: "admin.jobs.retry", defaultMessage: "Retry" },
  retryLabel: defineMessage<{ queue: string }>({ id: "admin.jobs.retryLabel", defaultMessage: "Retry {queue} job" }),
  retried: { id: "admin.jobs.retried", defaultMessage: "Job queued again" },
  retryFailed: { id: "admin.jobs.retryFailed", defaultMessage: "Could not retry the job." },
  loadFailed: { id: "admin.jobs.loadFailed", defaultMessage: "Could not load the jobs." },
  loading: { id: "admin.jobs.loading", defaultMessage: "Loading jobs..." },
});

/** Jobs: queued, running and failed jobs per queue, the latest failures with their error, and a Retry button. */
export function JobsTab({ isActive }: { isActive: boolean }) {
  const intl = useIntl();
  const jobs = useJobs(isActive);
  const retry = useRetryJob();
  const view = jobs.data;
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
          {view && (
            <CardDescription>
              {intl.formatMessage(view.implementation === "pg-boss" ? messages.pgBoss : messages.inProcess)}
              {!view.worksHere && ` ${intl.formatMessage(messages.notHere)}`}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="text-sm">
          {jobs.isLoading && (
            <SkeletonList label={intl.formatMessage(messages.loading)} count={1} itemClassName="h-40" />
          )}
          {jobs.isError && <p className="text-red-600">{intl.formatMessage(messages.loadFailed)}</p>}
          {view && (
            <table className="w-full text-start">
              <caption className="sr-only">{intl.formatMessage(messages.title)}</caption>
              <thead>
                <tr className="border-b text-gray-500">
                  <th className="py-1 font-medium">{intl.formatMessage(messages.queue)}</th>
                  <th className="py-1 ps-3 text-end font-medium">{intl.formatMessage(messages.queued)}</th>
                  <th className="py-1 ps-3 text-end font-medium">{intl.formatMessage(messages.running)}</th>
                  <th className="py-1 ps-3 text-end font-medium">{intl.formatMessage(messages.failed)}</th>
                </tr>
              </thead>
              <tbody>
                {view.queues.map((queue) => (
                  <tr key={queue.name} className="border-b last:border-0">
                    <td className="py-1 font-mono text-xs">{queue.name}</td>
                    <td className="py-1 ps-3 text-end">{intl.formatNumber(queue.queued)}</td>
                    <td className="py-1 ps-3 text-end">{intl.formatNumber(queue.running)}</td>
                    <td className={`py-1 ps-3 text-end ${queue.failed > 0 ? "font-medium text-red-700" : ""}`}>
                      {intl.formatNumber(queue.failed)}
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
          <CardTitle>{intl.formatMessage(messages.latestFailed)}</CardTitle>
        </CardHeader>
        <CardContent className="text-sm">
          {view && view.failed.length === 0 && (
            <p className="text-gray-500">{intl.formatMessage(messages.noFailures)}</p>
          )}
          {view && view.failed.length > 0 && (
            <ul className="divide-y" aria-label={intl.formatMessage(messages.latestFailed)}>
              {view.failed.map((job) => (
                <li key={job.id} className="flex items-start justify-between gap-3 py-2">
                  <div className="min-w-0 space-y-0.5">
                    <p className="font-mono text-xs">{job.queue}</p>
                    <p className="break-words text-red-700">{job.error}</p>
                    <p className="text-xs text-gray-500">
                      {intl.formatMessage(messages.attempts, { count: job.attempts })}
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
                    aria-label={intl.formatMessage(messages.retryLabel, { queue: job.queue })}
                    onClick={() =>
                      retry.mutate(
                        { queue: job.queue, id: job.id },
                        {
                          onSuccess: () => toast({ title: intl.formatMessage(messages.retried) }),
                          onError: () =>
                            toast({ title: intl.formatMessage(messages.retryFailed), variant: "destructive" }),
                        },
                      )
                    }
                  >
                    {intl.formatMessage(messages.retry)}
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
