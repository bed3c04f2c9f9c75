import { MySubscriptions } from "@/features/payments/components/my-subscriptions";
import { WalletOverview } from "@/features/payments/components/wallet-overview";

export default function WalletRoute() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Wallet</h1>
      <WalletOverview />
      <MySubscriptions />
    </div>
  );
}
