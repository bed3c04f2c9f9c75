import { useAuth } from "@/features/auth/hooks/use-auth";
import { FollowRequestsList } from "@/features/follows/components/follow-requests-list";
import { SubscriptionPriceForm } from "@/features/payments/components/subscription-price-form";
import { AccountSettings } from "@/features/users/components/account-settings";

export default function SettingsRoute() {
  const { user } = useAuth();
  if (!user) return <p className="py-16 text-center text-gray-500">Loading...</p>;
  return (
    <div className="space-y-6">
      <AccountSettings user={user} followRequests={<FollowRequestsList />} />
      {user.profileType === "creator" && (
        <div className="mx-auto max-w-3xl">
          <SubscriptionPriceForm creatorId={user.id} />
        </div>
      )}
    </div>
  );
}
