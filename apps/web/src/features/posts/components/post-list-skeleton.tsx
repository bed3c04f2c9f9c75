import { defineMessages, useIntl } from "react-intl";
import { Card, CardContent } from "@/components/ui/card";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

const messages = defineMessages({
  loading: { id: "posts.skeleton.loading", defaultMessage: "Loading posts" },
});

/** Three loading cards (docs/PRODUCT.md §2: "three loading skeletons while loading"). */
export function PostListSkeleton({ count = 3, label }: { count?: number; label?: string }) {
  const intl = useIntl();
  return (
    <LoadingRegion label={label ?? intl.formatMessage(messages.loading)} className="space-y-4">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={index} data-testid="post-skeleton">
          <CardContent className="space-y-3 p-4">
            <div className="flex items-center gap-3">
              <Skeleton className="h-10 w-10 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-3 w-1/4" />
              </div>
            </div>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-40 w-full" />
          </CardContent>
        </Card>
      ))}
    </LoadingRegion>
  );
}
