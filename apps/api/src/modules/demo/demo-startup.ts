import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../app-context";
import { syncSuperusers } from "../auth/auth.repository";
import { demoSuperuserEmails, ensureDemoTown } from "./seed-demo";

/**
 * Start-up (docs/PRODUCT.md "Demo town only when asked"): creates the demo town when DEMO_DATA decided so, logs the
 * decision and its reason, and syncs the superusers (the demo superuser is one only while demo data is on).
 * Returns the demo superuser's address when the town is on and present.
 */
export async function prepareDemoTown(context: AppContext, log: FastifyBaseLogger): Promise<string[]> {
  const { env } = context;
  log.info({ demoData: env.DEMO_DATA, reason: env.DEMO_DATA_REASON }, `demo town ${env.DEMO_DATA ? "on" : "off"}`);
  if (env.DEMO_DATA) {
    const demo = await ensureDemoTown(context);
    if (demo.state === "seeded") log.info({ demoTown: demo.summary }, "demo town created");
    if (demo.state === "seeded" && env.PAYMENT_PROVIDER !== "test") {
      log.info(
        `demo town: its past payments were recorded through the built-in test provider; with PAYMENT_PROVIDER=${env.PAYMENT_PROVIDER} its creators take new payments once they connect an account (Wallet → Payouts)`,
      );
    }
    if (demo.state === "not-empty") log.info("DEMO_DATA: the database already has accounts, no demo town added");
  }
  const demoSuperusers = env.DEMO_DATA ? await demoSuperuserEmails(context.db) : [];
  await syncSuperusers(context.db, [...env.SUPERUSER_EMAILS, ...demoSuperusers]);
  return demoSuperusers;
}
