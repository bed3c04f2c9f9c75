import type { AdminUserView } from "@plaza/contracts/admin";
import { defineMessages, useIntl } from "react-intl";
import { Badge } from "@/components/ui/badge";

const messages = defineMessages({
  verified: { id: "admin.userBadges.verified", defaultMessage: "Verified" },
  superuser: { id: "admin.userBadges.superuser", defaultMessage: "Superuser" },
  suspended: { id: "admin.userBadges.suspended", defaultMessage: "Suspended" },
  deleted: { id: "admin.userBadges.deleted", defaultMessage: "Deleted" },
});

/** Verified, Superuser, Suspended and Deleted badges of docs/PRODUCT.md §2 "Admin". */
export function UserStatusBadges({ user }: { user: AdminUserView }) {
  const intl = useIntl();
  return (
    <span className="flex flex-wrap gap-1">
      {user.isVerified && <Badge variant="success">{intl.formatMessage(messages.verified)}</Badge>}
      {user.isSuperuser && <Badge>{intl.formatMessage(messages.superuser)}</Badge>}
      {user.isSuspended && <Badge variant="warning">{intl.formatMessage(messages.suspended)}</Badge>}
      {user.isDeleted && <Badge variant="destructive">{intl.formatMessage(messages.deleted)}</Badge>}
    </span>
  );
}
