import type { SpendingLineView } from "@plaza/contracts/payments";
import { formatCents, formatSignedCents, TRANSACTION_KIND_LABELS } from "@plaza/contracts/payments.texts";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { paths } from "@/lib/paths";
import { useSpending } from "../api/get-spending";

export function SpendingLine({ line }: { line: SpendingLineView }) {
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          {TRANSACTION_KIND_LABELS[line.kind]}
          {line.payee && (
            <span className="font-normal text-gray-500">
              {" "}
              to{" "}
              <Link href={paths.profile(line.payee.id)} className="hover:underline">
                @{line.payee.username}
              </Link>
            </span>
          )}
        </p>
        {line.message && <p className="truncate text-sm text-gray-600">“{line.message}”</p>}
        <p className="text-xs text-gray-500">
          <RelativeTime value={line.createdAt} />
        </p>
      </div>
      {/* What the payer paid is money out ("−$4.25"); a refund of it is a negative line, money back ("+$4.25"). */}
      <span className="shrink-0 font-semibold text-gray-800" data-testid="spending-line-amount">
        {formatSignedCents(-line.amountCents)}
      </span>
    </li>
  );
}

/**
 * What the signed-in user paid others: the total by kind (from GET /api/wallet) and every payment, newest first.
 * Payments are charged to the payer's card or wallet provider, so this is a record, not a balance.
 */
export function SpendingOverview({
  spending,
}: {
  spending: { tipsCents: number; ppvCents: number; subscriptionsCents: number; totalCents: number };
}) {
  const lines = useSpending();
  const rows = lines.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Spent</CardTitle>
        <CardDescription>
          {formatCents(spending.totalCents)} paid to creators: tips {formatCents(spending.tipsCents)}, pay-per-view{" "}
          {formatCents(spending.ppvCents)}, subscriptions {formatCents(spending.subscriptionsCents)}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {lines.isLoading && <SkeletonList label="Loading payments..." count={2} />}
        {lines.isError && <p className="text-sm text-red-600">Could not load your payments.</p>}
        {lines.isSuccess && rows.length === 0 && (
          <p className="text-sm text-gray-500">
            Tips you send, posts you unlock and subscriptions you pay show up here.
          </p>
        )}
        {rows.length > 0 && (
          <ul className="divide-y" aria-label="Payments you made">
            {rows.map((line) => (
              <SpendingLine key={line.id} line={line} />
            ))}
          </ul>
        )}
        <LoadMore
          hasNextPage={lines.hasNextPage}
          isFetchingNextPage={lines.isFetchingNextPage}
          onLoadMore={() => lines.fetchNextPage()}
        />
      </CardContent>
    </Card>
  );
}
