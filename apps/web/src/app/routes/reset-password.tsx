import { useSearch } from "wouter";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { AccountCard } from "../layout/account-card";

export default function ResetPasswordRoute() {
  const token = new URLSearchParams(useSearch()).get("token");
  return (
    <AccountCard title="Choose a new password" description="At least 8 characters. You will sign in again afterwards.">
      <ResetPasswordForm token={token} />
    </AccountCard>
  );
}
