import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CaseInput, type Expectation, MATRIX, type Resource } from "./authz";
import {
  buildSecurityApp,
  changedTables,
  findLeaks,
  fingerprint,
  ROLES,
  routeKey,
  type SecurityApp,
  send,
} from "./harness";
import { assertLogsHoldNoSecrets, recordSecrets, recordUrlToken } from "./log-secrets";
import {
  buildWorld,
  cookieOfRole,
  lockedLeaks,
  restoreWorld,
  secretsFor,
  setVisibility,
  type Visibility,
  type World,
} from "./world";

/**
 * Issue 9, authorisation matrix: every route × every role × own/other's/nonexistent resource (× Alice's
 * visibility where it matters). A leak is a 2xx where a denial is expected, a private field or secret in a
 * body, or any database change after a refused write.
 */
let harness: SecurityApp;
let world: World;

beforeAll(async () => {
  harness = await buildSecurityApp();
  world = await buildWorld(harness);
}, 120_000);
afterAll(async () => {
  await harness?.close();
});

/** Routes that only ever answer about the signed-in account itself. */
const SELF_ROUTES = new Set(["POST /api/users/delete", "POST /api/users/cancel-deletion", "GET /api/users/export"]);
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const GENERIC_WRITES_ALLOWED_SUSPENDED = new Set(["/api/auth/logout", "/api/appeals"]);
/** What an account waiting for approval may write: its own sign-in, password, agreement, preferences, deletion. */
const GENERIC_WRITES_ALLOWED_PENDING = new Set([
  "/api/agreements/accept",
  "/api/users/preferences",
  "/api/users/delete",
  "/api/users/cancel-deletion",
]);
const isAllowedWhilePending = (path: string) =>
  path.startsWith("/api/auth/") || GENERIC_WRITES_ALLOWED_PENDING.has(path);

/** The generic rules (session plugin): before any row's own rule. */
function genericExpectation(access: string, method: string, path: string, role: string): Expectation | null {
  if (access !== "public" && role === "anon") return 401;
  if (access === "superuser" && role !== "superuser") return 403;
  // Superusers are moderators too.
  if (access === "moderator" && role !== "superuser" && role !== "moderator") return 403;
  if (access !== "public" && role === "suspended" && !SAFE.has(method) && !GENERIC_WRITES_ALLOWED_SUSPENDED.has(path))
    return 403;
  // An account waiting for approval reads, and looks after itself; every other write waits (session plugin).
  if (access !== "public" && role === "pending" && !SAFE.has(method) && !isAllowedWhilePending(path)) return 403;
  return null;
}

function meets(status: number, expectation: Expectation): boolean {
  switch (expectation) {
    case "allow":
      return status < 400;
    case "deny":
      return status === 401 || status === 403 || status === 404;
    case "refuse":
      return status >= 400 && status < 500;
    case "any":
    case "noop":
      return status < 500;
    case "skip":
      return true;
    default:
      return status === expectation;
  }
}

