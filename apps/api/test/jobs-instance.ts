/**
 * One API process's job runner, for the cluster test (src/jobs/job-runner.int.test.ts): the real runJobs and its
 * real PostgreSQL lock, with one probe job that records each run (this process's id, start and end) in
 * job_probe_runs at DATABASE_URL. Prints "ready" once started; SIGTERM stops it as the server does.
 */
import pg from "pg";
import { runJobs } from "../src/jobs/job-runner";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const intervalMs = Number(process.env.PROBE_INTERVAL_MS ?? 100);
const runMs = Number(process.env.PROBE_RUN_MS ?? 40);

const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const context = { env: { DATABASE_URL: databaseUrl }, pool };
const log = {
  info: (details: object, message: string) => console.log(JSON.stringify({ ...details, message })),
  error: (details: object, message: string) => console.error(JSON.stringify({ ...details, message })),
};

const jobs = runJobs(context, log, [
  {
    name: "probe",
    intervalMs,
    run: async ({ pool: probePool }) => {
      const inserted = await probePool.query<{ id: number }>(
        "insert into job_probe_runs (pid) values ($1) returning id",
        [process.pid],
      );
      await new Promise((resolve) => setTimeout(resolve, runMs));
      await probePool.query("update job_probe_runs set finished_at = clock_timestamp() where id = $1", [
        inserted.rows[0]?.id,
      ]);
    },
  },
]);
console.log("ready");

process.on("SIGTERM", () => {
  jobs.stop();
  void jobs
    .idle()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
