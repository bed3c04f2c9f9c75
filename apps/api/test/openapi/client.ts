import type { paths } from "@plaza/contracts/api-types.gen";
import createClient from "openapi-fetch";

/**
 * A client generated from the OpenAPI document (openapi-typescript writes `api-types.gen.ts`; openapi-fetch types
 * every call from it). The type-check proves the document describes the calls a client really makes: a renamed
 * field, a wrong method or a missing request body fails `npm run typecheck`, and api-docs.int.test.ts runs them.
 */
export function createApiClient(fetch: (request: Request) => Promise<Response>) {
  return createClient<paths>({ baseUrl: "http://plaza.test", fetch });
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** A few calls as an outside client writes them: sign up, read oneself, post, read the post, like it. */
export async function walkThrough(client: ApiClient, account: { email: string; username: string; password: string }) {
  const registered = await client.POST("/api/auth/register", {
    body: { ...account, firstName: "Ada", lastName: "Client", profileType: "personal" },
  });
  const me = await client.GET("/api/auth/user");
  const created = await client.POST("/api/posts", {
    body: { title: "From a generated client", content: "Typed from the OpenAPI document", postType: "regular" },
  });
  const postId = created.data?.id ?? "";
  const read = await client.GET("/api/posts/{id}", { params: { path: { id: postId } } });
  const liked = await client.POST("/api/likes", { body: { postId } });
  const missing = await client.GET("/api/posts/{id}", {
    params: { path: { id: "00000000-0000-4000-8000-000000000000" } },
  });
  return { registered, me, created, read, liked, missing };
}