describe("authorisation matrix", () => {
  it("has one row per route the app registers, and no row for a route that does not exist", () => {
    const registered = harness.routes.map(routeKey).sort();
    const rows = MATRIX.map((row) => row.route).sort();
    expect(rows).toEqual([...new Set(rows)]);
    expect(registered.filter((route) => !rows.includes(route))).toEqual([]);
    expect(rows.filter((route) => !registered.includes(route))).toEqual([]);
  });

  it("leaks nothing across ≥ 600 generated cases", async () => {
    const started = performance.now();
    const failures: string[] = [];
    let cases = 0;
    let deniedWrites = 0;
    const tally = new Map<string, number>();
    const routeAccess = new Map(harness.routes.map((route) => [routeKey(route), route.access]));
    // SECURITY_MATRIX_ROUTE=<text>[|<text>…] runs only the rows whose route contains one of them (while working on
    // a few routes).
    const only = process.env.SECURITY_MATRIX_ROUTE?.split("|").filter(Boolean) ?? [];
    for (const row of MATRIX.filter(
      (candidate) => only.length === 0 || only.some((part) => candidate.route.includes(part)),
    )) {
      const [method = "GET", path = "/"] = row.route.split(" ");
      const access = routeAccess.get(row.route) ?? "public";
      const visibilities: Visibility[] = row.byVisibility ? ["public", "private", "custom"] : ["private"];
      for (const visibility of visibilities) {
        await setVisibility(world, visibility);
        for (const role of ROLES) {
          for (const resource of row.resources as Resource[]) {
            const me = role === "anon" ? null : world.actors[role].id;
            const input: CaseInput = {
              world,
              role,
              resource,
              me,
              otherId: role === "user" ? world.actors.otherUser.id : world.actors.user.id,
            };
            const expectation = genericExpectation(access, method, path, role) ?? row.expect(input);
            if (expectation === "skip") continue;
            const spec = await row.request(input);
            if (!spec) continue;
            cases += 1;
            tally.set(String(expectation), (tally.get(String(expectation)) ?? 0) + 1);
            const isWrite = !SAFE.has(method);
            // Work an earlier allowed write started (the picture job of an upload) must not count against this one.
            if (isWrite) await harness.context.background.idle();
            const before = isWrite ? await fingerprint(harness) : "";
            const cookie = cookieOfRole(world, role);
            if (cookie) recordSecrets(cookie);
            const isJson = spec.payload !== undefined && !Buffer.isBuffer(spec.payload);
            const response = await send(harness.app, {
              method: method as "GET",
              url: spec.url,
              cookie,
              headers: { ...(isJson ? { "content-type": "application/json" } : {}), ...spec.headers },
              ...(spec.payload === undefined
                ? {}
                : { payload: isJson ? JSON.stringify(spec.payload) : (spec.payload as Buffer) }),
            });
            recordUrlToken(spec.url);
            if (isJson) recordSecrets(...passwordsIn(spec.payload));
            const label = `${row.route} as ${role} on ${resource}${row.byVisibility ? ` (${visibility})` : ""} → ${response.statusCode}`;
            if (response.statusCode >= 500 || !meets(response.statusCode, expectation)) {
              failures.push(`${label}, expected ${expectation}: ${response.body.slice(0, 200)}`);
            }
            const isAdmin = path.startsWith("/api/admin/") && role === "superuser";
            // Sign-up and sign-in answer with the account that just signed in.
            const selfId = row.endsSession && response.statusCode < 300 ? idIn(response.body) : me;
            const leaks = findLeaks(response.body, {
              viewerId: selfId,
              isSuperuserRoute: isAdmin,
              secrets: secretsFor(world, role, { emailsVisible: isAdmin }),
              ownScope: SELF_ROUTES.has(row.route),
              describesSchemas: row.route.startsWith("GET /api/docs"),
            });
            if (!isAdmin) leaks.push(...(await lockedLeaks(world, response.body, me)));
            for (const text of spec.forbidden ?? []) if (response.body.includes(text)) leaks.push(`forbidden ${text}`);
            if (leaks.length > 0) failures.push(`${label}: leaks ${leaks.join(", ")}`);
            if (isWrite) {
              if (response.statusCode >= 400 || expectation === "noop") {
                deniedWrites += 1;
                await harness.context.background.idle();
                const after = await fingerprint(harness);
                const changed = changedTables(before, after);
                if (changed.length > 0) failures.push(`${label}: refused write changed ${changed.join(", ")}`);
              } else {
                await restoreWorld(world);
              }
            } else if (row.endsSession) {
              await restoreWorld(world);
            }
          }
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `authz matrix: ${cases} cases, ${deniedWrites} refused writes checked against the database, ${seconds} s on ${harness.database.kind}; expectations ${JSON.stringify(Object.fromEntries(tally))}`,
    );
    expect(failures).toEqual([]);
    if (only.length === 0) expect(cases).toBeGreaterThanOrEqual(600);
  }, 600_000);

  it("writes none of the passwords, session tokens or emails it used to the logs", () => {
    for (const actor of Object.values(world.actors)) recordSecrets(actor.email, actor.cookie);
    assertLogsHoldNoSecrets(harness.logs);
  });
});

function idIn(body: string): string | null {
  try {
    return (JSON.parse(body) as { id?: string }).id ?? null;
  } catch {
    return null;
  }
}

/** Passwords a request body carried (sign-up and sign-in), for the log check. */
function passwordsIn(payload: unknown): string[] {
  const record = payload as { password?: unknown; email?: unknown } | null;
  return [record?.password, record?.email].filter((value): value is string => typeof value === "string");
}
