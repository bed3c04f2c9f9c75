import { safeReturnTo } from "@plaza/contracts/return-to";
import { MapPin } from "lucide-react";
import { Link, useSearch } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { acceptActiveAgreement } from "@/features/agreements/api/agreements";
import { useSignIn } from "@/features/auth/api/sign-in";
import { RegisterForm } from "@/features/auth/components/register-form";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { DemoAccountsPanel } from "@/features/demo/components/demo-accounts-panel";
import { ApiError } from "@/lib/api-client";
import { paths } from "@/lib/paths";

export default function LoginRoute() {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const returnTo = safeReturnTo(params.get("returnTo"));
  // The landing page's sign-up buttons open the Create account tab (?tab=register).
  const initialTab = params.get("tab") === "register" ? "register" : "sign-in";
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
            <MapPin aria-hidden className="h-6 w-6" /> Plaza
          </Link>
          <CardTitle className="mt-2">Welcome to Plaza</CardTitle>
          <CardDescription>Sign in or create an account to continue.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue={initialTab}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="sign-in">Sign in</TabsTrigger>
              <TabsTrigger value="register">Create account</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in" className="pt-4">
              <SignInForm onSignedIn={enter} />
            </TabsContent>
            <TabsContent value="register" className="pt-4">
              <RegisterForm
                onRegistered={() => {
                  // The box ticked at sign-up is recorded as accepting the active agreement; entering does not
                  // wait on it failing (the agreement page still offers it).
                  void acceptActiveAgreement().finally(enter);
                }}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <DemoAccountsPanel
        onSignIn={(credentials) => demoSignIn.mutate(credentials, { onSuccess: enter })}
        pending={demoSignIn.isPending}
        error={demoSignInError}
      />
    </main>
  );
}
