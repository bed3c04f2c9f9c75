import type { CreatePartnershipBody } from "@plaza/contracts/partnerships";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, operationQuery, queryKeyFor, queryKeyRoot } from "@/lib/api";

/** GET /api/partnerships: the signed-in user's partnerships, either side. */
export const partnershipsQueryKey = queryKeyFor("getPartnerships");
export function usePartnerships(isEnabled = true) {
  return useQuery({ ...operationQuery("getPartnerships"), enabled: isEnabled });
}

/** GET /api/users/{creatorId}/perks: a creator's live perks. */
export function useCreatorPerks(creatorId: string | undefined) {
  return useQuery({
    ...operationQuery("getUsersByUserIdPerks", { params: { path: { userId: creatorId ?? "" } } }),
    enabled: Boolean(creatorId),
  });
}

/** GET /api/businesses/{id}/partner-redemptions (owner). */
export function usePartnerRedemptions(businessId: string | undefined) {
  return useQuery({
    ...operationQuery("getBusinessesByIdPartnerRedemptions", { params: { path: { id: businessId ?? "" } } }),
    enabled: Boolean(businessId),
  });
}

/** GET /api/users/search?q= narrowed to creator profiles (the ones a business can invite). */
export function useCreatorSearch(text: string) {
  const q = text.trim();
  const query = useQuery({
    ...operationQuery("getUsersSearch", { params: { query: { q, limit: 20 } } }),
    enabled: q.length >= 2,
  });
  return { ...query, data: query.data?.filter((user) => user.profileType === "creator") };
}

function useRefreshPartnerships() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: partnershipsQueryKey });
    await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getUsersByUserId") });
    await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getBusinessesById") });
    await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getPostsById") });
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
