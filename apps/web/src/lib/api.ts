import { API_OPERATIONS, type OperationId } from "@plaza/contracts/api-operations.gen";
import type { operations, paths } from "@plaza/contracts/api-types.gen";
import { queryOptions } from "@tanstack/react-query";
import { type ApiResponse, apiFetch, isUnauthorizedError } from "./api-client";

/**
 * The typed client of the API. Every call's path, parameters, body and answer come from the OpenAPI document
 * (`@plaza/contracts/api-types.gen`, which `UPDATE_API_TYPES=1 npx vitest run apps/api/src/plugins/api-docs.int.test.ts`
 * writes): a path the API does not have, a missing parameter or a wrong body fails `npm run typecheck`, and the answer's
 * type is inferred, never written by hand. It sends through `apiFetch` (session cookie, JSON bodies, ApiError on a
 * non-2xx answer, 204 → null, the next cursor of a page).
 *
 * Query keys are derived from operation ids (`queryKeyFor`), as URL segments: the path's leading fixed part, then
 * each later segment (path parameters filled in), then the query parameters as an object, e.g.
 * `queryKeyFor("getUsersByUserIdPosts", { params: { path: { userId } } })` is `["/api/users", userId, "posts"]`.
 * A prefix of a key therefore names the calls under that path, which invalidations rely on.
 */

type Method = "get" | "post" | "put" | "patch" | "delete";

type RequiredKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];

/** The parameters an operation declares (path, query, header), without the slots it leaves empty. */
type Params<O> = O extends { parameters: infer P }
  ? { [K in keyof P as [NonNullable<P[K]>] extends [never] ? never : K]: P[K] }
  : never;

type JsonBody<O> = O extends { requestBody?: infer R }
  ? NonNullable<R> extends { content: { "application/json": infer B } }
    ? B
    : never
  : never;

type ParamsInit<O> = keyof Params<O> extends never
  ? { params?: never }
  : RequiredKeys<Params<O>> extends never
    ? { params?: Params<O> }
    : { params: Params<O> };

type BodyInit<O> = [JsonBody<O>] extends [never]
  ? { body?: never }
  : O extends { requestBody: unknown }
    ? { body: JsonBody<O> }
    : { body?: JsonBody<O> };

/** What a call of operation `O` takes: `params` (path, query, header) and the JSON `body`, as the document says. */
export type CallInit<O> = ParamsInit<O> & BodyInit<O>;
export type InitArgs<O> = RequiredKeys<CallInit<O>> extends never ? [init?: CallInit<O>] : [init: CallInit<O>];

type Success = 200 | 201 | 202 | 204;
type ContentOf<R> = R extends { content: { "application/json": infer J } } ? J : null;
/** The parsed body of a successful answer of operation `O` (null for 204). */
export type ResponseOf<O> = O extends { responses: infer R } ? ContentOf<R[keyof R & Success]> : never;
/** One item of a list operation's answer. */
export type ItemOf<O> = ResponseOf<O> extends readonly (infer I)[] ? I : never;

type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];
type OperationAt<P, M extends Method> = P extends keyof paths
  ? M extends keyof paths[P]
    ? paths[P][M]
    : never
  : never;

/** Operations read with GET: the ones a query (and its key) can stand for. */
export type GetOperationId = {
  [K in OperationId]: (typeof API_OPERATIONS)[K]["method"] extends "get" ? K : never;
}[OperationId];
export type OperationOf<Op extends OperationId> = operations[Op];

interface RawInit {
  params?: { path?: object; query?: object; header?: object };
  body?: unknown;
}

/** `/api/users/{userId}` with `{ userId: "a b" }` → `/api/users/a%20b`, plus the query (empty values left out). */
export function urlOf(path: string, init?: RawInit): string {
  const values = (init?.params?.path ?? {}) as Record<string, unknown>;
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${path}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(init?.params?.query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

function headersOf(init?: RawInit): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(init?.params?.header ?? {})) {
    if (value !== undefined && value !== null) headers[key] = String(value);
  }
  return headers;
}

async function send(method: Method, path: string, init?: RawInit) {
  return apiFetch(method.toUpperCase(), urlOf(path, init), init?.body, headersOf(init));
}

function caller<M extends Method>(method: M) {
  return async <P extends PathsWith<M>>(
    path: P,
    ...init: InitArgs<OperationAt<P, M>>
  ): Promise<ResponseOf<OperationAt<P, M>>> =>
    (await send(method, path, init[0] as RawInit)).data as ResponseOf<OperationAt<P, M>>;
}

/** `api.post("/api/follows", { body: { followingId } })`: the parsed answer, typed from the document. */
export const api = {
  get: caller("get"),
  post: caller("post"),
  put: caller("put"),
  patch: caller("patch"),
  delete: caller("delete"),
};

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * One page of a cursor-paginated list (docs/PRODUCT.md "Ground rules": the body is an array, the next cursor travels
 * in X-Next-Cursor), by operation: `cursor` is added to the operation's query.
 */
