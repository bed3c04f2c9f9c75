import { MutationCache, QueryClient } from "@tanstack/react-query";
import { createElement } from "react";
import { defineMessages, FormattedMessage } from "react-intl";
import { toast } from "@/components/ui/use-toast";
import { isUnauthorizedError } from "./api-client";
import { goToLoginSoon } from "./navigation";

const messages = defineMessages({
  unauthorizedTitle: { id: "shell.session.unauthorized-title", defaultMessage: "Unauthorized" },
  unauthorizedText: {
    id: "shell.session.unauthorized-text",
    defaultMessage: "You are logged out. Logging in again...",
  },
});

/** An action answered 401: the session is gone (docs/PRODUCT.md §8). */
export function handleUnauthorizedAction(): void {
  // Raised outside React: the toaster renders the messages in the page's language.
  toast({
    title: createElement(FormattedMessage, {
      id: messages.unauthorizedTitle.id,
      defaultMessage: messages.unauthorizedTitle.defaultMessage,
    }),
    description: createElement(FormattedMessage, {
      id: messages.unauthorizedText.id,
      defaultMessage: messages.unauthorizedText.defaultMessage,
    }),
    variant: "destructive",
  });
  goToLoginSoon();
}

/**
 * The client's defaults: no retries, no refetch on focus, data never stale; every action that answers 401 leads to
 * sign-in. Features add their own failure toasts. There is no default queryFn: every query names its operation
 * (`operationQuery` and friends in lib/api.ts), which gives its key, its typed call and its data type.
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
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
