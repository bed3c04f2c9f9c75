import type { AppConfigView } from "@plaza/contracts/map";
import type { PaymentView, SpendingLineView, SubscriptionStatusView, WalletLineView } from "@plaza/contracts/payments";
import { NO_PLATFORM_FEE_TEXT, PROCESSOR_FEE_TEXT } from "@plaza/contracts/payments.texts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { catalog as spanish } from "@/i18n/catalogs/es";
import { withIntl } from "@/i18n/with-intl";
import { queryKeyFor } from "@/lib/api";
import { paymentQueryKey } from "../api/get-payment";
import { subscriptionStatusQueryKey } from "../api/get-subscription-status";
import { LockedPostOverlay } from "./locked-post-overlay";
import { PayPage } from "./pay-page";
import { SpendingLine } from "./spending-overview";
import { SubscribeButton } from "./subscribe-button";
import { SubscriptionPriceForm } from "./subscription-price-form";
import { WalletLine } from "./wallet-overview";

const CREATOR_ID = "00000000-0000-4000-8000-000000000001";
const PAYER_ID = "00000000-0000-4000-8000-000000000002";
const PAYMENT_ID = "00000000-0000-4000-8000-0000000000aa";
const POST_ID = "00000000-0000-4000-8000-0000000000bb";

type Provider = AppConfigView["payments"]["provider"];

/** Renders as the server would, with the answers the page would have read (GET /api/config and the rest). */
function render(node: ReactNode, provider: Provider | null = "stripe", locale: "en" | "es" = "en"): string {
  const client = new QueryClient();
  if (provider) {
    const config: AppConfigView = {
      map: { tileUrl: "http://127.0.0.1:9/{z}/{x}/{y}.png", attribution: "" },
      payments: { provider, stripePublishableKey: provider === "stripe" ? "pk_test_x" : null },
    };
    client.setQueryData(queryKeyFor("getConfig"), config);
  }
  const status: SubscriptionStatusView = {
    creatorId: CREATOR_ID,
    priceCents: 999,
    isSubscribed: false,
    subscription: null,
  };
  client.setQueryData(subscriptionStatusQueryKey(CREATOR_ID), status);
  const payment: PaymentView = {
    paymentId: PAYMENT_ID,
    kind: "subscription",
    status: "succeeded",
    amountCents: 999,
    payeeId: CREATOR_ID,
    postId: null,
    clientSecret: null,
    stripeAccount: "acct_1",
  };
  client.setQueryData(paymentQueryKey(PAYMENT_ID), payment);
  return renderToStaticMarkup(
    <Router ssrPath="/">
      <QueryClientProvider client={client}>
        {locale === "es" ? withIntl(node, "es", spanish) : withIntl(node)}
      </QueryClientProvider>
    </Router>,
  );
}

/** The visible text of rendered markup. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

const ppvPost = { id: POST_ID, authorId: CREATOR_ID, authorName: "Ada", postType: "ppv" as const, price: 4.99 };

/** Every place a price is shown to a payer or set by a creator (the composer's is in the posts feature). */
const PRICED = {
  "the profile's Subscribe button": <SubscribeButton creatorId={CREATOR_ID} creatorName="Ada" />,
  "a locked post's Unlock button": <LockedPostOverlay post={ppvPost} />,
  "the /pay/{id} page": <PayPage paymentId={PAYMENT_ID} payeeName="Ada" />,
  "the creator's subscription price form": <SubscriptionPriceForm creatorId={CREATOR_ID} />,
};

describe("the fee line beside every price", () => {
  for (const [where, node] of Object.entries(PRICED)) {
    it(`${where}: with Stripe, says card fees are deducted, once, and never "100%"`, () => {
      const text = textOf(render(node, "stripe"));
      expect(text.split(PROCESSOR_FEE_TEXT)).toHaveLength(2);
      expect(text).not.toContain("100%");
    });

    it(`${where}: with the test provider, says there is no platform fee and nothing of card fees`, () => {
      const text = textOf(render(node, "test"));
      expect(text).toContain(NO_PLATFORM_FEE_TEXT);
      expect(text).not.toContain("card fees");
    });
  }

  it("shows no fee line before the server said how it takes payments (never the wrong one first)", () => {
    const text = textOf(render(<LockedPostOverlay post={ppvPost} />, null));
    expect(text).not.toContain(NO_PLATFORM_FEE_TEXT);
  });
});

const walletLine = (amountCents: number): WalletLineView => ({
  id: PAYMENT_ID,
  kind: "tip",
  amountCents,
  payer: { id: PAYER_ID, username: "fan" },
  postId: null,
  message: null,
  paymentMethod: "card",
  createdAt: "2026-12-01T10:00:00.000Z",
});

