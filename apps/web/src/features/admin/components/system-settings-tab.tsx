import { type PublishAgreementBody, publishAgreementBody } from "@plaza/contracts/admin";
import { ADMIN_TOASTS } from "@plaza/contracts/admin.texts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { RelativeTime } from "@/components/ui/relative-time";
import { ScrollArea } from "@/components/ui/scroll-area";
import { SkeletonList } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useSystemStatus } from "../api/get-system";
import { usePublishAgreement } from "../api/publish-agreement";
import { formatBytes } from "./format";

function PublishAgreementForm() {
  const form = useZodForm(publishAgreementBody, {
    defaultValues: { title: "User Agreement", version: "", content: "" },
  });
  const publish = usePublishAgreement();

  const submit = (body: PublishAgreementBody) =>
    publish.mutate(body, {
      onSuccess: () => {
        toast({ title: ADMIN_TOASTS.agreementPublished, description: `Version ${body.version} is now active.` });
        form.reset({ title: form.getValues("title"), version: "", content: "" });
      },
      onError: (failure) => applyServerError(form, failure, "Failed to publish."),
    });

  return (
    <Form
      form={form}
      onSubmit={submit}
      pending={publish.isPending}
      className="space-y-3"
      aria-label="Publish a new agreement version"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField name="title" id="agreement-title" label="Title" className="space-y-1 sm:col-span-2">
          {(field) => <Input {...field} />}
        </FormField>
        <FormField name="version" id="agreement-version" label="Version" className="space-y-1">
          {(field) => <Input placeholder="e.g. 2.0" {...field} />}
        </FormField>
      </div>
      <FormField name="content" id="agreement-content" label="Content" className="space-y-1">
        {(field) => <Textarea rows={8} {...field} />}
      </FormField>
      <FormMessage />
      <FormSubmit pendingLabel="Publishing...">Publish new version</FormSubmit>
    </Form>
  );
}

/** System Settings: the active user agreement (publish a new version) and a maintenance read-out. */
export function SystemSettingsTab({ isActive }: { isActive: boolean }) {
  const system = useSystemStatus(isActive);
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>User Agreement</CardTitle>
          <CardDescription>
            Publishing a new version makes it the active one; everyone is asked to accept it.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {system.isLoading && <SkeletonList label="Loading agreement..." count={1} itemClassName="h-24" />}
          {system.data &&
            (system.data.activeAgreement ? (
              <div className="space-y-1 text-sm">
                <p className="font-medium">
                  {system.data.activeAgreement.title} — version {system.data.activeAgreement.version}
                </p>
                <p className="text-gray-500">
                  Published <RelativeTime value={system.data.activeAgreement.createdAt} />
                </p>
                <ScrollArea className="h-32 rounded border p-2">
                  <p className="whitespace-pre-wrap">{system.data.activeAgreement.content}</p>
                </ScrollArea>
              </div>
            ) : (
              <p className="text-sm text-gray-500">No user agreement found.</p>
            ))}
          <PublishAgreementForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Maintenance</CardTitle>
          <CardDescription>Database and background jobs.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 text-sm">
          {system.isLoading && <SkeletonList label="Loading system status..." count={1} itemClassName="h-40" />}
          {system.isError && <p className="text-red-600">Failed to load system status.</p>}
          {system.data && (
            <>
              <p>
                Database:{" "}
                <span className="font-medium">
                  {system.data.databaseKind === "pglite" ? "Embedded (PGlite)" : "PostgreSQL"}
                </span>
                , <span className="font-medium">{formatBytes(system.data.databaseSizeBytes)}</span>
              </p>
              <table className="w-full text-left">
                <caption className="sr-only">Rows per table</caption>
                <thead>
                  <tr className="border-b text-gray-500">
                    <th className="py-1 font-medium">Table</th>
                    <th className="py-1 text-right font-medium">Rows</th>
                  </tr>
                </thead>
                <tbody>
                  {system.data.tableCounts.map((entry) => (
                    <tr key={entry.table} className="border-b last:border-0">
                      <td className="py-1 font-mono text-xs">{entry.table}</td>
                      <td className="py-1 text-right">{entry.rows.toLocaleString()}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div>
                <p className="mb-1 font-medium">Jobs</p>
                <ul className="space-y-1">
                  {system.data.jobs.map((job) => (
                    <li key={job.name} className="flex justify-between gap-2">
                      <span className="font-mono text-xs">{job.name}</span>
                      <span className="text-gray-600">
                        {job.isEnabled ? "running" : "off"}
                        {job.intervalMs >= 60_000
                          ? ` · every ${Math.round(job.intervalMs / 60_000)} min`
                          : job.intervalMs > 0
                            ? ` · every ${Math.round(job.intervalMs / 1000)} s`
                            : ""}{" "}
                        · waiting: {job.backlog}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
