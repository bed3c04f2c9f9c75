import type { WalletLineView } from "@plaza/contracts/payments";
import { PAYOUT_CARD_TEXTS, WALLET_BALANCE_NOTES } from "@plaza/contracts/payouts.texts";
import { Wallet } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadMore } from "@/components/ui/load-more";
import { RelativeTime } from "@/components/ui/relative-time";
import { LoadingRegion, Skeleton, SkeletonList } from "@/components/ui/skeleton";
import { useText } from "@/i18n/texts";
import { usePaymentProvider } from "../api/get-payment-provider";
import { useWallet } from "../api/get-wallet";
import { useWalletLines } from "../api/get-wallet-lines";
import { useMoney } from "../hooks/use-money";
import { EarningsChart } from "./earnings-chart";
import { PayoutsCard } from "./payouts-card";
import { SpendingOverview } from "./spending-overview";
import { walletLineTitleText } from "./transaction-texts";

const messages = defineMessages({
  loading: { id: "payments.wallet.loading", defaultMessage: "Loading wallet..." },
  loadingLines: { id: "payments.wallet.loadingLines", defaultMessage: "Loading transactions..." },
  failed: { id: "payments.wallet.failed", defaultMessage: "Failed to load your wallet." },
  tips: { id: "payments.wallet.tips", defaultMessage: "Tips" },
  payPerView: { id: "payments.wallet.payPerView", defaultMessage: "Pay-per-view" },
  subscriptions: { id: "payments.wallet.subscriptions", defaultMessage: "Subscriptions" },
  received: { id: "payments.wallet.received", defaultMessage: "Received" },
  nothingReceived: {
    id: "payments.wallet.nothingReceived",
    defaultMessage:
      "Nothing received yet. Tips, unlocked posts and subscriptions people pay you show up here, and Plaza takes no cut of them.",
  },
  balance: { id: "payments.wallet.balance", defaultMessage: "Balance" },
  ledger: { id: "payments.wallet.ledger", defaultMessage: "Ledger" },
  noEarnings: { id: "payments.wallet.noEarnings", defaultMessage: "No earnings yet." },
  noEarningsDescription: {
    id: "payments.wallet.noEarningsDescription",
    defaultMessage: "Tips, unlocked posts and subscriptions you receive are listed here.",
  },
  ledgerLines: { id: "payments.wallet.ledgerLines", defaultMessage: "Ledger lines" },
});

export function WalletLine({ line }: { line: WalletLineView }) {
  const intl = useIntl();
  const money = useMoney();
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="font-medium" data-testid="wallet-line-title">
          {walletLineTitleText(intl, line.kind, line.amountCents, line.payer?.username ?? null)}
        </p>
        {line.message && <p className="truncate text-sm text-gray-600">“{line.message}”</p>}
        <p className="text-xs text-gray-500">
          <RelativeTime value={line.createdAt} />
        </p>
      </div>
      {/* A credit reads "+$12.00"; its reversal (a refund or dispute) is a negative entry and reads "−$12.00". */}
      <span
        className={`shrink-0 font-semibold ${line.amountCents < 0 ? "text-red-700" : "text-emerald-700"}`}
        data-testid="wallet-line-amount"
      >
        {money.signedCents(line.amountCents)}
      </span>
    </li>
  );
}

/**
 * How this person gets paid out. With Stripe: the Payouts card (anyone may receive tips, so anyone may connect).
 * With the built-in test provider there is nothing to connect: creators, who would look for it, get one honest
 * line instead of a button that could only fail.
 */
function Payouts({ isCreator }: { isCreator: boolean }) {
  const provider = usePaymentProvider();
  const text = useText();
  if (provider === "stripe") return <PayoutsCard />;
  if (provider === "test" && isCreator) {
    return (
      <p className="text-sm text-gray-600" data-testid="payouts-test-provider">
        {text(PAYOUT_CARD_TEXTS.testProvider)}
      </p>
    );
  }
  return null;
}

/**
 * The wallet page: balance, earnings by source and by month and every ledger line, all derived by the server from
 * the ledger; then what the user paid others. For an account that has only paid, what it spent comes first.
 * Creators see how they get paid out first; others after what they received.
 */
export function WalletOverview({ isCreator }: { isCreator: boolean }) {
  const intl = useIntl();
  const text = useText();
  const money = useMoney();
  const wallet = useWallet();
  const provider = usePaymentProvider();
  const lines = useWalletLines(wallet.isSuccess);
  if (wallet.isLoading) {
    return (
      <LoadingRegion label={intl.formatMessage(messages.loading)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-24 w-full" />
          ))}
        </div>
        <SkeletonList label={intl.formatMessage(messages.loadingLines)} count={3} hasAvatar />
      </LoadingRegion>
    );
  }
  if (wallet.isError || !wallet.data) return <p className="text-red-600">{intl.formatMessage(messages.failed)}</p>;
  const { balanceCents, earnings } = wallet.data;
  const allLines = lines.data?.pages.flatMap((page) => page.lines) ?? wallet.data.recentLines;
  const sources = [
    { key: "tips", label: intl.formatMessage(messages.tips), cents: earnings.tipsCents },
    { key: "ppv", label: intl.formatMessage(messages.payPerView), cents: earnings.ppvCents },
    { key: "subscriptions", label: intl.formatMessage(messages.subscriptions), cents: earnings.subscriptionsCents },
  ];
  const hasReceived = balanceCents !== 0 || sources.some((source) => source.cents !== 0) || allLines.length > 0;
  // Someone who has paid but received nothing came for what they spent: that comes first, and the empty
  // earnings shrink to one line instead of a $0.00 balance and an empty ledger.
  if (!hasReceived && wallet.data.spending.totalCents > 0) {
    return (
      <div className="space-y-6">
        {isCreator && <Payouts isCreator />}
        <SpendingOverview spending={wallet.data.spending} />
        <Card data-testid="wallet-received-empty">
          <CardHeader>
            <CardTitle className="text-base">{intl.formatMessage(messages.received)}</CardTitle>
            <CardDescription>{intl.formatMessage(messages.nothingReceived)}</CardDescription>
          </CardHeader>
        </Card>
        {!isCreator && <Payouts isCreator={false} />}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {isCreator && <Payouts isCreator />}
      <Card>
        <CardHeader>
          <CardDescription>{intl.formatMessage(messages.balance)}</CardDescription>
          <CardTitle className="text-4xl" data-testid="wallet-balance">
            {money.cents(balanceCents)}
          </CardTitle>
          <p className="text-sm text-gray-600">{text(WALLET_BALANCE_NOTES[provider ?? "test"])}</p>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-3 gap-2 sm:gap-4">
            {sources.map((source) => (
              <div key={source.key} className="rounded-md bg-gray-50 p-3">
                <dt className="text-xs text-gray-500">{source.label}</dt>
                <dd className="text-lg font-semibold">{money.cents(source.cents)}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      {hasReceived && <EarningsChart />}
      {!isCreator && <Payouts isCreator={false} />}
      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage(messages.ledger)}</CardTitle>
        </CardHeader>
        <CardContent>
          {allLines.length === 0 ? (
            <EmptyState
              icon={Wallet}
              title={intl.formatMessage(messages.noEarnings)}
              description={intl.formatMessage(messages.noEarningsDescription)}
            />
          ) : (
            <ul className="divide-y" aria-label={intl.formatMessage(messages.ledgerLines)}>
              {allLines.map((line) => (
                <WalletLine key={line.id} line={line} />
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
      <SpendingOverview spending={wallet.data.spending} />
    </div>
  );
}
