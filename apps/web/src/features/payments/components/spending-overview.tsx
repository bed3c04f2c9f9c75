import type { SpendingLineView } from "@plaza/contracts/payments";
import { defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { paths } from "@/lib/paths";
import { useSpending } from "../api/get-spending";
import { useMoney } from "../hooks/use-money";
import { TRANSACTION_KIND_MESSAGES } from "./transaction-texts";

const messages = defineMessages({
  title: { id: "payments.spending.title", defaultMessage: "Spent" },
  loading: { id: "payments.spending.loading", defaultMessage: "Loading payments..." },
  failed: { id: "payments.spending.failed", defaultMessage: "Could not load your payments." },
  empty: {
    id: "payments.spending.empty",
    defaultMessage: "Tips you send, posts you unlock and subscriptions you pay show up here.",
  },
  listLabel: { id: "payments.spending.listLabel", defaultMessage: "Payments you made" },
});

const phrases = defineMessages<{
  toPayee: { username: string; link: MessageTag };
  summary: { total: string; tips: string; ppv: string; subscriptions: string };
}>({
  toPayee: { id: "payments.spending.toPayee", defaultMessage: "to <link>@{username}</link>" },
  summary: {
    id: "payments.spending.summary",
    defaultMessage: "{total} paid to creators: tips {tips}, pay-per-view {ppv}, subscriptions {subscriptions}.",
  },
});

export function SpendingLine({ line }: { line: SpendingLineView }) {
  const intl = useIntl();
  const money = useMoney();
  const payee = line.payee;
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          {intl.formatMessage(TRANSACTION_KIND_MESSAGES[line.kind])}
          {payee && (
            <span className="font-normal text-gray-500">
              {" "}
              <FormattedMessage
                {...phrases.toPayee}
                values={{
                  username: payee.username,
                  link: (chunks) => (
                    <Link href={paths.profile(payee.id)} className="hover:underline">
                      {chunks}
                    </Link>
                  ),
                }}
              />
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
        {money.signedCents(-line.amountCents)}
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
  const intl = useIntl();
  const money = useMoney();
  const lines = useSpending();
  const rows = lines.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>
          {intl.formatMessage(phrases.summary, {
            total: money.cents(spending.totalCents),
            tips: money.cents(spending.tipsCents),
            ppv: money.cents(spending.ppvCents),
            subscriptions: money.cents(spending.subscriptionsCents),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {lines.isLoading && <SkeletonList label={intl.formatMessage(messages.loading)} count={2} />}
        {lines.isError && <p className="text-sm text-red-600">{intl.formatMessage(messages.failed)}</p>}
        {lines.isSuccess && rows.length === 0 && (
          <p className="text-sm text-gray-500">{intl.formatMessage(messages.empty)}</p>
        )}
        {rows.length > 0 && (
          <ul className="divide-y" aria-label={intl.formatMessage(messages.listLabel)}>
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
