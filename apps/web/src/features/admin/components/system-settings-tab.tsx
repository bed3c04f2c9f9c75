import { type PublishAgreementBody, publishAgreementBody, type SystemView } from "@plaza/contracts/admin";
import {
  defineMessage,
  defineMessages,
  FormattedMessage,
  type MessageDescriptor,
  type MessageTag,
  type MessageValue,
  useIntl,
} from "react-intl";
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

const messages = defineMessages({
  agreementTitle: { id: "admin.system.agreement.title", defaultMessage: "User Agreement" },
  agreementForm: { id: "admin.system.agreement.formLabel", defaultMessage: "Publish a new agreement version" },
  agreementPublished: { id: "admin.system.agreement.published", defaultMessage: "Agreement published" },
  agreementLoading: { id: "admin.system.agreement.loading", defaultMessage: "Loading user agreement..." },
  agreementNone: { id: "admin.system.agreement.none", defaultMessage: "No user agreement found." },
  agreementDescription: {
    id: "admin.system.agreement.description",
    defaultMessage: "Publishing a new version makes it the active one; everyone is asked to accept it.",
  },
  privacyTitle: { id: "admin.system.privacy.title", defaultMessage: "Privacy Policy" },
  privacyForm: { id: "admin.system.privacy.formLabel", defaultMessage: "Publish a new privacy policy version" },
  privacyPublished: { id: "admin.system.privacy.published", defaultMessage: "Privacy policy published" },
  privacyLoading: { id: "admin.system.privacy.loading", defaultMessage: "Loading privacy policy..." },
  privacyNone: { id: "admin.system.privacy.none", defaultMessage: "No privacy policy found." },
  privacyDescription: {
    id: "admin.system.privacy.description",
    defaultMessage: "What this instance stores and why, shown at /privacy. A new version is in force at once.",
  },
  versionActive: defineMessage<{ version: string }>({
    id: "admin.system.versionActive",
    defaultMessage: "Version {version} is now active.",
  }),
  publishFailed: { id: "admin.system.publishFailed", defaultMessage: "Failed to publish." },
  title: { id: "admin.system.field.title", defaultMessage: "Title" },
  version: { id: "admin.system.field.version", defaultMessage: "Version" },
  versionPlaceholder: { id: "admin.system.field.versionPlaceholder", defaultMessage: "e.g. 2.0" },
  content: { id: "admin.system.field.content", defaultMessage: "Content" },
  publishing: { id: "admin.system.publishing", defaultMessage: "Publishing..." },
  publish: { id: "admin.system.publish", defaultMessage: "Publish new version" },
  activeVersion: defineMessage<{ title: string; version: string }>({
    id: "admin.system.activeVersion",
    defaultMessage: "{title} — version {version}",
  }),
  published: defineMessage<{ time: MessageValue }>({
    id: "admin.system.publishedAt",
    defaultMessage: "Published {time}",
  }),
  maintenance: { id: "admin.system.maintenance.title", defaultMessage: "Maintenance" },
  maintenanceDescription: {
    id: "admin.system.maintenance.description",
    defaultMessage: "Database and background jobs.",
  },
  loading: { id: "admin.system.maintenance.loading", defaultMessage: "Loading system status..." },
  loadFailed: { id: "admin.system.maintenance.loadFailed", defaultMessage: "Failed to load system status." },
  database: defineMessage<{ kind: string; size: string; b: MessageTag }>({
    id: "admin.system.maintenance.database",
    defaultMessage: "Database: <b>{kind}</b>, <b>{size}</b>",
  }),
  embedded: { id: "admin.system.maintenance.embedded", defaultMessage: "Embedded (PGlite)" },
  rowsPerTable: { id: "admin.system.maintenance.rowsPerTable", defaultMessage: "Rows per table" },
  table: { id: "admin.system.maintenance.table", defaultMessage: "Table" },
  rows: { id: "admin.system.maintenance.rows", defaultMessage: "Rows" },
  jobs: { id: "admin.system.maintenance.jobs", defaultMessage: "Jobs" },
  jobRunning: { id: "admin.system.maintenance.jobRunning", defaultMessage: "running" },
  jobOff: { id: "admin.system.maintenance.jobOff", defaultMessage: "off" },
  everyMinutes: defineMessage<{ count: number }>({
    id: "admin.system.maintenance.everyMinutes",
    defaultMessage: " · every {count} min",
  }),
  everySeconds: defineMessage<{ count: number }>({
    id: "admin.system.maintenance.everySeconds",
    defaultMessage: " · every {count} s",
  }),
  waiting: defineMessage<{ count: number }>({
    id: "admin.system.maintenance.waiting",
    defaultMessage: "· waiting: {count}",
  }),
});

type DocumentKind = "user-agreement" | "privacy-policy";

interface DocumentTexts {
  title: MessageDescriptor;
  label: MessageDescriptor;
  idPrefix: string;
  published: MessageDescriptor;
  loading: MessageDescriptor;
  none: MessageDescriptor;
}

/** What differs between publishing the user agreement and the privacy policy. */
const DOCUMENT_FORMS: Record<DocumentKind, DocumentTexts> = {
  "user-agreement": {
    title: messages.agreementTitle,
    label: messages.agreementForm,
    idPrefix: "agreement",
    published: messages.agreementPublished,
    loading: messages.agreementLoading,
    none: messages.agreementNone,
  },
  "privacy-policy": {
    title: messages.privacyTitle,
    label: messages.privacyForm,
    idPrefix: "privacy",
    published: messages.privacyPublished,
    loading: messages.privacyLoading,
    none: messages.privacyNone,
  },
};

