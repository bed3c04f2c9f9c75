import { placeView, reversePlaceQuery, townQuery, townView } from "@plaza/contracts/places";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { findPlaceAt, findTownNamed } from "./places.service";

/** Place names for points (docs/PRODUCT.md "Fidelity fixes": place names, not coordinates). */
export async function placesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/places/reverse",
    {
      schema: {
        tags: ["Places"],
        operationId: "getPlacesReverse",
        summary: "Name the town a point is in (offline gazetteer; nothing is sent to a third party)",
        errors: { 404: "No town within 50 km of this point" },
        querystring: reversePlaceQuery,
        response: { 200: placeView },
      },
      config: { access: "user" },
    },
    async (request) => findPlaceAt(request.query.latitude, request.query.longitude),
  );

  app.get(
    "/api/places/town",
    {
      schema: {
        tags: ["Places"],
        operationId: "getPlacesTown",
        summary: "Where a named town is (the most populous of that name): the centre of Near you without a position",
        errors: { 404: "No town of that name" },
        querystring: townQuery,
        response: { 200: townView },
      },
      config: { access: "user" },
    },
    async (request) => findTownNamed(request.query.city, request.query.countryCode),
  );
}
