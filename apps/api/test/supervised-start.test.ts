import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_READY_MESSAGE } from "../src/lib/ready-message";

/**
 * `npm start` runs the server under `scripts/supported-node.mjs --supervise` (issue 52): a cold start of the
 * embedded database can die of a V8 fatal error before the server listens; such a start is tried once more, with a
 * line saying why. These run the real supervisor on a stand-in server that dies, or says it is ready, on cue.
 */
const SUPERVISOR = fileURLToPath(new URL("../../../scripts/supported-node.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "plaza-supervise-"));
const STAND_IN = join(dir, "stand-in.mjs");
writeFileSync(
  STAND_IN,
  `
import { appendFileSync, readFileSync } from "node:fs";
const [plan, runsFile] = process.argv.slice(2);
appendFileSync(runsFile, "x");
const run = readFileSync(runsFile, "utf8").length;
const step = plan.split(",")[run - 1] ?? plan.split(",").at(-1);
const ready = () => process.send?.(${JSON.stringify(SERVER_READY_MESSAGE)});
if (step === "die") process.kill(process.pid, "SIGKILL");
else if (step === "fail") process.exit(3);
else if (step === "ready") { ready(); setTimeout(() => process.exit(0), 50); }
else if (step === "ready-then-die") { ready(); setTimeout(() => process.kill(process.pid, "SIGKILL"), 50); }
else if (step === "wait") { setInterval(() => {}, 1000); console.log("waiting"); }
`,
);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
/** Runs the supervisor on the stand-in with a plan of what each run does ("die,ready"). */
function supervise(plan: string, onStart?: (pid: number) => void) {
  counter += 1;
  const runsFile = join(dir, `runs-${counter}`);
  writeFileSync(runsFile, "");
  const child = spawn(process.execPath, [SUPERVISOR, "--supervise", STAND_IN, plan, runsFile], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes("waiting") && child.pid) onStart?.(child.pid);
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; runs: number; output: string }>(
    (resolve) => {
      child.on("exit", (code, signal) =>
        resolve({ code, signal, runs: readFileSync(runsFile, "utf8").length, output }),
      );
    },
  );
}

const RETRY_LINE = "died of SIGKILL before it was ready";

describe("npm start's supervisor (scripts/supported-node.mjs --supervise)", () => {
  it("hears the same ready message the server sends", async () => {
    const supervisor = (await import(pathToFileURL(SUPERVISOR).href)) as { READY_MESSAGE: string };
    expect(supervisor.READY_MESSAGE).toBe(SERVER_READY_MESSAGE);
  });

  it("starts a server that died of a signal before it was ready once more, and says why", async () => {
    const result = await supervise("die,ready");
    expect(result).toMatchObject({ code: 0, signal: null, runs: 2 });
    expect(result.output).toContain(RETRY_LINE);
    expect(result.output).toContain("nodejs/node#64500");
  });

  it("tries only once more: a second death ends it with the same signal", async () => {
    const result = await supervise("die,die,ready");
    expect(result).toMatchObject({ signal: "SIGKILL", runs: 2 });
  });

  it("does not try again after a failed exit (bad configuration, a port in use) or a death once ready", async () => {
    expect(await supervise("fail,ready")).toMatchObject({ code: 3, runs: 1 });
    const late = await supervise("ready-then-die,ready");
    expect(late).toMatchObject({ signal: "SIGKILL", runs: 1 });
    expect(late.output).not.toContain(RETRY_LINE);
  });

  it("passes SIGTERM on and ends with it, without starting again", async () => {
    const result = await supervise("wait,ready", (pid) => process.kill(pid, "SIGTERM"));
    expect(result).toMatchObject({ signal: "SIGTERM", runs: 1 });
  });
});
