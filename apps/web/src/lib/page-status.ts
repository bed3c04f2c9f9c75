import { createContext, useContext } from "react";

/**
 * The HTTP status of a page the server renders (src/entry-server.tsx): 200 unless a view of the page says its
 * subject does not exist. Given only to the server's render; in the browser there is none and saying so does nothing.
 */
export interface PageStatus {
  status: number;
}

export const PageStatusContext = createContext<PageStatus | null>(null);

/**
 * The error a page's query failed with says its subject does not exist: the API answered 404, or 400 for an id
 * that cannot name anything (`/posts/not-an-id`).
 */
export function isNotFoundError(error: unknown): boolean {
  const status = typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 404 || status === 400;
}

/**
 * Called by a page's not-found view while it renders: a server-rendered page then answers 404 (a missing profile,
 * business or post is not a page a search engine should keep, nor one a link checker should pass).
 */
export function useNotFoundStatus(isNotFound: boolean): void {
  const page = useContext(PageStatusContext);
  if (page && isNotFound) page.status = 404;
}
