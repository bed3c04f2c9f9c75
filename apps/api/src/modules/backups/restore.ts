import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { extract } from "tar";
import { type Env, loadEnv, s3SettingsOf } from "../../config/env";
import { openS3Storage } from "../../lib/object-storage-s3";
import { BackupError, fileArgument, runCommand } from "./backup-cli";
import {
  type BackupManifest,
  compareSummaries,
  type DatabaseSummary,
  describeSummary,
  MANIFEST_FILE,
  parseManifest,
  UPLOADS_FOLDER,
} from "./backup-manifest";
import { restoreEmbedded } from "./backup-pglite";
import { assertEmptyPostgres, restorePostgres } from "./backup-postgres";
import { checkS3Objects, isUploadsFolderEmpty, restoreLocalUploads, sha256OfFile } from "./backup-uploads";

/**
 * `npm run restore -- FILE`: brings a backup back into an empty database (DATABASE_URL) or an empty DATA_DIR, then
 * checks it against the archive's manifest (rows per table, ledger balances, files) and prints the result.
 */
async function checkArchive(path: string): Promise<string> {
  if (!existsSync(path) || !(await stat(path)).isFile()) throw new BackupError(`${path} is not a file`);
  return path;
}

async function isEmptyFolder(path: string): Promise<boolean> {
  return !existsSync(path) || (await readdir(path)).length === 0;
}

/** Refuses a target that holds anything: a restore never mixes two towns. */
async function assertEmptyTarget(env: Env): Promise<void> {
  const dataDir = resolve(env.DATA_DIR);
  if (env.DATABASE_URL) await assertEmptyPostgres(env.DATABASE_URL);
  else if (!(await isEmptyFolder(join(dataDir, "db")))) {
    throw new BackupError(`${dataDir} already holds a database: restore only into an empty data directory`);
  }
  if (!s3SettingsOf(env) && !(await isUploadsFolderEmpty(join(dataDir, "uploads")))) {
    throw new BackupError(`${dataDir} already holds uploads: restore only into an empty data directory`);
  }
}

async function unpack(archive: string, into: string): Promise<BackupManifest> {
  try {
    await extract({ file: archive, cwd: into, strict: true });
  } catch (error) {
    throw new BackupError(`The file is not a readable backup archive (${(error as Error).message})`);
  }
  const manifestPath = join(into, MANIFEST_FILE);
  if (!existsSync(manifestPath)) throw new BackupError("The archive holds no manifest.json: it is not a Plaza backup");
  try {
    return parseManifest(await readFile(manifestPath, "utf8"));
  } catch (error) {
    throw new BackupError((error as Error).message.replace(/^./, (first) => first.toUpperCase()));
  }
}

function assertSameKind(env: Env, manifest: BackupManifest): void {
  if (manifest.database.kind === "postgres" && !env.DATABASE_URL) {
    throw new BackupError("The backup is of a PostgreSQL database: set DATABASE_URL to a new, empty database");
  }
  if (manifest.database.kind === "pglite" && env.DATABASE_URL) {
    throw new BackupError("The backup is of the embedded database: unset DATABASE_URL and name an empty DATA_DIR");
  }
}

async function restoreDatabase(env: Env, dumpFile: string): Promise<DatabaseSummary> {
  if (env.DATABASE_URL) {
    return restorePostgres(env.DATABASE_URL, dumpFile, { pgDump: env.PG_DUMP_PATH, pgRestore: env.PG_RESTORE_PATH });
  }
  return restoreEmbedded(dumpFile, join(resolve(env.DATA_DIR), "db"));
}

/** Brings the files back (local disk, or into the bucket when S3 is set now) or checks the bucket holds them. */
async function restoreUploads(env: Env, manifest: BackupManifest, unpacked: string): Promise<string[]> {
  const s3 = s3SettingsOf(env);
  const { uploads } = manifest;
  if (uploads.storage === "s3") {
    if (!s3) return [`the backup's ${uploads.objects.length} objects are in S3 bucket ${uploads.bucket}: set S3_*`];
    return checkS3Objects(s3, uploads.objects);
  }
  if (!s3)
    return restoreLocalUploads(uploads.files, join(unpacked, UPLOADS_FOLDER), join(resolve(env.DATA_DIR), "uploads"));
  const storage = await openS3Storage(s3);
  for (const file of uploads.files) {
    const path = join(unpacked, UPLOADS_FOLDER, file.key);
    if ((await sha256OfFile(path)) !== file.sha256) throw new BackupError(`File ${file.key} differs from the backup's`);
    await storage.putFile(file.key, path, "");
  }
  return checkS3Objects(
    s3,
    uploads.files.map((file) => ({ ...file, etag: "" })),
  );
}

async function main(): Promise<void> {
  const env = loadEnv();
  const archive = await checkArchive(fileArgument("restore", env.INIT_CWD));
  await assertEmptyTarget(env);
  const startedAt = performance.now();
  const unpacked = await mkdtemp(join(tmpdir(), "plaza-restore-"));
  try {
    const manifest = await unpack(archive, unpacked);
    assertSameKind(env, manifest);
    const dumpFile = join(unpacked, manifest.database.file);
    if (!existsSync(dumpFile) || (await sha256OfFile(dumpFile)) !== manifest.database.sha256) {
      throw new BackupError(`The archive's ${manifest.database.file} is missing or damaged`);
    }
    const restored = await restoreDatabase(env, dumpFile);
    const problems = [...compareSummaries(manifest, restored), ...(await restoreUploads(env, manifest, unpacked))];
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    const into = env.DATABASE_URL ? "the database at DATABASE_URL" : resolve(env.DATA_DIR);
    if (problems.length > 0) {
      throw new BackupError(
        `Restored into ${into}, but it differs from the backup of ${manifest.createdAt}: ${problems.join("; ")}`,
      );
    }
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${into} in ${seconds} s and checked it against its ` +
        `manifest: ${describeSummary(restored, manifest.uploads)}; every count, balance and file matches.`,
    );
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}

runCommand(main);
