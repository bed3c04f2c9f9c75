import { defineMessages, useIntl } from "react-intl";
import { useSearch } from "wouter";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { AccountCard } from "../layout/account-card";

const messages = defineMessages({
  title: { id: "shell.reset-password.title", defaultMessage: "Choose a new password" },
  description: {
    id: "shell.reset-password.description",
    defaultMessage: "At least 8 characters. You will sign in again afterwards.",
  },
});

export default function ResetPasswordRoute() {
  const intl = useIntl();
  const token = new URLSearchParams(useSearch()).get("token");
  return (
    <AccountCard title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)}>
      <ResetPasswordForm token={token} />
    </AccountCard>
  );
}
