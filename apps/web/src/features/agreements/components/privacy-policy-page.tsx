import { defineMessage, defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSkeleton } from "@/components/ui/skeleton";
import { paths } from "@/lib/paths";
import { usePrivacyPolicy } from "../api/privacy-policy";

const messages = defineMessages({
  loading: { id: "agreements.privacy.loading", defaultMessage: "Loading privacy policy..." },
  // The web's own words for the contracts' PRIVACY_TEXTS.loadFailed (same English).
  loadFailed: { id: "agreements.privacy.loadFailed", defaultMessage: "The privacy policy could not be loaded." },
  version: defineMessage<{ version: string; date: string }>({
    id: "agreements.privacy.version",
    defaultMessage: "Version {version} · Last updated {date}",
  }),
  rules: defineMessage<{ link: MessageTag }>({
    id: "agreements.privacy.rules",
    defaultMessage: "The rules for using Plaza are in the <link>User Agreement</link>.",
  }),
});

/** The instance's privacy policy (its superuser publishes versions in the admin console), beside the user agreement. */
export function PrivacyPolicyPage() {
  const intl = useIntl();
  const policy = usePrivacyPolicy();
  if (policy.isLoading) return <PageSkeleton label={intl.formatMessage(messages.loading)} isDocument />;
  if (!policy.data) {
    return (
      <p role="alert" className="py-16 text-center text-gray-600">
        {intl.formatMessage(messages.loadFailed)}
      </p>
    );
  }
  const current = policy.data;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-2xl">{current.title}</h1>
          </CardTitle>
          <CardDescription>
            {intl.formatMessage(messages.version, {
              version: current.version,
              date: intl.formatDate(current.createdAt, {
                year: "numeric",
                month: "long",
                day: "numeric",
                timeZone: "UTC",
              }),
            })}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="whitespace-pre-wrap text-sm leading-relaxed text-gray-800" data-testid="privacy-policy-text">
            {current.content}
          </div>
          <p className="text-sm text-gray-600">
            <FormattedMessage
              {...messages.rules}
              values={{
                link: (chunks) => (
                  <Link
                    href={paths.userAgreement}
                    className="inline-flex min-h-11 items-center font-medium text-brand-600 underline"
                  >
                    {chunks}
                  </Link>
                ),
              }}
            />
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
