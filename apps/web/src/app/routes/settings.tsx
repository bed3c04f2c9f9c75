import { defineMessages, useIntl } from "react-intl";
import { ThemeSwitch } from "@/app/layout/theme-switch";
import { PageSkeleton } from "@/components/ui/skeleton";
import { SecuritySettings } from "@/features/auth/components/security-settings";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { CalendarFeedCard } from "@/features/events/components/calendar-feed-card";
import { FediverseCard } from "@/features/fediverse/components/fediverse-card";
import { RemoteFollowRequests } from "@/features/fediverse/components/remote-follow-requests";
import { FollowRequestsList } from "@/features/follows/components/follow-requests-list";
import { InvitesCard } from "@/features/invites/components/invites-card";
import { PartnerSettings } from "@/features/partnerships/components/partner-settings";
import { SubscriptionPriceForm } from "@/features/payments/components/subscription-price-form";
import { DevicePushCard } from "@/features/push/components/device-push-card";
import { AccountSettings } from "@/features/users/components/account-settings";
import { useInstance } from "@/lib/instance";

const messages = defineMessages({
  loading: { id: "shell.settings.loading", defaultMessage: "Loading..." },
});

export default function SettingsRoute() {
  const intl = useIntl();
  const { user } = useAuth();
  const instance = useInstance();
  // Members make invite links here while the town lets them and sign-up needs one (administrators: the console).
  const canInvite = instance.data?.membersCanInvite === true && instance.data.registrationMode === "invite";
  if (!user) return <PageSkeleton label={intl.formatMessage(messages.loading)} />;
  return (
    <div className="space-y-6">
      <AccountSettings
        user={user}
        followRequests={
          <div className="space-y-4">
            <FollowRequestsList />
            <RemoteFollowRequests />
          </div>
        }
        security={<SecuritySettings user={user} />}
        appearance={<ThemeSwitch />}
        devicePush={<DevicePushCard isPreferenceOn={user.preferences.pushNotifications} />}
      />
      <div className="mx-auto max-w-3xl space-y-6">
        <CalendarFeedCard />
        <FediverseCard />
        {canInvite && <InvitesCard />}
      </div>
      {user.profileType === "creator" && (
        <div className="mx-auto max-w-3xl space-y-6">
          <SubscriptionPriceForm creatorId={user.id} />
          <PartnerSettings />
        </div>
      )}
    </div>
  );
}
