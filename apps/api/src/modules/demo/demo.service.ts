import { DEMO_TEXTS, type DemoAccountsView } from "@plaza/contracts/demo";
import type { AppContext } from "../../app-context";
import { notFound } from "../../lib/app-error";
import { demoAccounts, hasDemoTown } from "./seed-demo";

/**
 * The apps whose database holds the demo town. The town never leaves a database once there (demo:reset restarts
 * the process), so a yes is remembered.
 */
const withDemoTown = new WeakSet<AppContext>();

/** The demo accounts the sign-in page offers: only with DEMO_DATA on and the demo town in the database (404). */
export async function listDemoAccounts(context: AppContext): Promise<DemoAccountsView> {
  if (!context.env.DEMO_DATA) throw notFound(DEMO_TEXTS.notAvailable);
  if (!withDemoTown.has(context) && (await hasDemoTown(context.db))) withDemoTown.add(context);
  if (!withDemoTown.has(context)) throw notFound(DEMO_TEXTS.notAvailable);
  return demoAccounts();
}
