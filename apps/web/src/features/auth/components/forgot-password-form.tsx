import { passwordResetBody } from "@plaza/contracts/accounts";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { useRequestPasswordReset } from "../api/password-reset";

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useZodForm(passwordResetBody, { defaultValues: { email: "" } });

  if (request.isSuccess) {
    return (
      <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
        {request.data.message} Check your inbox (and the spam folder); the link works for 1 hour.
      </p>
    );
  }
  return (
    <Form
      form={form}
      onSubmit={(values) =>
        request.mutate(values, { onError: (error) => applyServerError(form, error, "Could not send the link.") })
      }
      pending={request.isPending}
      className="space-y-4"
      aria-label="Reset password"
    >
      <FormField name="email" id="forgot-email" label="Email">
        {(field) => <Input type="email" autoComplete="email" {...field} />}
      </FormField>
      <FormMessage />
      <FormSubmit className="w-full" pendingLabel="Sending...">
        Send reset link
      </FormSubmit>
    </Form>
  );
}
