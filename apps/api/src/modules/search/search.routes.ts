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
    { schema: { querystring: searchQuery, response: { 200: searchResultsView } }, config: { access: "user" } },
    async (request, reply) => {
      const { results, nextCursor } = await search(context, requireViewer(request), request.query);
      setNextCursor(reply, nextCursor);
      return results;
    },
  );
}
