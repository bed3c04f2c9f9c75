import { zodResolver } from "@hookform/resolvers/zod";
import { type RegisterBody, type RegisterInput, registerBody } from "@plaza/contracts/auth";
import { PROFILE_TYPE_LABELS, PROFILE_TYPES } from "@plaza/contracts/users";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ApiError } from "@/lib/api-client";
import { useRegister } from "../api/sign-in";
import { FieldError } from "./field-error";

const PROFILE_TYPE_HINTS = {
  personal: "Discover places, follow friends and creators",
  creator: "Share posts and earn tips, pay-per-view and subscriptions",
  business: "Publish your business, coupons and verified check-ins",
} as const;

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const register = useRegister();
  const form = useForm<RegisterInput, unknown, RegisterBody>({
    resolver: zodResolver(registerBody),
    defaultValues: { email: "", password: "", username: "", firstName: "", lastName: "", profileType: "personal" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => register.mutate(values, { onSuccess: onRegistered }));
  const serverError = register.error instanceof ApiError ? register.error.serverMessage : register.error?.message;

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Create account">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="register-first-name">First name</Label>
          <Input id="register-first-name" autoComplete="given-name" {...form.register("firstName")} />
          <FieldError message={errors.firstName?.message} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="register-last-name">Last name</Label>
          <Input id="register-last-name" autoComplete="family-name" {...form.register("lastName")} />
          <FieldError message={errors.lastName?.message} />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="register-username">Username</Label>
        <Input id="register-username" autoComplete="username" {...form.register("username")} />
        <FieldError message={errors.username?.message} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="register-email">Email</Label>
        <Input id="register-email" type="email" autoComplete="email" {...form.register("email")} />
        <FieldError message={errors.email?.message} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="register-password">Password</Label>
        <Input id="register-password" type="password" autoComplete="new-password" {...form.register("password")} />
        <FieldError message={errors.password?.message} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="register-profile-type">Account type</Label>
        <Controller
          control={form.control}
          name="profileType"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="register-profile-type" aria-label="Account type">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PROFILE_TYPES.map((type) => (
                  <SelectItem key={type} value={type}>
                    {PROFILE_TYPE_LABELS[type]} — {PROFILE_TYPE_HINTS[type]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </div>
      {serverError && (
        <p role="alert" className="text-sm text-red-600">
          {serverError}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? "Creating account..." : "Create account"}
      </Button>
    </form>
  );
}
