import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { AccountCard } from "../layout/account-card";

export default function ForgotPasswordRoute() {
  return (
    <AccountCard
      title="Forgot your password?"
      description="Enter your email and we will send you a link to choose a new one."
    >
      <ForgotPasswordForm />
    </AccountCard>
  );
}
