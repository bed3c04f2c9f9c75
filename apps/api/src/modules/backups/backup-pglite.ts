import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createConnection, createServer, type Server } from "node:net";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { BackupError } from "./backup-cli";
import { type DatabaseSummary, type RowReader, summarizeDatabase } from "./backup-manifest";

/**
 * The embedded database (PGlite) belongs to one process: a second one opening DATA_DIR/db while the server runs
 * would corrupt it. So the running server dumps it itself (PGlite's `dumpDataDir`, a copy of the data directory
 * taken between two queries, as consistent as after a crash, which PostgreSQL recovers from) and hands the bytes to
 * `npm run backup` over a Unix socket in DATA_DIR: only who may read DATA_DIR may connect (mode 0600), so the
 * socket needs no password. With the server stopped, the backup opens the database itself.
 */
export const DUMP_SOCKET_NAME = "backup.sock";
/** Unix socket paths are limited to 107 bytes on Linux. */
const MAX_SOCKET_PATH = 100;
const DUMP_REQUEST = "dump\n";

export function dumpSocketPath(dataDir: string): string {
  return join(dataDir, DUMP_SOCKET_NAME);
}

/** Serves dumps of the embedded database to `npm run backup`; null when DATA_DIR's path is too long for a socket. */
export async function serveDatabaseDumps(
  dataDir: string,
  dump: () => Promise<Blob>,
  onError: (error: unknown) => void,
): Promise<Server | null> {
  const path = dumpSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) return null;
  // Left by a server that was killed: this process owns the embedded database now.
  await rm(path, { force: true });
  const server = createServer((socket) => {
    socket.on("error", () => undefined);
    socket.once("data", (request) => {
      if (request.toString() !== DUMP_REQUEST) {
        socket.destroy();
        return;
      }
      dump().then(
        async (blob) => {
          socket.write(`${JSON.stringify({ bytes: blob.size })}\n`);
          socket.end(Buffer.from(await blob.arrayBuffer()));
        },
        (error: unknown) => {
          onError(error);
          socket.end(`${JSON.stringify({ error: (error as Error).message })}\n`);
        },
      );
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolveListen());
  });
  await chmod(path, 0o600);
  return server;
}

/** Asks the running server for a dump into `file`; false when no server listens (stopped, or killed). */
async function askRunningServer(dataDir: string, file: string): Promise<boolean> {
  const path = dumpSocketPath(dataDir);
  if (!existsSync(path)) return false;
  const chunks: Buffer[] = [];
  const answered = await new Promise<boolean>((resolveAsk, reject) => {
    const socket = createConnection(path);
    socket.once("connect", () => socket.write(DUMP_REQUEST));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.once("end", () => resolveAsk(true));
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolveAsk(false);
      else reject(new BackupError(`The running server's backup socket failed: ${error.message}`));
    });
  });
  if (!answered) return false;
  const answer = Buffer.concat(chunks);
  const newline = answer.indexOf(10);
  const header = JSON.parse(answer.subarray(0, newline).toString()) as { bytes?: number; error?: string };
  if (header.error) throw new BackupError(`The running server could not dump its database: ${header.error}`);
  const body = answer.subarray(newline + 1);
  if (body.length !== header.bytes) throw new BackupError("The running server's dump was cut short");
  await writeFile(file, body);
  return true;
}

async function openEmbedded(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

const readerOf = (client: PGlite): RowReader => ({ query: (text) => client.query(text) });

/**
 * Dumps the embedded database in `databaseDir` into `file` (a tar of its data directory): through the running
 * server when one serves dumps, else by opening it here.
 */
export async function dumpEmbedded(dataDir: string, databaseDir: string, file: string): Promise<"server" | "direct"> {
  if (await askRunningServer(dataDir, file)) return "server";
  if (!existsSync(join(databaseDir, "PG_VERSION"))) {
    throw new BackupError(`${databaseDir} holds no database: is DATA_DIR right, or is DATABASE_URL missing?`);
  }
  if (existsSync(join(databaseDir, "postmaster.pid")) && !existsSync(dumpSocketPath(dataDir))) {
    throw new BackupError(
      `${databaseDir} is open in a process that serves no backups: stop it (or, if none runs, start and stop the server once) and back up again`,
    );
  }
  const client = await openEmbedded({ dataDir: databaseDir });
  try {
    await client.query("checkpoint");
    const blob = await client.dumpDataDir("none");
    await writeFile(file, Buffer.from(await blob.arrayBuffer()));
  } finally {
    await client.close();
  }
  return "direct";
}

/** What a dump holds, read from the dump itself (loaded in memory): the manifest's numbers are the dump's. */
export async function summarizeEmbeddedDump(file: string): Promise<DatabaseSummary> {
  const client = await openEmbedded({ loadDataDir: new Blob([await readFile(file)]) });
  try {
    return await summarizeDatabase(readerOf(client));
  } finally {
    await client.close();
  }
}

/** Creates the embedded database in the empty `databaseDir` from a dump; returns what it holds. */
export async function restoreEmbedded(file: string, databaseDir: string): Promise<DatabaseSummary> {
  await mkdir(databaseDir, { recursive: true });
  const client = await openEmbedded({ dataDir: databaseDir, loadDataDir: new Blob([await readFile(file)]) });
  try {
    return await summarizeDatabase(readerOf(client));
  } finally {
    await client.close();
  }
}
