import type { AdminStatsView } from "@plaza/contracts/admin";
import { FileText, Store, Trash2, Users, UserX } from "lucide-react";
import type { ComponentType } from "react";
import { defineMessages, type MessageDescriptor, useIntl } from "react-intl";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

const messages = defineMessages({
  totalUsers: { id: "admin.stats.totalUsers", defaultMessage: "Total Users" },
  totalPosts: { id: "admin.stats.totalPosts", defaultMessage: "Total Posts" },
  totalBusinesses: { id: "admin.stats.totalBusinesses", defaultMessage: "Businesses" },
  suspendedUsers: { id: "admin.stats.suspendedUsers", defaultMessage: "Suspended" },
  deletedUsers: { id: "admin.stats.deletedUsers", defaultMessage: "Deleted" },
});

const CARDS: { key: keyof AdminStatsView; label: MessageDescriptor; icon: ComponentType<{ className?: string }> }[] = [
  { key: "totalUsers", label: messages.totalUsers, icon: Users },
  { key: "totalPosts", label: messages.totalPosts, icon: FileText },
  { key: "totalBusinesses", label: messages.totalBusinesses, icon: Store },
  { key: "suspendedUsers", label: messages.suspendedUsers, icon: UserX },
  { key: "deletedUsers", label: messages.deletedUsers, icon: Trash2 },
];

/** The five stat cards of docs/PRODUCT.md §2 "Admin". */
export function AdminStatCards({ stats }: { stats: AdminStatsView | undefined }) {
  const intl = useIntl();
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-busy={!stats}>
      {CARDS.map(({ key, label, icon: Icon }) => (
        <Card key={key} data-testid={`stat-${key}`}>
          <CardContent className="flex items-center justify-between gap-2 p-4">
            <div>
              <p className="text-sm text-gray-500">{intl.formatMessage(label)}</p>
              {stats ? (
                <p className="text-2xl font-bold">{intl.formatNumber(stats[key])}</p>
              ) : (
                <Skeleton className="mt-1 h-7 w-12" />
              )}
            </div>
            <Icon aria-hidden className="h-6 w-6 text-gray-400" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
