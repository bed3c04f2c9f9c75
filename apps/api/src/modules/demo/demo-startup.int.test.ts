import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { buildTestApp, TestClient } from "../../../test/test-app";
import { prepareDemoTown } from "./demo-startup";
import { DEMO_PASSWORD, DEMO_SUPERUSER_EMAIL } from "./demo-town";

/** A logger that keeps what start-up says. */
function recordingLogger() {
  const lines: { fields: unknown; message?: string }[] = [];
  const info = (fields: unknown, message?: string) => lines.push({ fields, message });
  return { lines, log: { info, warn: info, error: info } as unknown as FastifyBaseLogger };
}

describe("demo town at start-up (docs/PRODUCT.md 'Demo town only when asked')", () => {
  it("is not created for a public PUBLIC_URL: no accounts, no demo sign-in, accounts list 404, decision logged", async () => {
    const harness = await buildTestApp({ PUBLIC_URL: "https://plaza.example" });
    try {
      const { lines, log } = recordingLogger();
      expect(await prepareDemoTown(harness.context, log)).toEqual([]);
      expect(lines[0]).toEqual({
        fields: { demoData: false, reason: "PUBLIC_URL https://plaza.example is not a loopback address" },
        message: "demo town off",
      });
      const result = await harness.context.db.execute(sql`select count(*)::int as n from users`);
      expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
      const client = new TestClient(harness.app);
      const accounts = await client.get("/api/demo/accounts");
      expect(accounts.statusCode).toBe(404);
      const origin = { origin: "https://plaza.example" };
      const superuser = await client.post(
        "/api/auth/login",
        { email: DEMO_SUPERUSER_EMAIL, password: DEMO_PASSWORD },
        origin,
      );
      expect(superuser.statusCode).toBe(401);
    } finally {
      await harness.close();
    }
  });
});
