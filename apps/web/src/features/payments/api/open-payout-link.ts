import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Which Stripe page: onboarding (POST /api/payouts/account) or the Express dashboard (POST /api/payouts/dashboard). */
export type PayoutLinkKind = "onboarding" | "dashboard";

const PATHS: Record<PayoutLinkKind, string> = {
  onboarding: "/api/payouts/account",
  dashboard: "/api/payouts/dashboard",
};

export const createPayoutLink = (kind: PayoutLinkKind) => apiRequest<{ url: string }>("POST", PATHS[kind], {});

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