const spendingLine = (amountCents: number): SpendingLineView => ({
  id: PAYMENT_ID,
  kind: "ppv_unlock",
  amountCents,
  payee: { id: CREATOR_ID, username: "ada" },
  postId: POST_ID,
  message: null,
  paymentMethod: "card",
  createdAt: "2026-12-01T10:00:00.000Z",
});

/** The amount a line shows (its data-testid's text). */
function amountOf(html: string, testId: string): string {
  const match = html.match(new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`));
  return match?.[1] ?? "";
}

describe("wallet and spending lines write each amount with one sign", () => {
  it("the wallet: a credit is +$12.00, its reversal −$12.00 (never +-$12.00)", () => {
    expect(
      amountOf(
        render(
          <ul>
            <WalletLine line={walletLine(1200)} />
          </ul>,
        ),
        "wallet-line-amount",
      ),
    ).toBe("+$12.00");
    const reversal = amountOf(
      render(
        <ul>
          <WalletLine line={walletLine(-1200)} />
        </ul>,
      ),
      "wallet-line-amount",
    );
    expect(reversal).toBe("\u2212$12.00");
    expect(reversal).not.toContain("+");
  });

  it("the wallet: a reversal's title says the money went back, not that it came from the payer", () => {
    const title = (amountCents: number) =>
      amountOf(
        render(
          <ul>
            <WalletLine line={walletLine(amountCents)} />
          </ul>,
        ),
        "wallet-line-title",
      );
    expect(title(1200)).toBe("Tip from @fan");
    expect(title(-1200)).toBe("Tip returned to @fan");
  });

  it("what one paid: a payment is −$4.25, its refund +$4.25 (never −-$4.25)", () => {
    expect(
      amountOf(
        render(
          <ul>
            <SpendingLine line={spendingLine(425)} />
          </ul>,
        ),
        "spending-line-amount",
      ),
    ).toBe("\u2212$4.25");
    expect(
      amountOf(
        render(
          <ul>
            <SpendingLine line={spendingLine(-425)} />
          </ul>,
        ),
        "spending-line-amount",
      ),
    ).toBe("+$4.25");
  });
});

describe("amounts in the reader's language (CONTRACT.md: money formatted for the locale)", () => {
  it("Spanish: a wallet credit is +12,00 US$, its reversal −12,00 US$, with Spanish titles", () => {
    const wallet = (amountCents: number) =>
      render(
        <ul>
          <WalletLine line={walletLine(amountCents)} />
        </ul>,
        "stripe",
        "es",
      );
    expect(amountOf(wallet(1200), "wallet-line-amount")).toBe("+12,00\u00a0US$");
    expect(amountOf(wallet(-1200), "wallet-line-amount")).toBe("\u221212,00\u00a0US$");
    expect(amountOf(wallet(125_000), "wallet-line-amount")).toBe("+1250,00\u00a0US$");
    expect(amountOf(wallet(1200), "wallet-line-title")).toBe("Propina de @fan");
    expect(amountOf(wallet(-1200), "wallet-line-title")).toBe("Propina devuelta a @fan");
  });

  it("Spanish: what one paid is −4,25 US$, its refund +4,25 US$", () => {
    const spent = (amountCents: number) =>
      amountOf(
        render(
          <ul>
            <SpendingLine line={spendingLine(amountCents)} />
          </ul>,
          "stripe",
          "es",
        ),
        "spending-line-amount",
      );
    expect(spent(425)).toBe("\u22124,25\u00a0US$");
    expect(spent(-425)).toBe("+4,25\u00a0US$");
  });

  it("Spanish: the Subscribe button and the Unlock button show the price as Spanish readers write it (textOf folds the no-break space)", () => {
    expect(textOf(render(<SubscribeButton creatorId={CREATOR_ID} creatorName="Ada" />, "test", "es"))).toContain(
      "Suscribirse · 9,99 US$/mes",
    );
    expect(textOf(render(<LockedPostOverlay post={ppvPost} />, "test", "es"))).toContain("Desbloquear por 4,99 US$");
  });

  it("English stays as it was: Subscribe · $9.99/mo, Unlock for $4.99", () => {
    expect(textOf(render(<SubscribeButton creatorId={CREATOR_ID} creatorName="Ada" />, "test"))).toContain(
      "Subscribe · $9.99/mo",
    );
    expect(textOf(render(<LockedPostOverlay post={ppvPost} />, "test"))).toContain("Unlock for $4.99");
  });
});
