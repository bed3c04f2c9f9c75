import type {
  CreatePartnershipBody,
  PartnerRedemptionsView,
  PartnershipView,
  PerkView,
} from "@plaza/contracts/partnerships";
import type { UserSummaryView } from "@plaza/contracts/users";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** GET /api/partnerships: the signed-in user's partnerships, either side. */
export const partnershipsQueryKey = ["/api/partnerships"] as const;
export function usePartnerships(isEnabled = true) {
  return useQuery<PartnershipView[]>({ queryKey: partnershipsQueryKey, enabled: isEnabled });
}

/** GET /api/users/{creatorId}/perks: a creator's live perks. */
export function useCreatorPerks(creatorId: string | undefined) {
  return useQuery<PerkView[]>({ queryKey: ["/api/users", creatorId ?? "", "perks"], enabled: Boolean(creatorId) });
}

/** GET /api/businesses/{id}/partner-redemptions (owner). */
export function usePartnerRedemptions(businessId: string | undefined) {
  return useQuery<PartnerRedemptionsView>({
    queryKey: ["/api/businesses", businessId ?? "", "partner-redemptions"],
    enabled: Boolean(businessId),
  });
}

/** GET /api/users/search?q= narrowed to creator profiles (the ones a business can invite). */
export function useCreatorSearch(text: string) {
  const q = text.trim();
  const query = useQuery<UserSummaryView[]>({
    queryKey: ["/api/users/search", { q, limit: 20 }],
    enabled: q.length >= 2,
  });
  return { ...query, data: query.data?.filter((user) => user.profileType === "creator") };
}

function useRefreshPartnerships() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: partnershipsQueryKey });
    await queryClient.invalidateQueries({ queryKey: ["/api/users"] });
    await queryClient.invalidateQueries({ queryKey: ["/api/businesses"] });
    await queryClient.invalidateQueries({ queryKey: ["/api/posts"] });
  };
}

export function useInvitePartner() {
  const refresh = useRefreshPartnerships();
  return useMutation({
    mutationFn: (body: CreatePartnershipBody) => api.post("/api/partnerships", { body }),
    onSuccess: refresh,
  });
}

export function useAnswerPartnership() {
  const refresh = useRefreshPartnerships();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: "accept" | "decline" }) =>
      api.post(answer === "accept" ? "/api/partnerships/{id}/accept" : "/api/partnerships/{id}/decline", {
        params: { path: { id } },
      }),
    onSuccess: refresh,
  });
}

export function useEndPartnership() {
  const refresh = useRefreshPartnerships();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/partnerships/{id}", { params: { path: { id } } }),
    onSuccess: refresh,
  });
}
