import { spawn } from "node:child_process";
import { resolve } from "node:path";

/** A failure told to the person running the command in one sentence (no stack: nothing there helps them). */
export class BackupError extends Error {
  override name = "BackupError";
}

/** Runs a command's main: a failure prints its one sentence and ends with exit code 1. */
export function runCommand(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      console.error(/[.?!]$/.test(message) ? message : `${message}.`);
      process.exit(1);
    },
  );
}

/**
 * The one argument, FILE, as an absolute path: relative to where `npm run` was started (npm runs the script in the
 * repository's folder), or a sentence saying how to call the command.
 */
export function fileArgument(command: "backup" | "restore", startedIn: string | undefined): string {
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  if (args.length !== 1 || !args[0]) throw new BackupError(`Usage: npm run ${command} -- FILE`);
  return resolve(startedIn ?? process.cwd(), args[0]);
}

/** A program's output and exit code; a program that is not installed is a BackupError naming `installHint`. */
export function runProgram(
  program: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; installHint: string },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(program, args, { env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new BackupError(`${program} was not found: ${options.installHint}`)
          : new BackupError(`${program} could not be started: ${error.message}`),
      );
    });
    child.on("close", (code) => resolveRun({ code: code ?? 1, stdout, stderr }));
  });
}

/** The first line a failed program wrote, without its own name in front. */
export function firstErrorLine(stderr: string): string {
  const line = stderr.split("\n").find((text) => text.trim() !== "") ?? "no message";
  return line.replace(/^[\w/.-]+: (error: )?/, "").trim();
}
