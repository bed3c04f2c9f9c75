import { demoAccountsView } from "@plaza/contracts/demo";
import type { FastifyInstance } from "fastify";
import { ok, route } from "../../lib/route";
import { listDemoAccounts } from "./demo.service";

/** The demo accounts the sign-in page offers: only with DEMO_DATA on and the demo town in the database. */
export async function demoRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/demo/accounts",
    {
      schema: {
        summary: "Demo accounts to try on the sign-in page",
        errors: { 404: "Demo data is off, or the demo town is not in the database" },
        response: { 200: demoAccountsView },
      },
    },
    async () => ok(await listDemoAccounts(context)),
  );
}
