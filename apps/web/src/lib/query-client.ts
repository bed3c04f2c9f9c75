import { MutationCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { apiFetch, isUnauthorizedError, urlFromQueryKey } from "./api-client";
import { goToLoginSoon } from "./navigation";

type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * GET to the path formed by the query key; 401 either throws (default) or means "no data". The default for a query
 * that names only its key: keys come from `queryKeyFor` (lib/api.ts), so the URL is the operation's; the data's type
 * is the one the query states (`useQuery<T>`). Typed queries (`operationQuery`) bring their own queryFn.
 */
function getQueryFn({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<unknown> {
  return async ({ queryKey }) => {
    try {
      return (await apiFetch("GET", urlFromQueryKey(queryKey))).data;
    } catch (error) {
      if (on401 === "returnNull" && isUnauthorizedError(error)) return null;
      throw error;
    }
  };
}

/** An action answered 401: the session is gone (docs/PRODUCT.md §8). */
export function handleUnauthorizedAction(): void {
  toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
  goToLoginSoon();
}

/**
 * The client's defaults: no retries, no refetch on focus, data never stale; every action that answers 401 leads to
 * sign-in. Features add their own failure toasts.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        // Sign-in answers 401 for a wrong password: that is a form error, not an ended session.
        if (mutation.meta?.isSignIn) return;
        if (isUnauthorizedError(error)) handleUnauthorizedAction();
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
