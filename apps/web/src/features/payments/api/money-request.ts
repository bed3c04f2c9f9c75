/** A money call: the body plus the Idempotency-Key of the user's intent. */
export interface MoneyRequest<TBody> {
  body: TBody;
  idempotencyKey: string;
}

/** The header parameters of a money call (its Idempotency-Key), for the typed client's `params.header`. */
export const moneyHeaders = (request: MoneyRequest<unknown>) => ({ "idempotency-key": request.idempotencyKey });
