import { queryOptions, useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/**
 * GET /api/payouts/readiness/{userId}: whether money can reach this person now. Only asked with a processor
 * (Stripe), where a person takes payments once their connected account is active; fresh each time a dialog opens.
 */
export const payeeReadinessQuery = (userId: string) =>
  queryOptions({ ...operationQuery("getPayoutsReadinessByUserId", { params: { path: { userId } } }), staleTime: 0 });

/** `message` says why this person can't be paid yet (null while unknown, or when they can). */
export function usePayeeReadiness(userId: string, isEnabled: boolean): { isReady: boolean; message: string | null } {
  const readiness = useQuery({ ...payeeReadinessQuery(userId), enabled: isEnabled });
  if (!isEnabled) return { isReady: true, message: null };
  if (!readiness.data) return { isReady: false, message: null };
  return { isReady: readiness.data.canReceive, message: readiness.data.message };
}
