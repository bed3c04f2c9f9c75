import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import type { Database } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { deleteKvValue, findKvValue, listKvValues, swapKvValue, upsertKvValue } from "./federation-store.repository";

/** A key as stored: its JSON text, so a prefix of parts is a prefix of the text without the closing bracket. */
const storedKey = (key: KvKey) => JSON.stringify(key);
const storedPrefix = (prefix: KvKey) => storedKey(prefix).slice(0, -1);

/**
 * Fedify's key/value store on Plaza's own database (table federation_kv), the same on PostgreSQL and PGlite
 * (docs/decisions/0012-federation.md). An entry with a time to live is read as absent once it passed.
 */
export class DatabaseKvStore implements KvStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  private expiresAt(options?: KvStoreSetOptions): Date | null {
    if (!options?.ttl) return null;
    return new Date(this.clock.now().getTime() + options.ttl.total({ unit: "milliseconds" }));
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    return (await findKvValue(this.db, storedKey(key), this.clock.now())) as T | undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    await upsertKvValue(this.db, storedKey(key), value, this.expiresAt(options));
  }

  async delete(key: KvKey): Promise<void> {
    await deleteKvValue(this.db, storedKey(key));
  }

  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    return swapKvValue(this.db, storedKey(key), expectedValue, newValue, this.expiresAt(options), this.clock.now());
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const rows = await listKvValues(this.db, prefix ? storedPrefix(prefix) : "[", this.clock.now());
    for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: row.value };
  }
}
