import {
  formatCents,
  PAYMENT_MESSAGES,
  SUBSCRIPTION_PRICE_CENTS,
  subscriptionPriceBody,
} from "@plaza/contracts/payments";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { ApiError, isUnauthorizedError } from "@/lib/api-client";
import { useSubscriptionStatus } from "../api/get-subscription-status";
import { useSetSubscriptionPrice } from "../api/set-subscription-price";

/** Creator setting: the monthly subscription price ($1–$500), read from the creator's own subscription status. */
export function SubscriptionPriceForm({ creatorId }: { creatorId: string }) {
  const fieldId = useId();
  const status = useSubscriptionStatus(creatorId);
  const save = useSetSubscriptionPrice();
  const [priceText, setPriceText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const currentCents = status.data?.priceCents;
  useEffect(() => {
    if (currentCents !== undefined) setPriceText((currentCents / 100).toFixed(2));
  }, [currentCents]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = subscriptionPriceBody.safeParse({ price: priceText.trim() === "" ? Number.NaN : Number(priceText) });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? PAYMENT_MESSAGES.subscriptionPriceRange);
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, {
      onSuccess: (result) => {
        toast({ title: PAYMENT_MESSAGES.priceSaved, description: `${formatCents(result.subscriptionPriceCents)}/mo` });
        void status.refetch();
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        setProblem(error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message);
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Creator subscription</CardTitle>
        <CardDescription>
          What subscribers pay each month for your subscriber posts. You keep 100% — no platform fee.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3" aria-label="Subscription price">
          <div className="space-y-1.5">
            <Label htmlFor={fieldId}>Monthly price (USD)</Label>
            <Input
              id={fieldId}
              type="number"
              inputMode="decimal"
              step="0.01"
              min={SUBSCRIPTION_PRICE_CENTS.min / 100}
              max={SUBSCRIPTION_PRICE_CENTS.max / 100}
              value={priceText}
              onChange={(event) => setPriceText(event.target.value)}
              className="w-40"
            />
          </div>
          <Button type="submit" disabled={save.isPending || status.isLoading}>
            {save.isPending ? "Saving..." : "Save price"}
          </Button>
        </form>
        {problem && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {problem}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
