import { defineMessages, useIntl } from "react-intl";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { AccountCard } from "../layout/account-card";

const messages = defineMessages({
  title: { id: "shell.forgot-password.title", defaultMessage: "Forgot your password?" },
  description: {
    id: "shell.forgot-password.description",
    defaultMessage: "Enter your email and we will send you a link to choose a new one.",
  },
});

export default function ForgotPasswordRoute() {
  const intl = useIntl();
  return (
    <AccountCard title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)}>
      <ForgotPasswordForm />
    </AccountCard>
  );
}
