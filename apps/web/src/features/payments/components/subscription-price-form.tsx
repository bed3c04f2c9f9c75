import { subscriptionPriceBody } from "@plaza/contracts/payments";
import { PAYMENT_MESSAGES, SUBSCRIPTION_PRICE_CENTS } from "@plaza/contracts/payments.texts";
import { defineMessages, useIntl } from "react-intl";
import { z } from "zod";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useText } from "@/i18n/texts";
import { useSubscriptionStatus } from "../api/get-subscription-status";
import { useSetSubscriptionPrice } from "../api/set-subscription-price";
import { useMoney } from "../hooks/use-money";
import { PriceFeeNote } from "./price-fee-note";

const messages = defineMessages({
  title: { id: "payments.subscriptionPrice.title", defaultMessage: "Creator subscription" },
  description: {
    id: "payments.subscriptionPrice.description",
    defaultMessage: "What subscribers pay each month for your subscriber posts.",
  },
  formLabel: { id: "payments.subscriptionPrice.formLabel", defaultMessage: "Subscription price" },
  priceLabel: { id: "payments.subscriptionPrice.priceLabel", defaultMessage: "Monthly price (USD)" },
  saving: { id: "payments.subscriptionPrice.saving", defaultMessage: "Saving..." },
  save: { id: "payments.subscriptionPrice.save", defaultMessage: "Save price" },
});

const phrases = defineMessages<{ perMonth: { price: string } }>({
  perMonth: { id: "payments.subscriptionPrice.perMonth", defaultMessage: "{price}/mo" },
});

/** The typed dollars, checked and turned into the contract's body. */
const priceForm = z.object({
  price: z
    .string()
    .trim()
    .transform((text) => (text === "" ? Number.NaN : Number(text)))
    .pipe(subscriptionPriceBody.shape.price),
});

/** Creator setting: the monthly subscription price ($1–$500), read from the creator's own subscription status. */
export function SubscriptionPriceForm({ creatorId }: { creatorId: string }) {
  const intl = useIntl();
  const text = useText();
  const money = useMoney();
  const status = useSubscriptionStatus(creatorId);
  const save = useSetSubscriptionPrice();
  const currentCents = status.data?.priceCents;
  // `values` follows the saved price once it loads (and after a save refetches it).
  const form = useZodForm(priceForm, {
    defaultValues: { price: "" },
    values: currentCents === undefined ? undefined : { price: (currentCents / 100).toFixed(2) },
  });

  const submit = (body: z.output<typeof priceForm>) =>
    save.mutate(body, {
      onSuccess: (result) => {
        toast({
          title: text(PAYMENT_MESSAGES.priceSaved),
          description: intl.formatMessage(phrases.perMonth, { price: money.cents(result.subscriptionPriceCents) }),
        });
        void status.refetch();
      },
      onError: (error) => applyServerError(form, error, PAYMENT_MESSAGES.subscriptionPriceRange),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
        <PriceFeeNote className="text-sm" />
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={submit}
          pending={save.isPending}
          className="flex flex-wrap items-start gap-3"
          aria-label={intl.formatMessage(messages.formLabel)}
        >
          <FormField name="price" label={intl.formatMessage(messages.priceLabel)}>
            {(field) => (
              <Input
                type="number"
                inputMode="decimal"
                step="0.01"
                min={SUBSCRIPTION_PRICE_CENTS.min / 100}
                max={SUBSCRIPTION_PRICE_CENTS.max / 100}
                className="w-40"
                {...field}
              />
            )}
          </FormField>
          <FormSubmit className="mt-5" disabled={status.isLoading} pendingLabel={intl.formatMessage(messages.saving)}>
            {intl.formatMessage(messages.save)}
          </FormSubmit>
          <FormMessage className="w-full" />
        </Form>
      </CardContent>
    </Card>
  );
}
