import { infiniteQueryOptions } from "@tanstack/react-query";
import { fetchPageOf, type GetOperationId, type InitArgs, type OperationOf, type Page, queryKeyFor } from "./api";

export type { Page } from "./api";

/** Options shared by every infinite list: start without a cursor, continue while the server gives one. */
export const pagedListOptions = {
  initialPageParam: null as string | null,
  getNextPageParam: <T>(lastPage: Page<T>) => lastPage.nextCursor,
};

/**
 * An infinite list of a cursor-paginated GET operation (docs/PRODUCT.md "Ground rules": the body is an array, the
 * next cursor travels in X-Next-Cursor): the key derived from the operation and its parameters, pages of `items`.
 */
export function pagedOperationQuery<Op extends GetOperationId>(operationId: Op, ...init: InitArgs<OperationOf<Op>>) {
  return infiniteQueryOptions({
    queryKey: queryKeyFor(operationId, ...init),
    queryFn: ({ pageParam }) => fetchPageOf(operationId, pageParam, ...init),
    ...pagedListOptions,
  });
}
