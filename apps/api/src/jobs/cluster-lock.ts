import pg from "pg";

/**
 * Who runs the background jobs when several API processes share one database: the process holding this lock.
 */
export interface ClusterLock {
  /**
   * True while this process holds the lock: takes it when it is free, or checks that the connection holding it is
   * still alive. Never throws; a database it cannot reach means "not held".
   */
  tryAcquire(): Promise<boolean>;
  /** Gives the lock up (the next process to try takes it). */
  release(): Promise<void>;
}

/** How long a lock check may wait for the database before it counts as "not held". */
const LOCK_CONNECT_TIMEOUT_MS = 2_000;

/** The embedded database is one process: that process is the whole cluster. */
const singleProcessLock: ClusterLock = {
  tryAcquire: async () => true,
  release: async () => {},
};

/**
 * A PostgreSQL session-level advisory lock (`pg_try_advisory_lock`) named `name`, held on a connection of its own:
 * PostgreSQL frees it the moment that connection ends, so a process that crashes or loses the database hands the
 * jobs over to the next process that tries. Without `databaseUrl` (PGlite) every call answers true.
 */
export function createClusterLock(databaseUrl: string | undefined, name: string): ClusterLock {
  if (!databaseUrl) return singleProcessLock;
  let client: pg.Client | null = null;
  let isHeld = false;
  // One check at a time: two overlapping first tries would take the (re-entrant) lock twice on one session.
  let pending: Promise<boolean> = Promise.resolve(false);

  const drop = (lost: pg.Client) => {
    if (client !== lost) return;
    client = null;
    isHeld = false;
    void lost.end().catch(() => undefined);
  };

  const check = async (): Promise<boolean> => {
    try {
      if (client && isHeld) {
        await client.query("select 1");
        return true;
      }
      if (!client) {
        const connecting = new pg.Client({
          connectionString: databaseUrl,
          connectionTimeoutMillis: LOCK_CONNECT_TIMEOUT_MS,
          keepAlive: true,
          application_name: "plaza-jobs-lock",
        });
        connecting.on("error", () => drop(connecting));
        connecting.on("end", () => drop(connecting));
        client = connecting;
        await connecting.connect();
      }
      const result = await client.query<{ acquired: boolean }>(
        "select pg_try_advisory_lock(hashtext($1)) as acquired",
        [name],
      );
      isHeld = result.rows[0]?.acquired === true;
      return isHeld;
    } catch {
      if (client) drop(client);
      return false;
    }
  };

  return {
    tryAcquire() {
      pending = pending.then(check, check);
      return pending;
    },
    async release() {
      await pending.catch(() => false);
      const holding = client;
      if (holding) drop(holding);
    },
  };
}
