import { apiFetch, urlFromQueryKey } from "./api-client";

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Fetches one page of a cursor-paginated list (docs/PRODUCT.md "Ground rules": the body is an array, the next cursor
 * travels in X-Next-Cursor). `queryKey` is the list's key: URL segments, optionally ending in query parameters.
 */
export async function fetchPage<T>(queryKey: readonly unknown[], cursor: string | null): Promise<Page<T>> {
  const last = queryKey.at(-1);
  const params = last !== null && typeof last === "object" ? (last as Record<string, unknown>) : {};
  const segments = last !== null && typeof last === "object" ? queryKey.slice(0, -1) : queryKey;
  const url = urlFromQueryKey([...segments, { ...params, cursor: cursor ?? undefined }] as readonly unknown[]);
  const { data, nextCursor } = await apiFetch<T[]>("GET", url);
  return { items: data, nextCursor };
}

/** Options shared by every infinite list: start without a cursor, continue while the server gives one. */
export const pagedListOptions = {
  initialPageParam: null as string | null,
  getNextPageParam: <T>(lastPage: Page<T>) => lastPage.nextCursor,
};
