import type { AdminStatsView } from "@plaza/contracts/admin";
import { FileText, Store, Trash2, Users, UserX } from "lucide-react";
import type { ComponentType } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

const CARDS: { key: keyof AdminStatsView; label: string; icon: ComponentType<{ className?: string }> }[] = [
  { key: "totalUsers", label: "Total Users", icon: Users },
  { key: "totalPosts", label: "Total Posts", icon: FileText },
  { key: "totalBusinesses", label: "Businesses", icon: Store },
  { key: "suspendedUsers", label: "Suspended", icon: UserX },
  { key: "deletedUsers", label: "Deleted", icon: Trash2 },
];

/** The five stat cards of docs/PRODUCT.md §2 "Admin". */
export function AdminStatCards({ stats }: { stats: AdminStatsView | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-busy={!stats}>
      {CARDS.map(({ key, label, icon: Icon }) => (
        <Card key={key} data-testid={`stat-${key}`}>
          <CardContent className="flex items-center justify-between gap-2 p-4">
            <div>
              <p className="text-sm text-gray-500">{label}</p>
              {stats ? <p className="text-2xl font-bold">{stats[key]}</p> : <Skeleton className="mt-1 h-7 w-12" />}
            </div>
            <Icon aria-hidden className="h-6 w-6 text-gray-400" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
