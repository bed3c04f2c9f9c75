import { safeReturnTo } from "@plaza/contracts/return-to";
import { MapPin } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Link, useSearch } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LegalLinks } from "@/components/ui/legal-links";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useSignIn } from "@/features/auth/api/sign-in";
import { RegisterForm } from "@/features/auth/components/register-form";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { DemoAccountsPanel } from "@/features/demo/components/demo-accounts-panel";
import { ApiError } from "@/lib/api-client";
import { useInstanceName } from "@/lib/instance";
import { paths } from "@/lib/paths";

const welcome = defineMessages<{ welcome: { name: string } }>({
  welcome: { id: "shell.login.welcome", defaultMessage: "Welcome to {name}" },
});

const messages = defineMessages({
  description: { id: "shell.login.description", defaultMessage: "Sign in or create an account to continue." },
  signIn: { id: "shell.login.sign-in", defaultMessage: "Sign in" },
  register: { id: "shell.login.register", defaultMessage: "Create account" },
});

export default function LoginRoute() {
  const intl = useIntl();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const returnTo = safeReturnTo(params.get("returnTo"));
  // The landing page's sign-up buttons open the Create account tab (?tab=register).
  const initialTab = params.get("tab") === "register" || params.has("invite") ? "register" : "sign-in";
  // An invite link (`?invite=CODE`) signs up with its code.
  const inviteCode = params.get("invite") ?? undefined;
  const name = useInstanceName();
  // A full navigation, so every query starts again as the signed-in user.
  const enter = () => window.location.assign(returnTo);
  const demoSignIn = useSignIn();
  const demoSignInError =
    demoSignIn.error instanceof ApiError ? demoSignIn.error.serverMessage : demoSignIn.error?.message;

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-gradient-to-b from-brand-50 to-surface px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <Link href={paths.home} className="mx-auto flex items-center gap-2 text-xl font-bold text-brand-600">
            <MapPin aria-hidden className="h-6 w-6" /> {name}
          </Link>
          <CardTitle className="mt-2">{intl.formatMessage(welcome.welcome, { name })}</CardTitle>
          <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue={initialTab}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="sign-in">{intl.formatMessage(messages.signIn)}</TabsTrigger>
              <TabsTrigger value="register">{intl.formatMessage(messages.register)}</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in" className="pt-4">
              <SignInForm onSignedIn={enter} />
            </TabsContent>
            <TabsContent value="register" className="pt-4">
              {/* The ticked agreement box is accepted with the account, in the sign-up request itself. */}
              <RegisterForm inviteCode={inviteCode} onRegistered={enter} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <DemoAccountsPanel
        onSignIn={(credentials) => demoSignIn.mutate(credentials, { onSuccess: enter })}
        pending={demoSignIn.isPending}
        error={demoSignInError}
      />
      <LegalLinks className="text-sm text-gray-600" />
    </main>
  );
}
