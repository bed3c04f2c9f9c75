import { randomUUID } from "node:crypto";
import { SESSION_COOKIE } from "./accounts";

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/**
 * One API call as a browser would make it: the session cookie (or none), the same Origin (cross-site writes are
 * refused) and a fresh Idempotency-Key (money calls need one; other routes ignore it).
 */
export async function callApi<T = Record<string, unknown>>(
  baseUrl: string,
  sessionCookie: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { origin: baseUrl, "idempotency-key": randomUUID() };
  if (sessionCookie) headers.cookie = `${SESSION_COOKIE}=${sessionCookie}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === "" ? null : JSON.parse(text);
  } catch {
    // Not JSON: keep the text, the caller's error message shows it.
  }
  return { status: response.status, body: parsed as T };
}

/** callApi that must succeed (status below 300); the error names the call and the server's answer. */
export async function expectApiOk<T = Record<string, unknown>>(
  baseUrl: string,
  sessionCookie: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await callApi<T>(baseUrl, sessionCookie, method, path, body);
  if (answer.status >= 300) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}
