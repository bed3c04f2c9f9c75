import type { AdminUserView } from "@plaza/contracts/admin";
import { displayName } from "@plaza/contracts/users.texts";
import { BadgeCheck, BadgeX, Eye, Search, Trash2, UserCheck, UserX } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { defineMessage, defineMessages, FormattedMessage, type MessageValue, useIntl } from "react-intl";
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
import { PROFILE_TYPE_LABELS, UserDetailsDialog } from "./user-details-dialog";
import { UserStatusBadges } from "./user-status-badges";

const messages = defineMessages({
  title: { id: "admin.users.title", defaultMessage: "User Management" },
  description: { id: "admin.users.description", defaultMessage: "Search, review, suspend and delete accounts." },
  searchLabel: { id: "admin.users.searchLabel", defaultMessage: "Search users" },
  searchPlaceholder: { id: "admin.users.searchPlaceholder", defaultMessage: "Search by name, username or email..." },
  loading: { id: "admin.users.loading", defaultMessage: "Loading users..." },
  loadFailed: { id: "admin.users.loadFailed", defaultMessage: "Failed to load users." },
  empty: { id: "admin.users.empty", defaultMessage: "No users found" },
  joined: defineMessage<{ profileType: string; time: MessageValue }>({
    id: "admin.users.joined",
    defaultMessage: "{profileType} · Joined {time}",
  }),
  suspended: { id: "admin.users.suspended", defaultMessage: "Suspended" },
  suspendedReason: defineMessage<{ reason: string }>({
    id: "admin.users.suspendedReason",
    defaultMessage: "Suspended: {reason}",
  }),
  suspendedUntil: defineMessage<{ date: string }>({
    id: "admin.users.suspendedUntil",
    defaultMessage: " (until {date})",
  }),
  view: { id: "admin.users.view", defaultMessage: "View" },
  suspend: { id: "admin.users.suspend", defaultMessage: "Suspend" },
  unsuspend: { id: "admin.users.unsuspend", defaultMessage: "Unsuspend" },
  delete: { id: "admin.users.delete", defaultMessage: "Delete" },
  deleteTitle: { id: "admin.users.deleteTitle", defaultMessage: "Delete user" },
  deleteText: defineMessage<{ name: string }>({
    id: "admin.users.deleteText",
    defaultMessage:
      "{name} will be marked for deletion, suspended and signed out everywhere. The account is erased after a 7-day grace period unless an admin lifts the suspension and the user cancels.",
  }),
  deleted: { id: "admin.users.deleted", defaultMessage: "User deleted" },
  deletedText: {
    id: "admin.users.deletedText",
    defaultMessage: "User has been marked for deletion (7-day grace period).",
  },
  deleteFailed: { id: "admin.users.deleteFailed", defaultMessage: "Failed to delete user." },
  unsuspended: { id: "admin.users.unsuspended", defaultMessage: "Suspension lifted" },
  // The web's own words for contracts' VERIFY_TEXTS (same English).
  verify: { id: "admin.users.verify.verify", defaultMessage: "Verify" },
  unverify: { id: "admin.users.verify.unverify", defaultMessage: "Remove badge" },
  confirmVerifyTitle: { id: "admin.users.verify.confirmVerifyTitle", defaultMessage: "Verify this account?" },
  confirmVerify: defineMessage<{ name: string }>({
    id: "admin.users.verify.confirmVerify",
    defaultMessage: "{name}: The verified badge will show next to their name everywhere.",
  }),
  confirmUnverifyTitle: {
    id: "admin.users.verify.confirmUnverifyTitle",
    defaultMessage: "Remove the verified badge?",
  },
  confirmUnverify: defineMessage<{ name: string }>({
    id: "admin.users.verify.confirmUnverify",
    defaultMessage: "{name}: The badge disappears from their name everywhere.",
  }),
  verified: { id: "admin.users.verify.verified", defaultMessage: "Account verified" },
  unverified: { id: "admin.users.verify.unverified", defaultMessage: "Verified badge removed" },
});

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** User Management: search, pages, View / Suspend / Delete per docs/PRODUCT.md §2 and §4. */
export function UserManagementTab({ accountDetails }: { accountDetails?: (userId: string) => ReactNode }) {
  const intl = useIntl();
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
      onSuccess: () =>
        toast({ title: intl.formatMessage(messages.deleted), description: intl.formatMessage(messages.deletedText) }),
      onError: (error) => toastFailure(error, undefined, intl.formatMessage(messages.deleteFailed)),
    });
    setDeleting(null);
  };

  const confirmVerify = () => {
    if (!verifying) return;
    const isVerified = !verifying.isVerified;
    setVerified.mutate(
      { userId: verifying.id, isVerified },
      {
        onSuccess: () => toast({ title: intl.formatMessage(isVerified ? messages.verified : messages.unverified) }),
        onError: (error) => toastFailure(error),
      },
    );
    setVerifying(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
        <div className="relative max-w-sm pt-2">
          <Search aria-hidden className="absolute start-3 top-1/2 mt-1 h-4 w-4 -translate-y-1/2 text-gray-500" />
          <Input
            type="search"
            aria-label={intl.formatMessage(messages.searchLabel)}
            placeholder={intl.formatMessage(messages.searchPlaceholder)}
            className="ps-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </CardHeader>
      <CardContent className="space-y-2">
        {users.isLoading && (
          <SkeletonList label={intl.formatMessage(messages.loading)} hasAvatar itemClassName="h-16" />
        )}
        {users.isError && <p className="text-sm text-red-600">{intl.formatMessage(messages.loadFailed)}</p>}
        {users.isSuccess && rows.length === 0 && (
          <p className="py-6 text-center text-gray-500">{intl.formatMessage(messages.empty)}</p>
        )}
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
                  <FormattedMessage
                    {...messages.joined}
                    values={{
                      profileType: intl.formatMessage(PROFILE_TYPE_LABELS[user.profileType]),
                      time: <RelativeTime value={user.createdAt} />,
                    }}
                  />
                </p>
                {user.isSuspended && (
                  <p className="text-xs text-amber-700">
                    {user.suspensionReason
                      ? intl.formatMessage(messages.suspendedReason, { reason: user.suspensionReason })
                      : intl.formatMessage(messages.suspended)}
                    {user.suspendedUntil
                      ? intl.formatMessage(messages.suspendedUntil, {
                          date: formatDateTime(intl, user.suspendedUntil),
                        })
                      : ""}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-1">
                <Button size="sm" variant="outline" onClick={() => setViewing(user)}>
                  <Eye aria-hidden /> {intl.formatMessage(messages.view)}
                </Button>
                {!user.isDeleted && (
                  <Button size="sm" variant="outline" onClick={() => setVerifying(user)}>
                    {user.isVerified ? <BadgeX aria-hidden /> : <BadgeCheck aria-hidden />}
                    {intl.formatMessage(user.isVerified ? messages.unverify : messages.verify)}
                  </Button>
                )}
                {!user.isSuspended && !user.isSuperuser && (
                  <Button size="sm" variant="outline" onClick={() => setSuspending(user)}>
                    <UserX aria-hidden /> {intl.formatMessage(messages.suspend)}
                  </Button>
                )}
                {user.isSuspended && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={unsuspend.isPending}
                    onClick={() =>
                      unsuspend.mutate(user.id, {
                        onSuccess: () => toast({ title: intl.formatMessage(messages.unsuspended) }),
                        onError: (error) => toastFailure(error),
                      })
                    }
                  >
                    <UserCheck aria-hidden /> {intl.formatMessage(messages.unsuspend)}
                  </Button>
                )}
                {!user.isDeleted && !user.isSuperuser && (
                  <Button size="sm" variant="destructive" onClick={() => setDeleting(user)}>
                    <Trash2 aria-hidden /> {intl.formatMessage(messages.delete)}
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
      <UserDetailsDialog
        user={viewing}
        onClose={() => setViewing(null)}
        details={viewing && accountDetails ? accountDetails(viewing.id) : null}
      />
      <SuspendUserDialog user={suspending} onClose={() => setSuspending(null)} />
      <ConfirmDialog
        isOpen={deleting !== null}
        title={intl.formatMessage(messages.deleteTitle)}
        description={deleting ? intl.formatMessage(messages.deleteText, { name: displayName(deleting) }) : ""}
        confirmLabel={intl.formatMessage(messages.delete)}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        isOpen={verifying !== null}
        title={intl.formatMessage(verifying?.isVerified ? messages.confirmUnverifyTitle : messages.confirmVerifyTitle)}
        description={
          verifying
            ? intl.formatMessage(verifying.isVerified ? messages.confirmUnverify : messages.confirmVerify, {
                name: displayName(verifying),
              })
            : ""
        }
        confirmLabel={intl.formatMessage(verifying?.isVerified ? messages.unverify : messages.verify)}
        confirmVariant={verifying?.isVerified ? "destructive" : "default"}
        onConfirm={confirmVerify}
        onCancel={() => setVerifying(null)}
      />
    </Card>
  );
}
