import { searchQuery, searchResultsView } from "@plaza/contracts/search";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { setNextCursor } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import { search } from "./search.service";

export async function searchRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.get(
    "/api/search",
    {
      schema: {
        tags: ["Search"],
        operationId: "getSearch",
        summary: "Search people, businesses (categories match by key or label) and posts (full-text)",
        description:
          "With type, only that list is filled; post results page by cursor (type=posts). Locked posts match by title and tags only.",
        querystring: searchQuery,
        response: { 200: searchResultsView },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      const { results, nextCursor } = await search(context, requireViewer(request), request.query);
      setNextCursor(reply, nextCursor);
      return results;
    },
  );
}
