import { ADMIN_TOASTS } from "@plaza/contracts/admin.texts";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useLocation } from "wouter";
import { PageSkeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { AdminScreen } from "@/features/admin/components/admin-screen";
import { superuserQuery } from "@/features/auth/api/get-superuser";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { InvitesCard } from "@/features/invites/components/invites-card";
import { ModerationScreen, moderationTabs } from "@/features/moderation/components/moderation-screen";
import { AccountHistory } from "@/features/moderation/components/report-history";
import { useText } from "@/i18n/texts";
import { paths } from "@/lib/paths";

const messages = defineMessages({
  loading: { id: "shell.admin.loading", defaultMessage: "Loading..." },
  invitesTab: { id: "shell.admin.invitesTab", defaultMessage: "Invites" },
});

/**
 * /admin: superusers see the admin screen with the moderation and invites tabs; moderators the moderation screen; everyone else
 * gets 'Access Denied' and goes to / (docs/PRODUCT.md §6).
 */
export default function AdminRoute() {
  const intl = useIntl();
  const text = useText();
  const { user } = useAuth();
  const superuser = useQuery(superuserQuery());
  const [, navigate] = useLocation();
  const isSuperuser = superuser.data?.isSuperuser === true;
  const isDenied = !superuser.isLoading && !isSuperuser && !user?.isModerator;

  useEffect(() => {
    if (!isDenied) return;
    toast({
      title: text(ADMIN_TOASTS.accessDeniedTitle),
      description: text(ADMIN_TOASTS.accessDeniedText),
      variant: "destructive",
    });
    navigate(paths.home, { replace: true });
  }, [isDenied, navigate, text]);

  if (superuser.isLoading || isDenied || !user) {
    return <PageSkeleton label={intl.formatMessage(messages.loading)} statCount={4} />;
  }
  if (!isSuperuser) return <ModerationScreen viewerId={user.id} />;
  const invitesTab = {
    value: "invites",
    label: intl.formatMessage(messages.invitesTab),
    render: (isActive: boolean) => <InvitesCard isActive={isActive} />,
  };
  return (
    <AdminScreen
      viewerEmail={user.email}
      extraTabs={[...moderationTabs(user.id, text), invitesTab]}
      accountDetails={(userId) => <AccountHistory userId={userId} />}
    />
  );
}
