import { zodResolver } from "@hookform/resolvers/zod";
import { type PasswordResetBody, passwordResetBody } from "@plaza/contracts/accounts";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { useRequestPasswordReset } from "../api/password-reset";
import { FieldError } from "./field-error";

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetBody>({ resolver: zodResolver(passwordResetBody), defaultValues: { email: "" } });
  const submit = form.handleSubmit((values) => request.mutate(values));
  const serverError = request.error instanceof ApiError ? request.error.serverMessage : request.error?.message;

  if (request.isSuccess) {
    return (
      <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
        {request.data.message} Check your inbox (and the spam folder); the link works for 1 hour.
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Reset password">
      <div className="space-y-1.5">
        <Label htmlFor="forgot-email">Email</Label>
        <Input id="forgot-email" type="email" autoComplete="email" {...form.register("email")} />
        <FieldError message={form.formState.errors.email?.message} />
      </div>
      {serverError && (
        <p role="alert" className="text-sm text-red-600">
          {serverError}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? "Sending..." : "Send reset link"}
      </Button>
    </form>
  );
}
