import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** Which Stripe page: onboarding (POST /api/payouts/account) or the Express dashboard (POST /api/payouts/dashboard). */
export type PayoutLinkKind = "onboarding" | "dashboard";

export const createPayoutLink = (kind: PayoutLinkKind) =>
  kind === "onboarding"
    ? api.post("/api/payouts/account", { body: {} })
    : api.post("/api/payouts/dashboard", { body: {} });

/**
 * Asks the server for a fresh one-time Stripe link and goes there in this tab (Stripe's links expire within
 * minutes, so they are never fetched ahead of the click).
 */
export function useOpenPayoutLink() {
  return useMutation({
    mutationFn: createPayoutLink,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
