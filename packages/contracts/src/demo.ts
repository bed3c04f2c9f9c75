import { z } from "zod";
import { DEMO_ROLES } from "./demo.texts";

export * from "./demo.texts";

export const demoAccountView = z.object({
  email: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.enum(DEMO_ROLES),
  /** What this account shows off, one line. */
  description: z.string(),
});
export type DemoAccountView = z.infer<typeof demoAccountView>;

/** GET /api/demo/accounts: 404 unless the server runs with demo data and holds the demo town. */
export const demoAccountsView = z.object({
  town: z.string(),
  password: z.string(),
  accounts: z.array(demoAccountView),
});
export type DemoAccountsView = z.infer<typeof demoAccountsView>;
