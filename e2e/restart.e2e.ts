import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { registerViaApi } from "./support/accounts";
import { startServer } from "./support/server";

const dataDir = mkdtempSync(join(tmpdir(), "plaza-restart-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The embedded database must keep what it acknowledged across a SIGTERM and a restart (migrations re-run as no-ops).
// It runs on PGlite whatever E2E_DATABASE_URL says: the embedded database is what it tests.
test("an account created before a SIGTERM can sign in after the restart on the same DATA_DIR", async () => {
  const first = await startServer({ database: "embedded", env: { DATA_DIR: dataDir } });
  const account = await registerViaApi(first.baseUrl);
  await first.stop();

  const second = await startServer({ database: "embedded", env: { DATA_DIR: dataDir } });
  try {
    const response = await fetch(`${second.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: second.baseUrl },
      body: JSON.stringify({ email: account.credentials.email, password: account.credentials.password }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: string }).id).toBe(account.user.id);
  } finally {
    await second.stop();
  }
});
