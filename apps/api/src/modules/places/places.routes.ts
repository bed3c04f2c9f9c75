import { placeView, reversePlaceQuery, townQuery, townView } from "@plaza/contracts/places";
import type { FastifyInstance } from "fastify";
import { ok, route } from "../../lib/route";
import { findPlaceAt, findTownNamed } from "./places.service";

/** Place names for points (docs/PRODUCT.md "Fidelity fixes": place names, not coordinates). */
export async function placesRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    "GET",
    "/api/places/reverse",
    {
      schema: {
        summary: "Name the town a point is in (offline gazetteer; nothing is sent to a third party)",
        errors: { 404: "No town within 50 km of this point" },
        querystring: reversePlaceQuery,
        response: { 200: placeView },
      },
      config: { access: "user" },
    },
    async (request) => ok(await findPlaceAt(request.query.latitude, request.query.longitude)),
  );

  route(
    app,
    "GET",
    "/api/places/town",
    {
      schema: {
        summary: "Where a named town is (the most populous of that name): the centre of Near you without a position",
        errors: { 404: "No town of that name" },
        querystring: townQuery,
        response: { 200: townView },
      },
      config: { access: "user" },
    },
    async (request) => ok(await findTownNamed(request.query.city, request.query.countryCode)),
  );
}
