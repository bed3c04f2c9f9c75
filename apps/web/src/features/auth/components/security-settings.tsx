import { changeEmailBody, changePasswordBody, type SessionView } from "@plaza/contracts/accounts";
import type { SelfUserView } from "@plaza/contracts/users";
import {
  defineMessage,
  defineMessages,
  FormattedMessage,
  type MessageTag,
  type MessageValue,
  useIntl,
} from "react-intl";
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

const messages = defineMessages({
  failed: { id: "auth.security.failed", defaultMessage: "Something went wrong. Please try again." },
  passwordTitle: { id: "auth.security.passwordTitle", defaultMessage: "Password" },
  passwordDescription: {
    id: "auth.security.passwordDescription",
    defaultMessage: "Changing it signs out every other device.",
  },
  passwordFailed: { id: "auth.security.passwordFailed", defaultMessage: "Could not change the password." },
  passwordForm: { id: "auth.security.passwordForm", defaultMessage: "Change password" },
  currentPassword: { id: "auth.security.currentPassword", defaultMessage: "Current password" },
  newPassword: { id: "auth.security.newPassword", defaultMessage: "New password" },
  passwordChanged: {
    id: "auth.security.passwordChanged",
    defaultMessage: "Password changed. Your other devices were signed out.",
  },
  saving: { id: "auth.security.saving", defaultMessage: "Saving..." },
  changePassword: { id: "auth.security.changePassword", defaultMessage: "Change password" },
  emailTitle: { id: "auth.security.emailTitle", defaultMessage: "Email address" },
  emailNow: defineMessage<{ email: string; b: MessageTag }>({
    id: "auth.security.emailNow",
    defaultMessage: "Now: <b>{email}</b>",
  }),
  verified: { id: "auth.security.verified", defaultMessage: "Verified" },
  notVerified: { id: "auth.security.notVerified", defaultMessage: "Not verified" },
  emailFailed: { id: "auth.security.emailFailed", defaultMessage: "Could not change the email address." },
  emailForm: { id: "auth.security.emailForm", defaultMessage: "Change email" },
  newEmail: { id: "auth.security.newEmail", defaultMessage: "New email address" },
  emailSent: defineMessage<{ message: string }>({
    id: "auth.security.emailSent",
    defaultMessage: "{message} The switch happens when you open that link.",
  }),
  sending: { id: "auth.security.sending", defaultMessage: "Sending..." },
  changeEmail: { id: "auth.security.changeEmail", defaultMessage: "Change email" },
  thisDevice: { id: "auth.security.thisDevice", defaultMessage: "This device" },
  sessionTimes: defineMessage<{ lastSeen: MessageValue; createdAt: MessageValue }>({
    id: "auth.security.sessionTimes",
    defaultMessage: "Last active {lastSeen} · signed in {createdAt}",
  }),
  signOutName: defineMessage<{ name: string }>({ id: "auth.security.signOutName", defaultMessage: "Sign out {name}" }),
  signOut: { id: "auth.security.signOut", defaultMessage: "Sign out" },
  sessionsTitle: { id: "auth.security.sessionsTitle", defaultMessage: "Where you are signed in" },
  sessionsDescription: {
    id: "auth.security.sessionsDescription",
    defaultMessage: "Sign out any device you do not recognise.",
  },
  loadingSessions: { id: "auth.security.loadingSessions", defaultMessage: "Loading sessions..." },
  sessions: { id: "auth.security.sessions", defaultMessage: "Sessions" },
  signOutOthers: { id: "auth.security.signOutOthers", defaultMessage: "Sign out all other sessions" },
});

function ServerMessage({ error }: { error: unknown }) {
  const intl = useIntl();
  if (!error) return null;
  const message = failureMessage(error, intl.formatMessage(messages.failed));
  return (
    <p role="alert" className="text-sm text-red-600">
      {message}
    </p>
  );
}

