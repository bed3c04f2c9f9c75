// Texts, constants and pure rules of demo: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./demo.ts, which re-exports all of this.

/** The kinds of demo account the sign-in page offers. */
export const DEMO_ROLES = ["superuser", "creator", "business", "regular"] as const;

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