function PublishDocumentForm({ kind }: { kind: DocumentKind }) {
  const intl = useIntl();
  const texts = DOCUMENT_FORMS[kind];
  const form = useZodForm(publishAgreementBody, {
    defaultValues: { title: intl.formatMessage(texts.title), version: "", content: "" },
  });
  const publishAgreement = usePublishAgreement();
  const publishPrivacyPolicy = usePublishPrivacyPolicy();
  const publish = kind === "user-agreement" ? publishAgreement : publishPrivacyPolicy;

  const submit = (body: PublishAgreementBody) =>
    publish.mutate(body, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage(texts.published),
          description: intl.formatMessage(messages.versionActive, { version: body.version }),
        });
        form.reset({ title: form.getValues("title"), version: "", content: "" });
      },
      onError: (failure) => applyServerError(form, failure, intl.formatMessage(messages.publishFailed)),
    });

  return (
    <Form
      form={form}
      onSubmit={submit}
      pending={publish.isPending}
      className="space-y-3"
      aria-label={intl.formatMessage(texts.label)}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField
          name="title"
          id={`${texts.idPrefix}-title`}
          label={intl.formatMessage(messages.title)}
          className="space-y-1 sm:col-span-2"
        >
          {(field) => <Input {...field} />}
        </FormField>
        <FormField
          name="version"
          id={`${texts.idPrefix}-version`}
          label={intl.formatMessage(messages.version)}
          className="space-y-1"
        >
          {(field) => <Input placeholder={intl.formatMessage(messages.versionPlaceholder)} {...field} />}
        </FormField>
      </div>
      <FormField
        name="content"
        id={`${texts.idPrefix}-content`}
        label={intl.formatMessage(messages.content)}
        className="space-y-1"
      >
        {(field) => <Textarea rows={8} {...field} />}
      </FormField>
      <FormMessage />
      <FormSubmit pendingLabel={intl.formatMessage(messages.publishing)}>
        {intl.formatMessage(messages.publish)}
      </FormSubmit>
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
  const intl = useIntl();
  const texts = DOCUMENT_FORMS[kind];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(texts.title)}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isLoading && <SkeletonList label={intl.formatMessage(texts.loading)} count={1} itemClassName="h-24" />}
        {active === null && <p className="text-sm text-gray-500">{intl.formatMessage(texts.none)}</p>}
        {active && (
          <div className="space-y-1 text-sm">
            <p className="font-medium">
              {intl.formatMessage(messages.activeVersion, { title: active.title, version: active.version })}
            </p>
            <p className="text-gray-500">
              <FormattedMessage {...messages.published} values={{ time: <RelativeTime value={active.createdAt} /> }} />
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
  const intl = useIntl();
  const system = useSystemStatus(isActive);
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <DocumentCard
        kind="user-agreement"
        description={intl.formatMessage(messages.agreementDescription)}
        active={system.data?.activeAgreement}
        isLoading={system.isLoading}
      />
      <DocumentCard
        kind="privacy-policy"
        description={intl.formatMessage(messages.privacyDescription)}
        active={system.data?.activePrivacyPolicy}
        isLoading={system.isLoading}
      />
      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage(messages.maintenance)}</CardTitle>
          <CardDescription>{intl.formatMessage(messages.maintenanceDescription)}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 text-sm">
          {system.isLoading && (
            <SkeletonList label={intl.formatMessage(messages.loading)} count={1} itemClassName="h-40" />
          )}
          {system.isError && <p className="text-red-600">{intl.formatMessage(messages.loadFailed)}</p>}
          {system.data && (
            <>
              <p>
                <FormattedMessage
                  {...messages.database}
                  values={{
                    kind: system.data.databaseKind === "pglite" ? intl.formatMessage(messages.embedded) : "PostgreSQL",
                    size: formatBytes(intl, system.data.databaseSizeBytes),
                    b: (chunks) => <span className="font-medium">{chunks}</span>,
                  }}
                />
              </p>
              <table className="w-full text-start">
                <caption className="sr-only">{intl.formatMessage(messages.rowsPerTable)}</caption>
                <thead>
                  <tr className="border-b text-gray-500">
                    <th className="py-1 font-medium">{intl.formatMessage(messages.table)}</th>
                    <th className="py-1 text-end font-medium">{intl.formatMessage(messages.rows)}</th>
                  </tr>
                </thead>
                <tbody>
                  {system.data.tableCounts.map((entry) => (
                    <tr key={entry.table} className="border-b last:border-0">
                      <td className="py-1 font-mono text-xs">{entry.table}</td>
                      <td className="py-1 text-end">{intl.formatNumber(entry.rows)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div>
                <p className="mb-1 font-medium">{intl.formatMessage(messages.jobs)}</p>
                <ul className="space-y-1">
                  {system.data.jobs.map((job) => (
                    <li key={job.name} className="flex justify-between gap-2">
                      <span className="font-mono text-xs">{job.name}</span>
                      <span className="text-gray-600">
                        {intl.formatMessage(job.isEnabled ? messages.jobRunning : messages.jobOff)}
                        {job.intervalMs >= 60_000
                          ? intl.formatMessage(messages.everyMinutes, { count: Math.round(job.intervalMs / 60_000) })
                          : job.intervalMs > 0
                            ? intl.formatMessage(messages.everySeconds, { count: Math.round(job.intervalMs / 1000) })
                            : ""}{" "}
                        {intl.formatMessage(messages.waiting, { count: job.backlog })}
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
