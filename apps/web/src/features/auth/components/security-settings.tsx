import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ChangeEmailBody,
  type ChangePasswordBody,
  changeEmailBody,
  changePasswordBody,
  type SessionView,
} from "@plaza/contracts/accounts";
import type { SelfUserView } from "@plaza/contracts/users";
import { useForm } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import { useChangeEmail } from "../api/change-email";
import { useChangePassword } from "../api/change-password";
import { useEndOtherSessions, useEndSession, useSessions } from "../api/sessions";
import { describeUserAgent } from "./describe-user-agent";
import { FieldError } from "./field-error";
import { TwoFactorCard } from "./two-factor-card";

function messageOf(error: unknown): string | undefined {
  if (!error) return undefined;
  return error instanceof ApiError ? (error.serverMessage ?? error.message) : (error as Error).message;
}

function ServerMessage({ error }: { error: unknown }) {
  const message = messageOf(error);
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-600">
      {message}
    </p>
  );
}

function ChangePasswordCard() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBody),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const submit = form.handleSubmit((values) => change.mutate(values, { onSuccess: () => form.reset() }));
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Password</h2>
        </CardTitle>
        <CardDescription>Changing it signs out every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" noValidate aria-label="Change password">
          <div className="space-y-1.5">
            <Label htmlFor="security-current-password">Current password</Label>
            <Input
              id="security-current-password"
              type="password"
              autoComplete="current-password"
              {...form.register("currentPassword")}
            />
            <FieldError message={form.formState.errors.currentPassword?.message} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="security-new-password">New password</Label>
            <Input
              id="security-new-password"
              type="password"
              autoComplete="new-password"
              {...form.register("newPassword")}
            />
            <FieldError message={form.formState.errors.newPassword?.message} />
          </div>
          <ServerMessage error={change.error} />
          {change.isSuccess && (
            <p role="status" className="text-sm text-green-700">
              Password changed. Your other devices were signed out.
            </p>
          )}
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? "Saving..." : "Change password"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ChangeEmailCard({ user }: { user: SelfUserView }) {
  const change = useChangeEmail();
  const form = useForm<ChangeEmailBody>({
    resolver: zodResolver(changeEmailBody),
    defaultValues: { newEmail: "", currentPassword: "" },
  });
  const submit = form.handleSubmit((values) => change.mutate(values, { onSuccess: () => form.reset() }));
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
        <form onSubmit={submit} className="space-y-4" noValidate aria-label="Change email">
          <div className="space-y-1.5">
            <Label htmlFor="security-new-email">New email address</Label>
            <Input id="security-new-email" type="email" autoComplete="email" {...form.register("newEmail")} />
            <FieldError message={form.formState.errors.newEmail?.message} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="security-email-password">Current password</Label>
            <Input
              id="security-email-password"
              type="password"
              autoComplete="current-password"
              {...form.register("currentPassword")}
            />
            <FieldError message={form.formState.errors.currentPassword?.message} />
          </div>
          <ServerMessage error={change.error} />
          {change.isSuccess && (
            <p role="status" className="text-sm text-green-700">
              {change.data.message} The switch happens when you open that link.
            </p>
          )}
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? "Sending..." : "Change email"}
          </Button>
        </form>
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
