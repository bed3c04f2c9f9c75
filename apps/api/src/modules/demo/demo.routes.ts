import { DEMO_TEXTS, demoAccountsView } from "@plaza/contracts/demo";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { notFound } from "../../lib/app-error";
import { demoAccounts, hasDemoTown } from "./seed-demo";

/** The demo accounts the sign-in page offers: only with DEMO_DATA on and the demo town in the database. */
export async function demoRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;
  // The town never leaves a database once there (demo:reset restarts the process), so a yes is remembered.
  let isPresent = false;

  app.get(
    "/api/demo/accounts",
    {
      schema: {
        tags: ["Demo"],
        operationId: "getDemoAccounts",
        summary: "Demo accounts to try on the sign-in page",
        errors: { 404: "Demo data is off, or the demo town is not in the database" },
        response: { 200: demoAccountsView },
      },
    },
    async () => {
      if (!context.env.DEMO_DATA) throw notFound(DEMO_TEXTS.notAvailable);
      isPresent ||= await hasDemoTown(context.db);
      if (!isPresent) throw notFound(DEMO_TEXTS.notAvailable);
      return demoAccounts();
    },
  );
}
