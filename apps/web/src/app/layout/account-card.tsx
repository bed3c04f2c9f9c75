import { MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { defineMessages, FormattedMessage } from "react-intl";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useInstanceName } from "@/lib/instance";
import { paths } from "@/lib/paths";

const messages = defineMessages({
  backToSignIn: { id: "shell.account-card.back-to-sign-in", defaultMessage: "Back to sign in" },
});

/** The frame of the signed-out account pages (forgot and reset password), like the sign-in page. */
export function AccountCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const instanceName = useInstanceName();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-gradient-to-b from-brand-50 to-surface px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <Link href={paths.home} className="mx-auto flex items-center gap-2 text-xl font-bold text-brand-600">
            <MapPin aria-hidden className="h-6 w-6" /> {instanceName}
          </Link>
          <CardTitle className="mt-2" asChild>
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {children}
          <p className="text-center text-sm">
            <Link href={paths.login} className="text-brand-600 hover:underline">
              <FormattedMessage {...messages.backToSignIn} />
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
