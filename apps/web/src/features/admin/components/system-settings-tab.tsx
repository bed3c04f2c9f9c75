import { type PublishAgreementBody, publishAgreementBody, type SystemView } from "@plaza/contracts/admin";
import { ADMIN_TOASTS } from "@plaza/contracts/admin.texts";
import { PRIVACY_TEXTS } from "@plaza/contracts/agreements.texts";
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
import { usePublishPrivacyPolicy } from "../api/publish-privacy-policy";
import { formatBytes } from "./format";

type DocumentKind = "user-agreement" | "privacy-policy";

/** What differs between publishing the user agreement and the privacy policy. */
const DOCUMENT_FORMS = {
  "user-agreement": {
    title: "User Agreement",
    label: "Publish a new agreement version",
    idPrefix: "agreement",
    published: ADMIN_TOASTS.agreementPublished,
  },
  "privacy-policy": {
    title: PRIVACY_TEXTS.title,
    label: "Publish a new privacy policy version",
    idPrefix: "privacy",
    published: ADMIN_TOASTS.privacyPolicyPublished,
  },
} as const;

function PublishDocumentForm({ kind }: { kind: DocumentKind }) {
  const texts = DOCUMENT_FORMS[kind];
  const form = useZodForm(publishAgreementBody, {
    defaultValues: { title: texts.title, version: "", content: "" },
  });
  const publishAgreement = usePublishAgreement();
  const publishPrivacyPolicy = usePublishPrivacyPolicy();
  const publish = kind === "user-agreement" ? publishAgreement : publishPrivacyPolicy;

  const submit = (body: PublishAgreementBody) =>
    publish.mutate(body, {
      onSuccess: () => {
        toast({ title: texts.published, description: `Version ${body.version} is now active.` });
        form.reset({ title: form.getValues("title"), version: "", content: "" });
      },
      onError: (failure) => applyServerError(form, failure, "Failed to publish."),
    });

  return (
    <Form form={form} onSubmit={submit} pending={publish.isPending} className="space-y-3" aria-label={texts.label}>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField name="title" id={`${texts.idPrefix}-title`} label="Title" className="space-y-1 sm:col-span-2">
          {(field) => <Input {...field} />}
        </FormField>
        <FormField name="version" id={`${texts.idPrefix}-version`} label="Version" className="space-y-1">
          {(field) => <Input placeholder="e.g. 2.0" {...field} />}
        </FormField>
      </div>
      <FormField name="content" id={`${texts.idPrefix}-content`} label="Content" className="space-y-1">
        {(field) => <Textarea rows={8} {...field} />}
      </FormField>
      <FormMessage />
      <FormSubmit pendingLabel="Publishing...">Publish new version</FormSubmit>
    </Form>
  );
}

/** The document in force (or that there is none) and the form that publishes its next version. */
function DocumentCard({
  kind,
  description,
  active,
  isLoading,
}: {
  kind: DocumentKind;
  description: string;
  active: SystemView["activeAgreement"] | undefined;
  isLoading: boolean;
}) {
  const texts = DOCUMENT_FORMS[kind];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{texts.title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isLoading && <SkeletonList label={`Loading ${texts.title.toLowerCase()}...`} count={1} itemClassName="h-24" />}
        {active === null && <p className="text-sm text-gray-500">No {texts.title.toLowerCase()} found.</p>}
        {active && (
          <div className="space-y-1 text-sm">
            <p className="font-medium">
              {active.title} — version {active.version}
            </p>
            <p className="text-gray-500">
              Published <RelativeTime value={active.createdAt} />
            </p>
            <ScrollArea className="h-32 rounded border p-2">
              <p className="whitespace-pre-wrap">{active.content}</p>
            </ScrollArea>
          </div>
        )}
        <PublishDocumentForm kind={kind} />
      </CardContent>
    </Card>
  );
}

/**
 * System Settings: the active user agreement and privacy policy (publish a new version of each) and a maintenance
 * read-out.
 */
export function SystemSettingsTab({ isActive }: { isActive: boolean }) {
  const system = useSystemStatus(isActive);
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <DocumentCard
        kind="user-agreement"
        description="Publishing a new version makes it the active one; everyone is asked to accept it."
        active={system.data?.activeAgreement}
        isLoading={system.isLoading}
      />
      <DocumentCard
        kind="privacy-policy"
        description="What this instance stores and why, shown at /privacy. A new version is in force at once."
        active={system.data?.activePrivacyPolicy}
        isLoading={system.isLoading}
      />
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
