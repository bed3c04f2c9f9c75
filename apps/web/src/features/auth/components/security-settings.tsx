import { changeEmailBody, changePasswordBody, type SessionView } from "@plaza/contracts/accounts";
import type { SelfUserView } from "@plaza/contracts/users";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { failureMessage } from "@/lib/api-client";
import { useChangeEmail } from "../api/change-email";
import { useChangePassword } from "../api/change-password";
import { useEndOtherSessions, useEndSession, useSessions } from "../api/sessions";
import { describeUserAgent } from "./describe-user-agent";
import { TwoFactorCard } from "./two-factor-card";

function ServerMessage({ error }: { error: unknown }) {
  if (!error) return null;
  const message = failureMessage(error, "Something went wrong. Please try again.");
  return (
    <p role="alert" className="text-sm text-red-600">
      {message}
    </p>
  );
}

function ChangePasswordCard() {
  const change = useChangePassword();
  const form = useZodForm(changePasswordBody, { defaultValues: { currentPassword: "", newPassword: "" } });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Password</h2>
        </CardTitle>
        <CardDescription>Changing it signs out every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={(values) =>
            change.mutate(values, {
              onSuccess: () => form.reset(),
              onError: (error) => applyServerError(form, error, "Could not change the password."),
            })
          }
          pending={change.isPending}
          className="space-y-4"
          aria-label="Change password"
        >
          <FormField name="currentPassword" id="security-current-password" label="Current password">
            {(field) => <Input type="password" autoComplete="current-password" {...field} />}
          </FormField>
          <FormField name="newPassword" id="security-new-password" label="New password">
            {(field) => <Input type="password" autoComplete="new-password" {...field} />}
          </FormField>
          <FormMessage />
          {change.isSuccess && (
            <p role="status" className="text-sm text-green-700">
              Password changed. Your other devices were signed out.
            </p>
          )}
          <FormSubmit pendingLabel="Saving...">Change password</FormSubmit>
        </Form>
      </CardContent>
    </Card>
  );
}

function ChangeEmailCard({ user }: { user: SelfUserView }) {
  const change = useChangeEmail();
  const form = useZodForm(changeEmailBody, { defaultValues: { newEmail: "", currentPassword: "" } });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Email address</h2>
        </CardTitle>
        <CardDescription>
          Now: <span className="break-all font-medium">{user.email}</span>{" "}
          {user.emailVerified ? (
            <Badge variant="success">Verified</Badge>
          ) : (
            <Badge variant="warning">Not verified</Badge>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={(values) =>
            change.mutate(values, {
              onSuccess: () => form.reset(),
              onError: (error) => applyServerError(form, error, "Could not change the email address."),
            })
          }
          pending={change.isPending}
          className="space-y-4"
          aria-label="Change email"
        >
          <FormField name="newEmail" id="security-new-email" label="New email address">
            {(field) => <Input type="email" autoComplete="email" {...field} />}
          </FormField>
          <FormField name="currentPassword" id="security-email-password" label="Current password">
            {(field) => <Input type="password" autoComplete="current-password" {...field} />}
          </FormField>
          <FormMessage />
          {change.isSuccess && (
            <p role="status" className="text-sm text-green-700">
              {change.data.message} The switch happens when you open that link.
            </p>
          )}
          <FormSubmit pendingLabel="Sending...">Change email</FormSubmit>
        </Form>
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: SessionView }) {
  const end = useEndSession();
  const name = describeUserAgent(session.userAgent);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {name} {session.isCurrent && <Badge variant="success">This device</Badge>}
        </p>
        <p className="text-sm text-gray-600">
          Last active <RelativeTime value={session.lastSeenAt} /> · signed in <RelativeTime value={session.createdAt} />
        </p>
        <ServerMessage error={end.error} />
      </div>
      {!session.isCurrent && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => end.mutate(session.id)}
          disabled={end.isPending}
          aria-label={`Sign out ${name}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

function SessionsCard() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const hasOthers = (sessions.data ?? []).some((session) => !session.isCurrent);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Where you are signed in</h2>
        </CardTitle>
        <CardDescription>Sign out any device you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {sessions.isLoading ? (
          <SkeletonList label="Loading sessions..." count={2} />
        ) : (
          <ul className="divide-y" aria-label="Sessions">
            {(sessions.data ?? []).map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
        <ServerMessage error={sessions.error ?? endOthers.error} />
        <Button variant="outline" onClick={() => endOthers.mutate()} disabled={!hasOthers || endOthers.isPending}>
          Sign out all other sessions
        </Button>
      </CardContent>
    </Card>
  );
}

/** Settings → Security: password, email address, two-factor sign-in and sessions. */
export function SecuritySettings({ user }: { user: SelfUserView }) {
  return (
    <div className="space-y-6">
      <ChangePasswordCard />
      <ChangeEmailCard user={user} />
      <TwoFactorCard user={user} />
      <SessionsCard />
    </div>
  );
}
