import { useState } from "react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { ScrollArea } from "@/components/ui/scroll-area";
import { PageSkeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/lib/paths";
import { useAcceptAgreement, useActiveAgreement, useAgreementAcceptance } from "../api/agreements";

const messages = defineMessages({
  loading: { id: "agreements.agreement.loading", defaultMessage: "Loading agreement..." },
  notFound: { id: "agreements.agreement.notFound", defaultMessage: "No user agreement found." },
  readFirstTitle: { id: "agreements.agreement.readFirstTitle", defaultMessage: "Please Read Agreement" },
  version: defineMessage<{ version: string; date: string }>({
    id: "agreements.agreement.version",
    defaultMessage: "Version {version} · Last updated {date}",
  }),
  text: { id: "agreements.agreement.text", defaultMessage: "Agreement text" },
  importantPoints: { id: "agreements.agreement.importantPoints", defaultMessage: "Important points" },
  accepted: { id: "agreements.agreement.accepted", defaultMessage: "✓ Accepted" },
  accepting: { id: "agreements.agreement.accepting", defaultMessage: "Accepting..." },
  accept: { id: "agreements.agreement.accept", defaultMessage: "Accept Agreement" },
  thanks: { id: "agreements.agreement.thanks", defaultMessage: "You have accepted the user agreement. Thank you!" },
  continue: { id: "agreements.agreement.continue", defaultMessage: "Continue" },
  // The web's own words for the contracts' AGREEMENT_TEXTS (same English).
  mustRead: {
    id: "agreements.agreement.mustRead",
    defaultMessage: "You must read the full agreement before accepting.",
  },
  readCheckbox: {
    id: "agreements.agreement.readCheckbox",
    defaultMessage: "I have read and understood the complete user agreement",
  },
});

const IMPORTANT_POINTS = Object.values(
  defineMessages({
    liability: {
      id: "agreements.agreement.point.liability",
      defaultMessage: "The platform is not liable for user content or the actions of users.",
    },
    public: {
      id: "agreements.agreement.point.public",
      defaultMessage: "All content is public unless you mark it private.",
    },
    use: {
      id: "agreements.agreement.point.use",
      defaultMessage: "The platform may use your content for functional and display purposes.",
    },
    ownership: {
      id: "agreements.agreement.point.ownership",
      defaultMessage: "You keep ownership of your content and grant the platform permission to use it.",
    },
    suspension: {
      id: "agreements.agreement.point.suspension",
      defaultMessage: "Accounts may be suspended or terminated for violations.",
    },
  }),
);

/** The user agreement screen of docs/PRODUCT.md §2: unread → read-confirmed → accepted (§4). */
export function UserAgreementPage({ isSignedIn }: { isSignedIn: boolean }) {
  const intl = useIntl();
  const agreement = useActiveAgreement();
  const acceptance = useAgreementAcceptance(isSignedIn);
  const accept = useAcceptAgreement();
  const [hasRead, setHasRead] = useState(false);

  if (agreement.isLoading) {
    return <PageSkeleton label={intl.formatMessage(messages.loading)} isDocument />;
  }
  if (!agreement.data) {
    return <p className="py-16 text-center text-gray-600">{intl.formatMessage(messages.notFound)}</p>;
  }
  const current = agreement.data;
  const isAccepted =
    accept.isSuccess || (acceptance.data?.hasAccepted === true && acceptance.data.agreementId === current.id);

  const onAccept = () => {
    if (!hasRead) {
      toast({
        title: intl.formatMessage(messages.readFirstTitle),
        description: intl.formatMessage(messages.mustRead),
        variant: "destructive",
      });
      return;
    }
    accept.mutate(current.id);
  };

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
              date: intl.formatDate(current.createdAt, { year: "numeric", month: "long", day: "numeric" }),
            })}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <ScrollArea className="h-96 rounded-md border p-4" aria-label={intl.formatMessage(messages.text)}>
            <div className="whitespace-pre-wrap text-sm leading-relaxed text-gray-800">{current.content}</div>
          </ScrollArea>
          <div className="flex items-start gap-3">
            <Checkbox
              id="agreement-read"
              checked={hasRead || isAccepted}
              disabled={isAccepted}
              onCheckedChange={(checked) => setHasRead(checked === true)}
            />
            <Label htmlFor="agreement-read" className="leading-snug">
              {intl.formatMessage(messages.readCheckbox)}
            </Label>
          </div>
          {(hasRead || isAccepted) && (
            <div className="rounded-md border border-amber-200 bg-amber-50 p-4">
              <p className="mb-2 font-medium text-amber-900">{intl.formatMessage(messages.importantPoints)}</p>
              <ul className="list-disc space-y-1 ps-5 text-sm text-amber-900">
                {IMPORTANT_POINTS.map((point) => (
                  <li key={point.id}>{intl.formatMessage(point)}</li>
                ))}
              </ul>
            </div>
          )}
          <Button className="w-full" onClick={onAccept} disabled={accept.isPending || isAccepted}>
            {intl.formatMessage(
              isAccepted ? messages.accepted : accept.isPending ? messages.accepting : messages.accept,
            )}
          </Button>
          {isAccepted && (
            <div className="space-y-3 text-center">
              <p className="text-green-700">{intl.formatMessage(messages.thanks)}</p>
              <Button asChild variant="outline">
                <Link href={paths.home}>{intl.formatMessage(messages.continue)}</Link>
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
