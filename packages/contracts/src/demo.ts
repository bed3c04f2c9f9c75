import { z } from "zod";

/** The kinds of demo account the sign-in page offers. */
export const DEMO_ROLES = ["superuser", "creator", "business", "regular"] as const;

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

/** Texts of the demo panel on the sign-in page. */
export const DEMO_TEXTS = {
  title: "Try the demo town",
  description: (town: string) => `${town} is filled with demo people, businesses and posts. Pick an account:`,
  password: "Password for every demo account:",
  /** The button reads "Sign in"; screen readers hear "Sign in as <name>". */
  signIn: "Sign in",
  asName: (name: string) => ` as ${name}`,
  roles: {
    superuser: "Superuser",
    creator: "Creator",
    business: "Business owner",
    regular: "Regular",
  },
  notAvailable: "Demo data is not enabled on this server",
} as const;

/**
 * The demo town's accounts live on this reserved domain (RFC 2606). They are public by design: the console prints
 * them and the sign-in page lists them, so log checks do not count them as leaked emails.
 */
export const DEMO_EMAIL_DOMAIN = "demo.plaza.example";
