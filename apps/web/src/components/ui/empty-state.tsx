import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  /** A helpful next step, e.g. a button to discover people. */
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing (docs/PRODUCT.md §2 gives the texts): an icon, a title, a hint, an action. */
export function EmptyState({ title, description, icon: Icon, action, className }: EmptyStateProps) {
  return (
    <div data-slot="empty-state" className={cn("flex flex-col items-center gap-2 px-4 py-8 text-center", className)}>
      {Icon && <Icon aria-hidden className="h-10 w-10 text-gray-400" />}
      <p className="font-medium text-gray-900">{title}</p>
      {description && <p className="text-sm text-gray-500">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
