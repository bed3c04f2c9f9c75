import type { AdminUserView } from "@plaza/contracts/admin";
import { Badge } from "@/components/ui/badge";

/** Verified, Superuser, Suspended and Deleted badges of docs/PRODUCT.md §2 "Admin". */
export function UserStatusBadges({ user }: { user: AdminUserView }) {
  return (
    <span className="flex flex-wrap gap-1">
      {user.isVerified && <Badge variant="success">Verified</Badge>}
      {user.isSuperuser && <Badge>Superuser</Badge>}
      {user.isSuspended && <Badge variant="warning">Suspended</Badge>}
      {user.isDeleted && <Badge variant="destructive">Deleted</Badge>}
    </span>
  );
}
