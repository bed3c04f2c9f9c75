import { placeView, reversePlaceQuery } from "@plaza/contracts/places";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { findPlaceAt } from "./places.service";

/** Place names for points (CONTRACT "Second round": place names, not coordinates). */
export async function placesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/places/reverse",
    { schema: { querystring: reversePlaceQuery, response: { 200: placeView } }, config: { access: "user" } },
    async (request) => findPlaceAt(request.query.latitude, request.query.longitude),
  );
}
