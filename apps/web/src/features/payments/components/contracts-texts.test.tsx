import { spanishTexts } from "@plaza/contracts/i18n/texts-es";
import type { AppConfigView } from "@plaza/contracts/map";
import type { PaymentView } from "@plaza/contracts/payments";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { catalog as spanishMessages } from "@/i18n/catalogs/es";
import { withIntl } from "@/i18n/with-intl";
import { queryKeyFor } from "@/lib/api";
import { paymentQueryKey } from "../api/get-payment";
import { PayPage } from "./pay-page";

const PAYMENT_ID = "00000000-0000-4000-8000-0000000000aa";

/** /pay/{id} of a paid $9.99 subscription to Ada, with Stripe, as the server renders it. */
function renderPayPage(locale: "en" | "es"): string {
  const client = new QueryClient();
  const config: AppConfigView = {
    map: { tileUrl: "http://127.0.0.1:9/{z}/{x}/{y}.png", attribution: "" },
    payments: { provider: "stripe", stripePublishableKey: "pk_test_x" },
  };
  client.setQueryData(queryKeyFor("getConfig"), config);
  const payment: PaymentView = {
    paymentId: PAYMENT_ID,
    kind: "subscription",
    status: "succeeded",
    amountCents: 999,
    payeeId: "00000000-0000-4000-8000-000000000001",
    postId: null,
    clientSecret: null,
    stripeAccount: "acct_1",
  };
  client.setQueryData(paymentQueryKey(PAYMENT_ID), payment);
  const node: ReactNode = <PayPage paymentId={PAYMENT_ID} payeeName="Ada" />;
  const html = renderToStaticMarkup(
    <Router ssrPath="/">
      <QueryClientProvider client={client}>
        {locale === "es" ? withIntl(node, "es", spanishMessages, spanishTexts) : withIntl(node)}
      </QueryClientProvider>
    </Router>,
  );
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

describe("the contracts' payment texts in the page's language", () => {
  it("Spanish: /pay/{id} shows its title, description, state and fee line in Spanish (the payee's name kept)", () => {
    const text = renderPayPage("es");
    expect(text).toContain("Completa tu pago");
    expect(text).toContain("Tu suscripción mensual de $9.99 a Ada necesita que confirmes el pago.");
    expect(text).toContain("Este pago está completo. ¡Gracias!");
    expect(text).toContain("Sin comisión de la plataforma; se descuentan las comisiones de la tarjeta");
    expect(text).not.toContain("Complete your payment");
  });

  it("English stays exactly as the contracts write it", () => {
    const text = renderPayPage("en");
    expect(text).toContain("Complete your payment");
    expect(text).toContain("Your $9.99 monthly subscription to Ada needs you to confirm the payment.");
    expect(text).toContain("This payment is complete. Thank you!");
    expect(text).toContain("No platform fee; card fees are deducted");
  });
});
