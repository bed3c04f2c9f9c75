// A money request's Idempotency-Key as HTTP carries it (route() reads it for `config.idempotent` routes); the keys
// are stored by modules/payments/idempotency.repository.ts, in the transaction of the money they describe.
import { createHash } from "node:crypto";
import { IDEMPOTENCY_KEY_MAX_LENGTH, PAYMENT_MESSAGES } from "@plaza/contracts/payments";
import { badRequest } from "./app-error";

/** One money request as the idempotency layer sees it: who, which key, which route, which body. */
export interface IdempotentRequest {
  userId: string;
  key: string;
  route: string;
  requestHash: string;
}

/** A stored answer: status and body, replayed as they were. */
export interface MoneyResponse<T> {
  status: number;
  body: T;
  isReplay: boolean;
}

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Reads the Idempotency-Key header. Absent → null (the call still works, without replay protection);
 * present but empty or longer than 255 characters → 400.
 */
export function readIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.trim() === "" || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw badRequest(PAYMENT_MESSAGES.idempotencyKeyInvalid, "Idempotency-Key");
  }
  return key;
}

export function describeIdempotentRequest(
  userId: string,
  key: string | null,
  route: string,
  body: unknown,
): IdempotentRequest | null {
  if (key === null) return null;
  const requestHash = createHash("sha256")
    .update(`${route}\n${canonicalJson(body)}`)
    .digest("hex");
  return { userId, key, route, requestHash };
}