function ChangePasswordCard() {
  const intl = useIntl();
  const change = useChangePassword();
  const form = useZodForm(changePasswordBody, { defaultValues: { currentPassword: "", newPassword: "" } });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{intl.formatMessage(messages.passwordTitle)}</h2>
        </CardTitle>
        <CardDescription>{intl.formatMessage(messages.passwordDescription)}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={(values) =>
            change.mutate(values, {
              onSuccess: () => form.reset(),
              onError: (error) => applyServerError(form, error, intl.formatMessage(messages.passwordFailed)),
            })
          }
          pending={change.isPending}
          className="space-y-4"
          aria-label={intl.formatMessage(messages.passwordForm)}
        >
          <FormField
            name="currentPassword"
            id="security-current-password"
            label={intl.formatMessage(messages.currentPassword)}
          >
            {(field) => <Input type="password" autoComplete="current-password" {...field} />}
          </FormField>
          <FormField name="newPassword" id="security-new-password" label={intl.formatMessage(messages.newPassword)}>
            {(field) => <Input type="password" autoComplete="new-password" {...field} />}
          </FormField>
          <FormMessage />
          {change.isSuccess && (
            <p role="status" className="text-sm text-green-700">
              {intl.formatMessage(messages.passwordChanged)}
            </p>
          )}
          <FormSubmit pendingLabel={intl.formatMessage(messages.saving)}>
            {intl.formatMessage(messages.changePassword)}
          </FormSubmit>
        </Form>
      </CardContent>
    </Card>
  );
}

function ChangeEmailCard({ user }: { user: SelfUserView }) {
  const intl = useIntl();
  const change = useChangeEmail();
  const form = useZodForm(changeEmailBody, { defaultValues: { newEmail: "", currentPassword: "" } });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{intl.formatMessage(messages.emailTitle)}</h2>
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            {...messages.emailNow}
            values={{ email: user.email, b: (chunks) => <span className="break-all font-medium">{chunks}</span> }}
          />{" "}
          {user.emailVerified ? (
            <Badge variant="success">{intl.formatMessage(messages.verified)}</Badge>
          ) : (
            <Badge variant="warning">{intl.formatMessage(messages.notVerified)}</Badge>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={(values) =>
            change.mutate(values, {
              onSuccess: () => form.reset(),
              onError: (error) => applyServerError(form, error, intl.formatMessage(messages.emailFailed)),
            })
          }
          pending={change.isPending}
          className="space-y-4"
          aria-label={intl.formatMessage(messages.emailForm)}
        >
          <FormField name="newEmail" id="security-new-email" label={intl.formatMessage(messages.newEmail)}>
            {(field) => <Input type="email" autoComplete="email" {...field} />}
          </FormField>
          <FormField
            name="currentPassword"
            id="security-email-password"
            label={intl.formatMessage(messages.currentPassword)}
          >
            {(field) => <Input type="password" autoComplete="current-password" {...field} />}
          </FormField>
          <FormMessage />
          {change.isSuccess && (
            <p role="status" className="text-sm text-green-700">
              {intl.formatMessage(messages.emailSent, { message: change.data.message })}
            </p>
          )}
          <FormSubmit pendingLabel={intl.formatMessage(messages.sending)}>
            {intl.formatMessage(messages.changeEmail)}
          </FormSubmit>
        </Form>
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: SessionView }) {
  const intl = useIntl();
  const end = useEndSession();
  const name = describeUserAgent(intl, session.userAgent);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {name} {session.isCurrent && <Badge variant="success">{intl.formatMessage(messages.thisDevice)}</Badge>}
        </p>
        <p className="text-sm text-gray-600">
          <FormattedMessage
            {...messages.sessionTimes}
            values={{
              lastSeen: <RelativeTime value={session.lastSeenAt} />,
              createdAt: <RelativeTime value={session.createdAt} />,
            }}
          />
        </p>
        <ServerMessage error={end.error} />
      </div>
      {!session.isCurrent && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => end.mutate(session.id)}
          disabled={end.isPending}
          aria-label={intl.formatMessage(messages.signOutName, { name })}
        >
          {intl.formatMessage(messages.signOut)}
        </Button>
      )}
    </li>
  );
}

function SessionsCard() {
  const intl = useIntl();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const hasOthers = (sessions.data ?? []).some((session) => !session.isCurrent);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{intl.formatMessage(messages.sessionsTitle)}</h2>
        </CardTitle>
        <CardDescription>{intl.formatMessage(messages.sessionsDescription)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {sessions.isLoading ? (
          <SkeletonList label={intl.formatMessage(messages.loadingSessions)} count={2} />
        ) : (
          <ul className="divide-y" aria-label={intl.formatMessage(messages.sessions)}>
            {(sessions.data ?? []).map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
        <ServerMessage error={sessions.error ?? endOthers.error} />
        <Button variant="outline" onClick={() => endOthers.mutate()} disabled={!hasOthers || endOthers.isPending}>
          {intl.formatMessage(messages.signOutOthers)}
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
