import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../factories/users";
import {
  buildSecurityApp,
  cookieOf,
  isLongRun,
  PASSWORD,
  type SecurityApp,
  SUPERUSER_EMAIL,
  securitySeed,
  send,
  signIn,
} from "./harness";
import { assertLogsHoldNoSecrets, recordSecrets } from "./log-secrets";

/**
 * Issue 9, sessions: random sequences of sign-ins from several browsers, sign-outs, suspensions, deletions
 * (user and admin) and cancellations. After every step each cookie ever issued is tried: the model says which
 * must still read (200), which may still write (200) or are suspended (403), and which are over (401).
 */
let harness: SecurityApp;
let adminCookie: string;

beforeAll(async () => {
  harness = await buildSecurityApp();
  const admin = await buildUser(harness.app, { email: SUPERUSER_EMAIL, password: PASSWORD });
  adminCookie = admin.client.cookie ?? "";
  recordSecrets(adminCookie, SUPERUSER_EMAIL);
}, 120_000);
afterAll(async () => {
  await harness?.close();
});

const BROWSERS = 3;

interface Model {
  /** The live session cookie of each browser, if any. */
  live: (string | null)[];
  /** Every cookie that has ended: must be refused forever. */
  dead: string[];
  suspended: boolean;
  /** isDeleted: scheduled by the user or deleted by an admin (grace period). */
  deleted: boolean;
}

interface Real {
  userId: string;
  email: string;
}

type Command = fc.AsyncCommand<Model, Real>;

function endSession(model: Model, browser: number): void {
  const cookie = model.live[browser];
  if (cookie) model.dead.push(cookie);
  model.live[browser] = null;
}

function endAllBut(model: Model, keep: number | null): void {
  for (let browser = 0; browser < BROWSERS; browser += 1) if (browser !== keep) endSession(model, browser);
}

async function expectStatus(label: string, actual: number, expected: number): Promise<void> {
  if (actual !== expected) throw new Error(`${label}: got ${actual}, model says ${expected}`);
}

/** Tries every cookie the model knows: reads and a harmless write. */
async function checkAll(model: Model): Promise<void> {
  for (const [browser, cookie] of model.live.entries()) {
    if (!cookie) continue;
    const read = await send(harness.app, { method: "GET", url: "/api/auth/user", cookie });
    await expectStatus(`browser ${browser} live cookie read`, read.statusCode, 200);
    const write = await send(harness.app, {
      method: "PATCH",
      url: "/api/users/preferences",
      cookie,
      payload: { showOnlineStatus: true },
    });
    await expectStatus(`browser ${browser} live cookie write`, write.statusCode, model.suspended ? 403 : 200);
  }
  for (const cookie of model.dead) {
    const read = await send(harness.app, { method: "GET", url: "/api/auth/user", cookie });
    await expectStatus("ended cookie read", read.statusCode, 401);
    const write = await send(harness.app, {
      method: "PATCH",
      url: "/api/users/preferences",
      cookie,
      payload: { showOnlineStatus: false },
    });
    await expectStatus("ended cookie write", write.statusCode, 401);
  }
}

class SignInCommand implements Command {
  constructor(readonly browser: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const old = model.live[this.browser];
    const response = await send(harness.app, {
      method: "POST",
      url: "/api/auth/login",
      cookie: old,
      payload: { email: real.email, password: PASSWORD },
    });
    await expectStatus("sign-in", response.statusCode, 200);
    // Rotation: the browser's previous session ends with the new sign-in.
    endSession(model, this.browser);
    model.live[this.browser] = cookieOf(response);
    recordSecrets(model.live[this.browser] ?? "");
    await checkAll(model);
  }
  toString = () => `signIn(${this.browser})`;
}

class LogoutCommand implements Command {
  constructor(
    readonly browser: number,
    readonly viaGet: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.live[this.browser] !== null;
  async run(model: Model) {
    const cookie = model.live[this.browser];
    const response = this.viaGet
      ? await send(harness.app, { method: "GET", url: "/api/logout", cookie })
      : await send(harness.app, { method: "POST", url: "/api/auth/logout", cookie });
    await expectStatus("logout", response.statusCode, this.viaGet ? 302 : 204);
    endSession(model, this.browser);
    await checkAll(model);
  }
  toString = () => `logout(${this.browser}, ${this.viaGet ? "GET" : "POST"})`;
}

class SuspendCommand implements Command {
  constructor(readonly suspend: boolean) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const response = await send(harness.app, {
      method: "POST",
      url: `/api/admin/users/${real.userId}/${this.suspend ? "suspend" : "unsuspend"}`,
      cookie: adminCookie,
      payload: this.suspend ? { reason: "model" } : undefined,
    });
    await expectStatus(this.suspend ? "suspend" : "unsuspend", response.statusCode, 200);
    model.suspended = this.suspend;
    await checkAll(model);
  }
  toString = () => (this.suspend ? "suspend" : "unsuspend");
}

