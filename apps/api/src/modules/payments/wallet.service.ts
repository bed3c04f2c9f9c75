import type { PageQuery } from "@plaza/contracts/pagination";
import type { SpendingLineView, WalletLineView, WalletView } from "@plaza/contracts/payments";
import { EARNINGS_MONTHS, type EarningsByMonthView } from "@plaza/contracts/payouts";
import type { AppContext } from "../../app-context";
import type { UserRow } from "../../db/schema/users";
import { decodeCursor, mapPage, type Page } from "../../lib/cursor";
import { listSpendingLines, listWalletLines, sumEarningsByMonth, sumSpending, sumWallet } from "./ledger.repository";
import { presentSpendingLine, presentWalletLine } from "./payments.presenter";

/** The wallet: balance, earnings and spending, derived from the ledger. */

/** GET /api/wallet: balance and earnings by source, derived from the ledger, with the latest lines. */
export async function getWallet(context: AppContext, user: UserRow, recentCount: number): Promise<WalletView> {
  const [totals, spent, lines] = await Promise.all([
    sumWallet(context.db, user.id),
    sumSpending(context.db, user.id),
    listWalletLines(context.db, user.id, { limit: recentCount, cursor: null }),
  ]);
  return {
    balanceCents: totals.balanceCents,
    currency: "USD",
    earnings: {
      tipsCents: totals.byKind.tip,
      ppvCents: totals.byKind.ppv_unlock,
      subscriptionsCents: totals.byKind.subscription,
    },
    spending: {
      tipsCents: spent.tip,
      ppvCents: spent.ppv_unlock,
      subscriptionsCents: spent.subscription,
      totalCents: spent.tip + spent.ppv_unlock + spent.subscription,
    },
    recentLines: lines.items.map(presentWalletLine),
  };
}

/** GET /api/wallet/earnings-by-month: the last EARNINGS_MONTHS months of the wallet, net of card fees and refunds. */
export async function getEarningsByMonth(context: AppContext, user: UserRow): Promise<EarningsByMonthView> {
  const months = await sumEarningsByMonth(context.db, user.id, context.clock.now(), EARNINGS_MONTHS);
  return { currency: "USD", months };
}

/** GET /api/wallet/lines: the user's ledger lines, newest first. */
export async function listWallet(context: AppContext, user: UserRow, query: PageQuery): Promise<Page<WalletLineView>> {
  const page = await listWalletLines(context.db, user.id, { limit: query.limit, cursor: decodeCursor(query.cursor) });
  return mapPage(page, presentWalletLine);
}

/** GET /api/wallet/spending: the user's own payments, newest first. */
export async function listSpending(
  context: AppContext,
  user: UserRow,
  query: PageQuery,
): Promise<Page<SpendingLineView>> {
  const page = await listSpendingLines(context.db, user.id, { limit: query.limit, cursor: decodeCursor(query.cursor) });
  return mapPage(page, presentSpendingLine);
}
