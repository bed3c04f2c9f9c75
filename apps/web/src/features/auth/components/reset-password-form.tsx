import { zodResolver } from "@hookform/resolvers/zod";
import { password } from "@plaza/contracts/auth";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useConfirmPasswordReset } from "../api/password-reset";
import { FieldError } from "./field-error";

const resetForm = z
  .object({ password, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
type ResetForm = z.infer<typeof resetForm>;

/** The page a reset mail links to: a new password (sign-up rules), then sign in again. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const confirm = useConfirmPasswordReset();
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetForm),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const submit = form.handleSubmit((values) => {
    if (token) confirm.mutate({ token, password: values.password });
  });
  const serverError = confirm.error instanceof ApiError ? confirm.error.serverMessage : confirm.error?.message;

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
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Choose a new password">
      <div className="space-y-1.5">
        <Label htmlFor="reset-password">New password</Label>
        <Input id="reset-password" type="password" autoComplete="new-password" {...form.register("password")} />
        <FieldError message={form.formState.errors.password?.message} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="reset-confirm">Confirm new password</Label>
        <Input id="reset-confirm" type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
        <FieldError message={form.formState.errors.confirmPassword?.message} />
      </div>
      {serverError && (
        <p role="alert" className="text-sm text-red-600">
          {serverError}{" "}
          <Link href={paths.forgotPassword} className="underline">
            Ask for a new link
          </Link>
        </p>
      )}
      <Button type="submit" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? "Saving..." : "Set new password"}
      </Button>
    </form>
  );
}
