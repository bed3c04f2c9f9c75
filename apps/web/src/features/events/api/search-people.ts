import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** GET /api/search?q=: people matching the text (to invite); nothing is asked for blank text. */
export function useSearchPeople(text: string) {
  const q = text.trim();
  return useQuery({
    ...operationQuery("getSearch", { params: { query: { q, type: "people", limit: 8 } } }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