export async function fetchPageOf<Op extends GetOperationId>(
  operationId: Op,
  cursor: string | null,
  ...init: InitArgs<operations[Op]>
): Promise<Page<ItemOf<operations[Op]>>> {
  const { data, nextCursor } = await fetchListOf(operationId, cursor, ...init);
  return { items: data, nextCursor };
}

/** The same page as `{ data, nextCursor }` (the shape lists kept in the cache as `ApiResponse` pages use). */
export async function fetchListOf<Op extends GetOperationId>(
  operationId: Op,
  cursor: string | null,
  ...init: InitArgs<operations[Op]>
): Promise<ApiResponse<ItemOf<operations[Op]>[]>> {
  const raw = (init[0] ?? {}) as RawInit;
  const params = { ...raw.params, query: { ...raw.params?.query, cursor: cursor ?? undefined } };
  const { data, nextCursor } = await send("get", API_OPERATIONS[operationId].path, { ...raw, params });
  return { data: data as ItemOf<operations[Op]>[], nextCursor };
}

/** A GET operation's answer with the next cursor of its page (a list inside an object, as search answers). */
export async function fetchOperationPage<Op extends GetOperationId>(
  operationId: Op,
  cursor: string | null,
  ...init: InitArgs<operations[Op]>
): Promise<ApiResponse<ResponseOf<operations[Op]>>> {
  const raw = (init[0] ?? {}) as RawInit;
  const params = { ...raw.params, query: { ...raw.params?.query, cursor: cursor ?? undefined } };
  const { data, nextCursor } = await send("get", API_OPERATIONS[operationId].path, { ...raw, params });
  return { data: data as ResponseOf<operations[Op]>, nextCursor };
}

/** Calls a GET operation by its id: what a query's `queryFn` does. */
export async function fetchOperation<Op extends GetOperationId>(
  operationId: Op,
  ...init: InitArgs<operations[Op]>
): Promise<ResponseOf<operations[Op]>> {
  return (await send("get", API_OPERATIONS[operationId].path, init[0] as RawInit)).data as ResponseOf<operations[Op]>;
}

export type QueryKeyPart = string | number | Record<string, string | number | boolean | null | undefined>;

/**
 * The cache key of a GET operation: URL segments (the path's fixed lead, then each later segment with its parameter
 * filled in), then the query parameters as an object when the call has some.
 */
export function queryKeyFor<Op extends GetOperationId>(
  operationId: Op,
  ...init: InitArgs<operations[Op]>
): QueryKeyPart[] {
  const raw = init[0] as RawInit | undefined;
  const values = (raw?.params?.path ?? {}) as Record<string, string | number>;
  const segments = API_OPERATIONS[operationId].path.split("/").filter(Boolean);
  const firstParameter = segments.findIndex((segment) => segment.startsWith("{"));
  const lead = firstParameter === -1 ? segments : segments.slice(0, firstParameter);
  const rest = firstParameter === -1 ? [] : segments.slice(firstParameter);
  const key: QueryKeyPart[] = [`/${lead.join("/")}`];
  for (const segment of rest) {
    const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
    key.push(parameter === undefined ? segment : (values[parameter] ?? ""));
  }
  const query = raw?.params?.query as Record<string, string | number | boolean | null | undefined> | undefined;
  if (query !== undefined) key.push(query);
  return key;
}

/** The first part of an operation's keys (its path's fixed lead): a prefix naming all of its keys. */
export function queryKeyRoot(operationId: GetOperationId): [string] {
  const segments = API_OPERATIONS[operationId].path.split("/").filter(Boolean);
  const firstParameter = segments.findIndex((segment) => segment.startsWith("{"));
  return [`/${(firstParameter === -1 ? segments : segments.slice(0, firstParameter)).join("/")}`];
}

/** The JSON body operation `Op` takes, as the document describes it. */
export type RequestBodyOf<Op extends OperationId> = JsonBody<operations[Op]>;

/** Query options of a GET operation: its derived key and a typed `queryFn`. */
export function operationQuery<Op extends GetOperationId>(operationId: Op, ...init: InitArgs<operations[Op]>) {
  return queryOptions({
    queryKey: queryKeyFor(operationId, ...init),
    queryFn: () => fetchOperation(operationId, ...init),
  });
}

/** Like `operationQuery`, but 401 means "no data" (null) instead of a failure: the signed-out case. */
export function optionalOperationQuery<Op extends GetOperationId>(operationId: Op, ...init: InitArgs<operations[Op]>) {
  return queryOptions({
    queryKey: queryKeyFor(operationId, ...init),
    queryFn: async (): Promise<ResponseOf<operations[Op]> | null> => {
      try {
        return await fetchOperation(operationId, ...init);
      } catch (error) {
        if (isUnauthorizedError(error)) return null;
        throw error;
      }
    },
  });
}
