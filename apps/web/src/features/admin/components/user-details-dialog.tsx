import type { AdminUserView } from "@plaza/contracts/admin";
import type { ReactNode } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatDateTime } from "./format";
import { UserStatusBadges } from "./user-status-badges";

const messages = defineMessages({
  title: { id: "admin.userDetails.title", defaultMessage: "User Details" },
  email: { id: "admin.userDetails.email", defaultMessage: "Email" },
  username: { id: "admin.userDetails.username", defaultMessage: "Username" },
  profileType: { id: "admin.userDetails.profileType", defaultMessage: "Profile type" },
  status: { id: "admin.userDetails.status", defaultMessage: "Status" },
  active: { id: "admin.userDetails.active", defaultMessage: "Active" },
  bio: { id: "admin.userDetails.bio", defaultMessage: "Bio" },
  noBio: { id: "admin.userDetails.noBio", defaultMessage: "No bio" },
  suspensionReason: { id: "admin.userDetails.suspensionReason", defaultMessage: "Suspension reason" },
  noReason: { id: "admin.userDetails.noReason", defaultMessage: "No reason given" },
  suspendedUntil: { id: "admin.userDetails.suspendedUntil", defaultMessage: "Suspended until" },
  untilLifted: { id: "admin.userDetails.untilLifted", defaultMessage: "Until lifted" },
  deletionDate: { id: "admin.userDetails.deletionDate", defaultMessage: "Deletion date" },
});

/** The web's own words for contracts' PROFILE_TYPE_LABELS (same English). */
export const PROFILE_TYPE_LABELS = defineMessages({
  personal: { id: "admin.profileType.personal", defaultMessage: "Personal" },
  creator: { id: "admin.profileType.creator", defaultMessage: "Creator" },
  business: { id: "admin.profileType.business", defaultMessage: "Business" },
});

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-3 gap-2 text-sm">
      <dt className="font-medium text-gray-500">{label}</dt>
      <dd className="col-span-2 break-words">{value}</dd>
    </div>
  );
}

/** The View dialog: email, username, profile type, status badges, bio, and the suspension if any. */
export function UserDetailsDialog({
  user,
  onClose,
  details,
}: {
  user: AdminUserView | null;
  onClose: () => void;
  /** Shown under the account's facts (the moderation history). */
  details?: ReactNode;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  return (
    <Dialog open={user !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        {user && (
          <>
            <DialogHeader>
              <DialogTitle>{t(messages.title)}</DialogTitle>
              <DialogDescription>{user.id}</DialogDescription>
            </DialogHeader>
            <dl className="space-y-2">
              <Row label={t(messages.email)} value={user.email} />
              <Row label={t(messages.username)} value={`@${user.username}`} />
              <Row label={t(messages.profileType)} value={t(PROFILE_TYPE_LABELS[user.profileType])} />
              <div className="grid grid-cols-3 gap-2 text-sm">
                <dt className="font-medium text-gray-500">{t(messages.status)}</dt>
                <dd className="col-span-2">
                  <UserStatusBadges user={user} />
                  {!user.isVerified && !user.isSuperuser && !user.isSuspended && !user.isDeleted && t(messages.active)}
                </dd>
              </div>
              <Row label={t(messages.bio)} value={user.bio || t(messages.noBio)} />
              {user.isSuspended && (
                <>
                  <Row label={t(messages.suspensionReason)} value={user.suspensionReason || t(messages.noReason)} />
                  <Row
                    label={t(messages.suspendedUntil)}
                    value={user.suspendedUntil ? formatDateTime(intl, user.suspendedUntil) : t(messages.untilLifted)}
                  />
                </>
              )}
              {user.isDeleted && (
                <Row label={t(messages.deletionDate)} value={formatDateTime(intl, user.deletionGracePeriodEnd)} />
              )}
            </dl>
            {details}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
