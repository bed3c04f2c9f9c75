import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

/** Decorative loading placeholder; place it inside a `LoadingRegion`, which announces the loading state. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("rounded-lg bg-gray-200 motion-safe:animate-pulse", className)}
      {...props}
    />
  );
}

interface LoadingRegionProps extends ComponentProps<"div"> {
  /** What is loading, e.g. "Loading profile..."; announced to screen readers. */
  label: string;
  /** Shows the label as text under the placeholders (docs/PRODUCT.md §2 names some loading texts). */
  isLabelVisible?: boolean;
  children: ReactNode;
}

/** A busy region: skeleton placeholders with `aria-busy` and a status label, instead of a spinner. */
export function LoadingRegion({ label, isLabelVisible = false, className, children, ...props }: LoadingRegionProps) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={label}
      data-slot="loading-region"
      className={cn("w-full", className)}
      {...props}
    >
      {children}
      <span className={isLabelVisible ? "mt-2 block text-center text-sm text-gray-500" : "sr-only"}>{label}</span>
    </div>
  );
}

interface SkeletonListProps {
  label: string;
  count?: number;
  /** Height and shape of each row. */
  itemClassName?: string;
  /** Rows that look like a person or item: an avatar circle and two text lines. */
  hasAvatar?: boolean;
  className?: string;
}

/** Loading placeholder for a list: `count` rows shaped like the rows to come. */
export function SkeletonList({ label, count = 3, itemClassName, hasAvatar = false, className }: SkeletonListProps) {
  return (
    <LoadingRegion label={label} className={cn("space-y-3", className)}>
      {Array.from({ length: count }, (_, index) =>
        hasAvatar ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} data-testid="skeleton-row" className={cn("flex items-center gap-3", itemClassName)}>
            <Skeleton className="h-9 w-9 shrink-0 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} data-testid="skeleton-row" className={cn("h-16 w-full", itemClassName)} />
        ),
      )}
    </LoadingRegion>
  );
}

interface PageSkeletonProps {
  label: string;
  /** Placeholder stat cards under the title (dashboards). */
  statCount?: number;
  /** Lines of text instead of blocks (documents such as the user agreement). */
  isDocument?: boolean;
}

/** Loading placeholder for a whole screen: a title, optional stat cards, tabs and content, plus its loading text. */
export function PageSkeleton({ label, statCount = 0, isDocument = false }: PageSkeletonProps) {
  return (
    <LoadingRegion
      label={label}
      isLabelVisible
      className="mx-auto max-w-5xl space-y-6 py-2"
      data-testid="page-skeleton"
    >
      <Skeleton className="h-8 w-2/3 max-w-xs" />
      {statCount > 0 && (
        <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {Array.from({ length: statCount }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} className="h-24 w-full" />
          ))}
        </div>
      )}
      {isDocument ? (
        <div className="space-y-3 rounded-lg border bg-surface p-6">
          {["w-full", "w-11/12", "w-full", "w-4/5", "w-full", "w-2/3"].map((width, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} className={`h-4 ${width}`} />
          ))}
        </div>
      ) : (
        <>
          <Skeleton className="h-10 w-full max-w-md" />
          <Skeleton className="h-48 w-full" />
        </>
      )}
    </LoadingRegion>
  );
}
