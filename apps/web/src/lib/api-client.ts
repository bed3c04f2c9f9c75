import { NEXT_CURSOR_HEADER } from "@plaza/contracts/constants";
import type { ErrorBody } from "@plaza/contracts/errors";

/**
 * An unsuccessful API answer. `message` follows docs/PRODUCT.md §8 ("status: body text"); `serverMessage` is the
 * server's own sentence, which toasts show.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ErrorBody | null,
  ) {
    super(message);
    this.name = "ApiError";
  }
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
}

/** What to tell the user about a failed call: the server's own message when it sent one, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: ErrorBody | null = null;
  try {
    body = JSON.parse(text) as ErrorBody;
  } catch {
    body = null;
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body);
}

export interface ApiResponse<T> {
  data: T;
  nextCursor: string | null;
}

/**
 * Sends a request with the session cookie; bodies are JSON. Throws ApiError on a non-2xx answer; a 204 answers null.
 * Untyped: features call the API through the typed client (`lib/api.ts`), which sends through this.
 */
export async function apiFetch(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse<unknown>> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  const data: unknown = response.status === 204 ? null : await response.json();
  return { data, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}
