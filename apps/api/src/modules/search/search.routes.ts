import { searchQuery, searchResultsView } from "@plaza/contracts/search";
import type { FastifyInstance } from "fastify";
import { route, withNextCursor } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { search } from "./search.service";

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/search",
    {
      schema: {
        summary: "Search people, businesses (categories match by key or label), posts (full-text) and upcoming events",
        description:
          "With type, only that list is filled; post results page by cursor (type=posts). Locked posts match by title and tags only.",
        querystring: searchQuery,
        response: { 200: searchResultsView },
      },
      config: { access: "user", readsReplica: true },
    },
    async (request) => withNextCursor(await search(context, requireViewer(request), request.query)),
  );
}
