import { defineMessages, useIntl } from "react-intl";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { MySubscriptions } from "@/features/payments/components/my-subscriptions";
import { SubscriberList } from "@/features/payments/components/subscriber-list";
import { WalletOverview } from "@/features/payments/components/wallet-overview";

const messages = defineMessages({
  title: { id: "shell.wallet.title", defaultMessage: "Wallet" },
});

export default function WalletRoute() {
  const intl = useIntl();
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{intl.formatMessage(messages.title)}</h1>
      <WalletOverview isCreator={user?.profileType === "creator"} />
      <SubscriberList isCreator={user?.profileType === "creator"} />
      <MySubscriptions />
    </div>
  );
}
