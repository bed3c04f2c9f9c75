import type { AdminUserView } from "@plaza/contracts/admin";
import { ADMIN_TOASTS, VERIFY_TEXTS } from "@plaza/contracts/admin.texts";
import { displayName, PROFILE_TYPE_LABELS } from "@plaza/contracts/users.texts";
import { BadgeCheck, BadgeX, Eye, Search, Trash2, UserCheck, UserX } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { LoadMore } from "@/components/ui/load-more";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useDeleteUser } from "../api/delete-user";
import { useAdminUsers } from "../api/get-admin-users";
import { useUnsuspendUser } from "../api/unsuspend-user";
import { useSetVerified } from "../api/verify-user";
import { formatDateTime } from "./format";
import { SuspendUserDialog } from "./suspend-user-dialog";
import { UserChip } from "./user-chip";
import { UserDetailsDialog } from "./user-details-dialog";
import { UserStatusBadges } from "./user-status-badges";

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** User Management: search, pages, View / Suspend / Delete per docs/PRODUCT.md §2 and §4. */
export function UserManagementTab() {
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebounced(search, 300);
  const users = useAdminUsers(debouncedSearch);
  const [viewing, setViewing] = useState<AdminUserView | null>(null);
  const [suspending, setSuspending] = useState<AdminUserView | null>(null);
  const [deleting, setDeleting] = useState<AdminUserView | null>(null);
  const deleteUser = useDeleteUser();
  const unsuspend = useUnsuspendUser();
  const setVerified = useSetVerified();
  const [verifying, setVerifying] = useState<AdminUserView | null>(null);
  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    deleteUser.mutate(deleting.id, {
      onSuccess: () => toast({ title: ADMIN_TOASTS.userDeletedTitle, description: ADMIN_TOASTS.userDeletedText }),
      onError: (error) => toastFailure(error, undefined, ADMIN_TOASTS.deleteUserFailed),
    });
    setDeleting(null);
  };

  const confirmVerify = () => {
    if (!verifying) return;
    const isVerified = !verifying.isVerified;
    setVerified.mutate(
      { userId: verifying.id, isVerified },
      {
        onSuccess: () => toast({ title: isVerified ? VERIFY_TEXTS.verified : VERIFY_TEXTS.unverified }),
        onError: (error) => toastFailure(error),
      },
    );
    setVerifying(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>User Management</CardTitle>
        <CardDescription>Search, review, suspend and delete accounts.</CardDescription>
        <div className="relative max-w-sm pt-2">
          <Search aria-hidden className="absolute top-1/2 left-3 mt-1 h-4 w-4 -translate-y-1/2 text-gray-500" />
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search by name, username or email..."
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </CardHeader>
      <CardContent className="space-y-2">
        {users.isLoading && <SkeletonList label="Loading users..." hasAvatar itemClassName="h-16" />}
        {users.isError && <p className="text-sm text-red-600">Failed to load users.</p>}
        {users.isSuccess && rows.length === 0 && <p className="py-6 text-center text-gray-500">No users found</p>}
        <ul className="divide-y">
          {rows.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="admin-user-row">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <UserChip user={user} size="md" />
                  <UserStatusBadges user={user} />
                </div>
                <p className="truncate text-sm text-gray-600">{user.email}</p>
                <p className="text-xs text-gray-500 wrap-anywhere">
                  {PROFILE_TYPE_LABELS[user.profileType]} · Joined <RelativeTime value={user.createdAt} />
                </p>
                {user.isSuspended && (
                  <p className="text-xs text-amber-700">
                    Suspended{user.suspensionReason ? `: ${user.suspensionReason}` : ""}
                    {user.suspendedUntil ? ` (until ${formatDateTime(user.suspendedUntil)})` : ""}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-1">
                <Button size="sm" variant="outline" onClick={() => setViewing(user)}>
                  <Eye aria-hidden /> View
                </Button>
                {!user.isDeleted && (
                  <Button size="sm" variant="outline" onClick={() => setVerifying(user)}>
                    {user.isVerified ? <BadgeX aria-hidden /> : <BadgeCheck aria-hidden />}
                    {user.isVerified ? VERIFY_TEXTS.unverify : VERIFY_TEXTS.verify}
                  </Button>
                )}
                {!user.isSuspended && !user.isSuperuser && (
                  <Button size="sm" variant="outline" onClick={() => setSuspending(user)}>
                    <UserX aria-hidden /> Suspend
                  </Button>
                )}
                {user.isSuspended && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={unsuspend.isPending}
                    onClick={() =>
                      unsuspend.mutate(user.id, {
                        onSuccess: () => toast({ title: ADMIN_TOASTS.userUnsuspended }),
                        onError: (error) => toastFailure(error),
                      })
                    }
                  >
                    <UserCheck aria-hidden /> Unsuspend
                  </Button>
                )}
                {!user.isDeleted && !user.isSuperuser && (
                  <Button size="sm" variant="destructive" onClick={() => setDeleting(user)}>
                    <Trash2 aria-hidden /> Delete
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
        <LoadMore
          hasNextPage={users.hasNextPage}
          isFetchingNextPage={users.isFetchingNextPage}
          onLoadMore={() => users.fetchNextPage()}
        />
      </CardContent>
      <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} />
      <SuspendUserDialog user={suspending} onClose={() => setSuspending(null)} />
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete user"
        description={
          deleting
            ? `${displayName(deleting)} will be marked for deletion, suspended and signed out everywhere. The account is erased after a 7-day grace period unless an admin lifts the suspension and the user cancels.`
            : ""
        }
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        isOpen={verifying !== null}
        title={verifying?.isVerified ? VERIFY_TEXTS.confirmUnverifyTitle : VERIFY_TEXTS.confirmVerifyTitle}
        description={
          verifying
            ? `${displayName(verifying)}: ${verifying.isVerified ? VERIFY_TEXTS.confirmUnverify : VERIFY_TEXTS.confirmVerify}`
            : ""
        }
        confirmLabel={verifying?.isVerified ? VERIFY_TEXTS.unverify : VERIFY_TEXTS.verify}
        confirmVariant={verifying?.isVerified ? "destructive" : "default"}
        onConfirm={confirmVerify}
        onCancel={() => setVerifying(null)}
      />
    </Card>
  );
}
