import { createContext, useContext } from "react";

/**
 * The HTTP status of a page the server renders (src/entry-server.tsx): 200 unless a view of the page says its
 * subject does not exist (404) or may not be seen (403). Given only to the server's render; in the browser there is
 * none and saying so does nothing.
 */
export interface PageStatus {
  status: number;
}

export const PageStatusContext = createContext<PageStatus | null>(null);

/**
 * The status a page's failed query gives the page, when the failure is an answer about the page's subject rather
 * than a failure that may pass: 404 when the API said it does not exist (404, or 400 for an id that cannot name
 * anything, `/posts/not-an-id`), 403 when it exists but this visitor may not see it (a private account's post).
 */
export function pageFailureStatus(error: unknown): 403 | 404 | null {
  const status = typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status === 404 || status === 400) return 404;
  if (status === 403) return 403;
  return null;
}

/**
 * Called by a page while it renders with the error its subject's query failed with (null while it has none): a
 * server-rendered page then answers that failure's status (a missing or hidden post is not a page a search
 * engine should keep, nor one a link checker should pass).
 */
export function usePageFailureStatus(error: unknown): void {
  const page = useContext(PageStatusContext);
  const status = error ? pageFailureStatus(error) : null;
  if (page && status !== null) page.status = status;
}

/** Called by the not-found screen while it renders: a server-rendered page that shows it answers 404. */
export function useNotFoundStatus(): void {
  const page = useContext(PageStatusContext);
  if (page) page.status = 404;
}
