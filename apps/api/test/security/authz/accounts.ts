import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { sessions } from "../../../src/db/schema/auth";
import { allow, type MatrixRow, NONE_ID, SELF } from "./common";

/** Matrix rows: accounts (verification, reset, security settings, two-factor). */
export const ACCOUNTS_ROWS: MatrixRow[] = [
  {
    // A token nobody was sent: refused for everyone (the token decides, not the session).
    route: "POST /api/auth/verify-email",
    resources: SELF,
    request: () => ({ url: "/api/auth/verify-email", payload: { token: `unknown-${randomUUID()}` } }),
    expect: () => "refuse",
  },
  {
    // The actors' addresses are verified: 409 (or 429), never a mail.
    route: "POST /api/auth/verify-email/resend",
    resources: SELF,
    request: () => ({ url: "/api/auth/verify-email/resend" }),
    expect: () => "refuse",
  },
  {
    // The same 202 for every address; an unknown one here, so nothing is sent.
    route: "POST /api/auth/password-reset",
    resources: SELF,
    request: () => ({ url: "/api/auth/password-reset", payload: { email: `nobody-${randomUUID()}@example.test` } }),
    expect: allow,
  },
  {
    route: "POST /api/auth/password-reset/confirm",
    resources: SELF,
    request: () => ({
      url: "/api/auth/password-reset/confirm",
      payload: { token: `unknown-${randomUUID()}`, password: "Matrix pa55word new" },
    }),
    expect: () => "refuse",
  },
  {
    // A wrong current password: 403, nothing changes.
    route: "POST /api/auth/password",
    resources: SELF,
    request: () => ({
      url: "/api/auth/password",
      payload: { currentPassword: "not the password!", newPassword: "Matrix pa55word new" },
    }),
    expect: () => "refuse",
  },
  {
    route: "POST /api/auth/email",
    resources: SELF,
    request: () => ({
      url: "/api/auth/email",
      payload: { newEmail: `new-${randomUUID()}@example.test`, currentPassword: "not the password!" },
    }),
    expect: () => "refuse",
  },
  {
    route: "POST /api/auth/email/confirm",
    resources: SELF,
    request: () => ({ url: "/api/auth/email/confirm", payload: { token: `unknown-${randomUUID()}` } }),
    expect: () => "refuse",
  },
  {
    route: "GET /api/auth/sessions",
    resources: SELF,
    request: () => ({ url: "/api/auth/sessions" }),
    expect: allow,
  },
  {
    // Alice's session or an unknown id: 404 for everyone (one's own session is ended by the sessions tests).
    route: "DELETE /api/auth/sessions/:sessionId",
    resources: ["other", "none"],
    request: async (input) => {
      if (input.resource === "none") return { url: `/api/auth/sessions/${NONE_ID}` };
      const [session] = await input.world.harness.context.db
        .select({ publicId: sessions.publicId })
        .from(sessions)
        .where(eq(sessions.userId, input.otherId))
        .limit(1);
      return session ? { url: `/api/auth/sessions/${session.publicId}` } : null;
    },
    expect: () => "deny",
  },
  {
    route: "POST /api/auth/sessions/revoke-others",
    resources: SELF,
    request: () => ({ url: "/api/auth/sessions/revoke-others" }),
    expect: allow,
  },
  {
    route: "POST /api/auth/2fa/setup",
    resources: SELF,
    request: () => ({ url: "/api/auth/2fa/setup" }),
    expect: allow,
  },
  {
    // A wrong password (403) and no setup confirmed by a real code: refused for everyone.
    route: "POST /api/auth/2fa/enable",
    resources: SELF,
    request: () => ({ url: "/api/auth/2fa/enable", payload: { code: "000000", currentPassword: "wrong password" } }),
    expect: () => "refuse",
  },
  {
    route: "POST /api/auth/2fa/disable",
    resources: SELF,
    request: () => ({
      url: "/api/auth/2fa/disable",
      payload: { currentPassword: "not the password!", code: "000000" },
    }),
    expect: () => "refuse",
  },
];
