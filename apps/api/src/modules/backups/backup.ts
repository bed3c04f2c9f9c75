import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { create } from "tar";
import { loadEnv, s3SettingsOf } from "../../config/env";
import { BackupError, fileArgument, runCommand } from "./backup-cli";
import {
  type BackupManifest,
  DATABASE_FOLDER,
  type DatabaseKind,
  type DatabaseSummary,
  describeSummary,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  UPLOADS_FOLDER,
  type UploadsManifest,
} from "./backup-manifest";
import { dumpEmbedded, summarizeEmbeddedDump } from "./backup-pglite";
import { dumpPostgres } from "./backup-postgres";
import { listS3Objects, sha256OfFile, stageLocalUploads } from "./backup-uploads";

/**
 * `npm run backup -- FILE`: one .tar.gz of the town while the server runs: the database (pg_dump's custom format
 * with DATABASE_URL, else the embedded database's data directory), the uploaded files (with S3, a list of the
 * bucket's objects instead) and manifest.json (counts per table, ledger balances, files with their sha256).
 * The database is dumped first, the files after: every file a dumped row names is in the archive.
 */
const DUMP_FILE: Record<DatabaseKind, string> = { postgres: "postgres.dump", pglite: "pglite-datadir.tar" };

async function checkTarget(target: string): Promise<string> {
  if (existsSync(target)) throw new BackupError(`${target} already exists: name a new file for the backup`);
  const folder = dirname(target);
  if (!existsSync(folder) || !(await stat(folder)).isDirectory()) {
    throw new BackupError(`${folder} is not a folder: the backup cannot be written there`);
  }
  return target;
}

async function main(): Promise<void> {
  const env = loadEnv();
  const target = await checkTarget(fileArgument("backup", env.INIT_CWD));
  const startedAt = performance.now();
  // Beside the archive (same disk: hard links, a rename at the end); removed whatever happens.
  const staging = await mkdtemp(join(dirname(target), `.${basename(target)}.`));
  const partial = `${target}.partial`;
  try {
    const kind: DatabaseKind = env.DATABASE_URL ? "postgres" : "pglite";
    await mkdir(join(staging, DATABASE_FOLDER));
    const dumpFile = join(staging, DATABASE_FOLDER, DUMP_FILE[kind]);
    let summary: DatabaseSummary;
    let tool: string;
    if (env.DATABASE_URL) {
      ({ summary, tool } = await dumpPostgres(env.DATABASE_URL, dumpFile, {
        pgDump: env.PG_DUMP_PATH,
        pgRestore: env.PG_RESTORE_PATH,
      }));
    } else {
      const dataDir = resolve(env.DATA_DIR);
      const how = await dumpEmbedded(dataDir, join(dataDir, "db"), dumpFile);
      tool = `PGlite dumpDataDir (${how === "server" ? "by the running server" : "server stopped"})`;
      summary = await summarizeEmbeddedDump(dumpFile);
    }
    const s3 = s3SettingsOf(env);
    const uploads: UploadsManifest = s3
      ? await listS3Objects(s3)
      : {
          storage: "local",
          files: await stageLocalUploads(join(resolve(env.DATA_DIR), "uploads"), join(staging, UPLOADS_FOLDER)),
        };
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      createdAt: new Date().toISOString(),
      database: { kind, file: `${DATABASE_FOLDER}/${DUMP_FILE[kind]}`, sha256: await sha256OfFile(dumpFile), tool },
      ...summary,
      uploads,
    };
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [MANIFEST_FILE, DATABASE_FOLDER, ...(uploads.storage === "local" ? [UPLOADS_FOLDER] : [])];
    await create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    await rename(partial, target);
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    const size = ((await stat(target)).size / 1024 / 1024).toFixed(1);
    console.log(`Backup written to ${target} (${size} MB, ${seconds} s): ${describeSummary(summary, uploads)}.`);
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

runCommand(main);
