import { password } from "@plaza/contracts/auth";
import { Link } from "wouter";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { paths } from "@/lib/paths";
import { useConfirmPasswordReset } from "../api/password-reset";

const resetForm = z
  .object({ password, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

/** The page a reset mail links to: a new password (sign-up rules), then sign in again. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const confirm = useConfirmPasswordReset();
  const form = useZodForm(resetForm, { defaultValues: { password: "", confirmPassword: "" } });
  const submit = (values: z.output<typeof resetForm>) => {
    if (token) {
      confirm.mutate(
        { token, password: values.password },
        { onError: (error) => applyServerError(form, error, "Could not change the password.") },
      );
    }
  };

  if (!token) {
    return (
      <p role="alert" className="text-sm text-red-600">
        This link is incomplete. Open the link from the mail again, or{" "}
        <Link href={paths.forgotPassword}>ask for a new one</Link>.
      </p>
    );
  }
  if (confirm.isSuccess) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
          Your password was changed. Every device that was signed in has been signed out.
        </p>
        <Button asChild className="w-full">
          <a href={paths.login}>Sign in</a>
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
      aria-label="Choose a new password"
    >
      <FormField name="password" id="reset-password" label="New password">
        {(field) => <Input type="password" autoComplete="new-password" {...field} />}
      </FormField>
      <FormField name="confirmPassword" id="reset-confirm" label="Confirm new password">
        {(field) => <Input type="password" autoComplete="new-password" {...field} />}
      </FormField>
      <FormMessage>
        {" "}
        <Link href={paths.forgotPassword} className="underline">
          Ask for a new link
        </Link>
      </FormMessage>
      <FormSubmit className="w-full" pendingLabel="Saving...">
        Set new password
      </FormSubmit>
    </Form>
  );
}
