import { useAuth } from "@/features/auth/hooks/use-auth";
import { FollowRequestsList } from "@/features/follows/components/follow-requests-list";
import { AccountSettings } from "@/features/users/components/account-settings";

export default function SettingsRoute() {
  const { user } = useAuth();
  if (!user) return <p className="py-16 text-center text-gray-500">Loading...</p>;
  return <AccountSettings user={user} followRequests={<FollowRequestsList />} />;
}
