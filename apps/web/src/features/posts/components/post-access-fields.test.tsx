import type { AppConfigView } from "@plaza/contracts/map";
import { NO_PLATFORM_FEE_TEXT, PROCESSOR_FEE_TEXT } from "@plaza/contracts/payments.texts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { FormProvider, useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { withIntl } from "@/i18n/with-intl";
import { queryKeyFor } from "@/lib/api";
import { PostAccessFields } from "./post-access-fields";
import type { AccessChoice } from "./post-location-fields";

function Fields({ access }: { access: AccessChoice }) {
  const form = useForm({ defaultValues: { access, price: "4.99" } });
  return (
    <FormProvider {...form}>
      <PostAccessFields priceId="price" />
    </FormProvider>
  );
}

function render(access: AccessChoice, provider: AppConfigView["payments"]["provider"]): string {
  const client = new QueryClient();
  const config: AppConfigView = {
    map: { tileUrl: "http://127.0.0.1:9/{z}/{x}/{y}.png", attribution: "" },
    payments: { provider, stripePublishableKey: null },
  };
  client.setQueryData(queryKeyFor("getConfig"), config);
  return renderToStaticMarkup(
    withIntl(
      <QueryClientProvider client={client}>
        <Fields access={access} />
      </QueryClientProvider>,
    ),
  );
}

describe("the composer's pay-per-view price", () => {
  it("comes with the fee line every price has: card fees with Stripe, none with the test provider", () => {
    expect(render("ppv", "stripe")).toContain(PROCESSOR_FEE_TEXT);
    expect(render("ppv", "test")).toContain(NO_PLATFORM_FEE_TEXT);
    expect(render("ppv", "test")).not.toContain("card fees");
  });

  it("says nothing of fees when the post has no price", () => {
    expect(render("subscriber", "stripe")).not.toContain(PROCESSOR_FEE_TEXT);
  });
});
