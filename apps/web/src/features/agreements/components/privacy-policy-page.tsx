import { PRIVACY_TEXTS } from "@plaza/contracts/agreements.texts";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSkeleton } from "@/components/ui/skeleton";
import { paths } from "@/lib/paths";
import { usePrivacyPolicy } from "../api/privacy-policy";

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The instance's privacy policy (its superuser publishes versions in the admin console), beside the user agreement. */
export function PrivacyPolicyPage() {
  const policy = usePrivacyPolicy();
  if (policy.isLoading) return <PageSkeleton label="Loading privacy policy..." isDocument />;
  if (!policy.data) {
    return (
      <p role="alert" className="py-16 text-center text-gray-600">
        {PRIVACY_TEXTS.loadFailed}
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
            Version {current.version} · Last updated {formatDate(current.createdAt)}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="whitespace-pre-wrap text-sm leading-relaxed text-gray-800" data-testid="privacy-policy-text">
            {current.content}
          </div>
          <p className="text-sm text-gray-600">
            The rules for using Plaza are in the{" "}
            <Link
              href={paths.userAgreement}
              className="inline-flex min-h-11 items-center font-medium text-brand-600 underline"
            >
              User Agreement
            </Link>
            .
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
