import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** GET /api/agreements/privacy-policy: the privacy policy in force (public). */
export const privacyPolicyQuery = () => operationQuery("getAgreementsPrivacyPolicy");

export function usePrivacyPolicy() {
  return useQuery(privacyPolicyQuery());
}
