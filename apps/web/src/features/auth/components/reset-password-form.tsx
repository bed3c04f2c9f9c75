import { password } from "@plaza/contracts/auth";
import { useMemo } from "react";
import { defineMessage, defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { Link } from "wouter";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { paths } from "@/lib/paths";
import { useConfirmPasswordReset } from "../api/password-reset";

const messages = defineMessages({
  mismatch: { id: "auth.resetPassword.mismatch", defaultMessage: "Passwords do not match" },
  failed: { id: "auth.resetPassword.failed", defaultMessage: "Could not change the password." },
  incomplete: defineMessage<{ link: MessageTag }>({
    id: "auth.resetPassword.incomplete",
    defaultMessage: "This link is incomplete. Open the link from the mail again, or <link>ask for a new one</link>.",
  }),
  changed: {
    id: "auth.resetPassword.changed",
    defaultMessage: "Your password was changed. Every device that was signed in has been signed out.",
  },
  signIn: { id: "auth.resetPassword.signIn", defaultMessage: "Sign in" },
  form: { id: "auth.resetPassword.form", defaultMessage: "Choose a new password" },
  newPassword: { id: "auth.resetPassword.newPassword", defaultMessage: "New password" },
  confirmPassword: { id: "auth.resetPassword.confirmPassword", defaultMessage: "Confirm new password" },
  newLink: { id: "auth.resetPassword.newLink", defaultMessage: "Ask for a new link" },
  saving: { id: "auth.resetPassword.saving", defaultMessage: "Saving..." },
  submit: { id: "auth.resetPassword.submit", defaultMessage: "Set new password" },
});

/** The form's schema, its "do not match" message in the reader's language. */
const resetFormSchema = (mismatch: string) =>
  z.object({ password, confirmPassword: z.string() }).refine((values) => values.password === values.confirmPassword, {
    message: mismatch,
    path: ["confirmPassword"],
  });
type ResetFormValues = z.output<ReturnType<typeof resetFormSchema>>;

/** The page a reset mail links to: a new password (sign-up rules), then sign in again. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const intl = useIntl();
  const confirm = useConfirmPasswordReset();
  const resetForm = useMemo(() => resetFormSchema(intl.formatMessage(messages.mismatch)), [intl]);
  const form = useZodForm(resetForm, { defaultValues: { password: "", confirmPassword: "" } });
  const submit = (values: ResetFormValues) => {
    if (token) {
      confirm.mutate(
        { token, password: values.password },
        { onError: (error) => applyServerError(form, error, intl.formatMessage(messages.failed)) },
      );
    }
  };

  if (!token) {
    return (
      <p role="alert" className="text-sm text-red-600">
        <FormattedMessage
          {...messages.incomplete}
          values={{ link: (chunks) => <Link href={paths.forgotPassword}>{chunks}</Link> }}
        />
      </p>
    );
  }
  if (confirm.isSuccess) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
          {intl.formatMessage(messages.changed)}
        </p>
        <Button asChild className="w-full">
          <a href={paths.login}>{intl.formatMessage(messages.signIn)}</a>
        </Button>
      </div>
    );
  }
  return (
    <Form
      form={form}
      onSubmit={submit}
      pending={confirm.isPending}
      className="space-y-4"
      aria-label={intl.formatMessage(messages.form)}
    >
      <FormField name="password" id="reset-password" label={intl.formatMessage(messages.newPassword)}>
        {(field) => <Input type="password" autoComplete="new-password" {...field} />}
      </FormField>
      <FormField name="confirmPassword" id="reset-confirm" label={intl.formatMessage(messages.confirmPassword)}>
        {(field) => <Input type="password" autoComplete="new-password" {...field} />}
      </FormField>
      <FormMessage>
        {" "}
        <Link href={paths.forgotPassword} className="underline">
          {intl.formatMessage(messages.newLink)}
        </Link>
      </FormMessage>
      <FormSubmit className="w-full" pendingLabel={intl.formatMessage(messages.saving)}>
        {intl.formatMessage(messages.submit)}
      </FormSubmit>
    </Form>
  );
}
