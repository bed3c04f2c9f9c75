import { passwordResetBody } from "@plaza/contracts/accounts";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { useText } from "@/i18n/texts";
import { useRequestPasswordReset } from "../api/password-reset";

const messages = defineMessages({
  sent: defineMessage<{ message: string }>({
    id: "auth.forgotPassword.sent",
    defaultMessage: "{message} Check your inbox (and the spam folder); the link works for 1 hour.",
  }),
  failed: { id: "auth.forgotPassword.failed", defaultMessage: "Could not send the link." },
  form: { id: "auth.forgotPassword.form", defaultMessage: "Reset password" },
  email: { id: "auth.forgotPassword.email", defaultMessage: "Email" },
  sending: { id: "auth.forgotPassword.sending", defaultMessage: "Sending..." },
  submit: { id: "auth.forgotPassword.submit", defaultMessage: "Send reset link" },
});

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const intl = useIntl();
  const text = useText();
  const request = useRequestPasswordReset();
  const form = useZodForm(passwordResetBody, { defaultValues: { email: "" } });

  if (request.isSuccess) {
    return (
      <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
        {intl.formatMessage(messages.sent, { message: text(request.data.message) })}
      </p>
    );
  }
  return (
    <Form
      form={form}
      onSubmit={(values) =>
        request.mutate(values, {
          onError: (error) => applyServerError(form, error, intl.formatMessage(messages.failed)),
        })
      }
      pending={request.isPending}
      className="space-y-4"
      aria-label={intl.formatMessage(messages.form)}
    >
      <FormField name="email" id="forgot-email" label={intl.formatMessage(messages.email)}>
        {(field) => <Input type="email" autoComplete="email" {...field} />}
      </FormField>
      <FormMessage />
      <FormSubmit className="w-full" pendingLabel={intl.formatMessage(messages.sending)}>
        {intl.formatMessage(messages.submit)}
      </FormSubmit>
    </Form>
  );
}
