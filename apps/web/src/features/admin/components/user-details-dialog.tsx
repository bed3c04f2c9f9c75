import type { AdminUserView } from "@plaza/contracts/admin";
import { PROFILE_TYPE_LABELS } from "@plaza/contracts/users.texts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatDateTime } from "./format";
import { UserStatusBadges } from "./user-status-badges";

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-3 gap-2 text-sm">
      <dt className="font-medium text-gray-500">{label}</dt>
      <dd className="col-span-2 break-words">{value}</dd>
    </div>
  );
}

/** The View dialog: email, username, profile type, status badges, bio, and the suspension if any. */
export function UserDetailsDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        {user && (
          <>
            <DialogHeader>
              <DialogTitle>User Details</DialogTitle>
              <DialogDescription>{user.id}</DialogDescription>
            </DialogHeader>
            <dl className="space-y-2">
              <Row label="Email" value={user.email} />
              <Row label="Username" value={`@${user.username}`} />
              <Row label="Profile type" value={PROFILE_TYPE_LABELS[user.profileType]} />
              <div className="grid grid-cols-3 gap-2 text-sm">
                <dt className="font-medium text-gray-500">Status</dt>
                <dd className="col-span-2">
                  <UserStatusBadges user={user} />
                  {!user.isVerified && !user.isSuperuser && !user.isSuspended && !user.isDeleted && "Active"}
                </dd>
              </div>
              <Row label="Bio" value={user.bio || "No bio"} />
              {user.isSuspended && (
                <>
                  <Row label="Suspension reason" value={user.suspensionReason || "No reason given"} />
                  <Row
                    label="Suspended until"
                    value={user.suspendedUntil ? formatDateTime(user.suspendedUntil) : "Until lifted"}
                  />
                </>
              )}
              {user.isDeleted && <Row label="Deletion date" value={formatDateTime(user.deletionGracePeriodEnd)} />}
            </dl>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
