import { apiFetch } from "@/lib/api-client";

/** A money call: the body plus the Idempotency-Key of the user's intent. */
export interface MoneyRequest<TBody> {
  body: TBody;
  idempotencyKey: string;
}

export async function sendMoneyRequest<TResult, TBody>(url: string, request: MoneyRequest<TBody>): Promise<TResult> {
  const response = await apiFetch<TResult>("POST", url, request.body, { "Idempotency-Key": request.idempotencyKey });
  return response.data;
}