class UserDeleteCommand implements Command {
  constructor(readonly browser: number) {}
  check = (model: Readonly<Model>) => model.live[this.browser] !== null;
  async run(model: Model) {
    const response = await send(harness.app, {
      method: "POST",
      url: "/api/users/delete",
      cookie: model.live[this.browser],
    });
    if (model.suspended) {
      await expectStatus("delete while suspended", response.statusCode, 403);
    } else {
      await expectStatus("delete", response.statusCode, 200);
      model.deleted = true;
      // Every other session of the account ends; this browser stays signed in to cancel.
      endAllBut(model, this.browser);
    }
    await checkAll(model);
  }
  toString = () => `userDelete(${this.browser})`;
}

class CancelCommand implements Command {
  constructor(readonly browser: number) {}
  check = (model: Readonly<Model>) => model.live[this.browser] !== null;
  async run(model: Model) {
    const response = await send(harness.app, {
      method: "POST",
      url: "/api/users/cancel-deletion",
      cookie: model.live[this.browser],
    });
    const expected = model.suspended ? 403 : model.deleted ? 200 : 409;
    await expectStatus("cancel deletion", response.statusCode, expected);
    if (expected === 200) model.deleted = false;
    await checkAll(model);
  }
  toString = () => `cancel(${this.browser})`;
}

class AdminDeleteCommand implements Command {
  check = () => true;
  async run(model: Model, real: Real) {
    const response = await send(harness.app, {
      method: "DELETE",
      url: `/api/admin/users/${real.userId}`,
      cookie: adminCookie,
    });
    // A deletion the owner can no longer cancel is in place: 409. A pending deletion of their own is taken over.
    if (model.deleted && model.suspended) {
      await expectStatus("admin delete of a deleted account", response.statusCode, 409);
    } else {
      await expectStatus("admin delete", response.statusCode, 200);
      model.deleted = true;
      model.suspended = true;
      endAllBut(model, null);
    }
    await checkAll(model);
  }
  toString = () => "adminDelete";
}

const browser = fc.integer({ min: 0, max: BROWSERS - 1 });
const commands = [
  browser.map((b) => new SignInCommand(b)),
  browser.map((b) => new SignInCommand(b)),
  fc.tuple(browser, fc.boolean()).map(([b, viaGet]) => new LogoutCommand(b, viaGet)),
  fc.boolean().map((suspend) => new SuspendCommand(suspend)),
  browser.map((b) => new UserDeleteCommand(b)),
  browser.map((b) => new CancelCommand(b)),
  fc.constant(new AdminDeleteCommand()),
];

describe("sessions after sign-out, suspension and deletion", () => {
  const runs = isLongRun() ? 500 : 50;
  it(`refuses every ended cookie in ${runs} randomized runs`, async () => {
    const seed = securitySeed(9_090_909);
    console.info(`sessions model: seed ${seed} (replay with SECURITY_SEED=${seed})`);
    let runCount = 0;
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (sequence) => {
        runCount += 1;
        const account = await buildUser(harness.app, { password: PASSWORD });
        recordSecrets(account.user.email, account.client.cookie ?? "");
        const model: Model = { live: [account.client.cookie, null, null], dead: [], suspended: false, deleted: false };
        await fc.asyncModelRun(
          () => ({ model, real: { userId: account.user.id, email: account.user.email } }),
          sequence,
        );
      }),
      { numRuns: runs, seed },
    );
    console.info(
      `sessions model: ${runCount} runs in ${((performance.now() - started) / 1000).toFixed(1)} s on ${harness.database.kind}`,
    );
    expect(runCount).toBeGreaterThanOrEqual(runs);
  }, 1_200_000);

  it("the admin's own session was never touched, and a fresh sign-in still works", async () => {
    expect((await send(harness.app, { method: "GET", url: "/api/auth/user", cookie: adminCookie })).statusCode).toBe(
      200,
    );
    recordSecrets(await signIn(harness.app, SUPERUSER_EMAIL));
  });

  it("writes none of the passwords, session tokens or emails it used to the logs", () => {
    assertLogsHoldNoSecrets(harness.logs);
  });
});
