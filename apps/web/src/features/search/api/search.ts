import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** People and published businesses matching the text; nothing is asked for blank text. */
export function useSearch(text: string, limit = 8) {
  const q = text.trim();
  return useQuery({
    ...operationQuery("getSearch", { params: { query: { q, limit } } }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
