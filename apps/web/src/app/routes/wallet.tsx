import { useAuth } from "@/features/auth/hooks/use-auth";
import { MySubscriptions } from "@/features/payments/components/my-subscriptions";
import { SubscriberList } from "@/features/payments/components/subscriber-list";
import { WalletOverview } from "@/features/payments/components/wallet-overview";

export default function WalletRoute() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Wallet</h1>
      <WalletOverview isCreator={user?.profileType === "creator"} />
      <SubscriberList isCreator={user?.profileType === "creator"} />
      <MySubscriptions />
    </div>
  );
}
