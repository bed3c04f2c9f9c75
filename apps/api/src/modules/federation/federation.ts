import { createFederationBuilder, type Federation } from "@fedify/fedify";
import type { AppContext } from "../../app-context";
import { registerActors } from "./federation.actors";
import { registerInbox } from "./federation.inbox";
import { DatabaseKvStore } from "./kv-store";
import { JobQueueMessageQueue } from "./message-queue";

/** The software version NodeInfo reports. */
export const PLAZA_SOFTWARE_VERSION = "1.0.0";

export interface PlazaFederation {
  federation: Federation<AppContext>;
  queue: JobQueueMessageQueue;
  /** Stops this process's part of Fedify's queue. */
  stop(): void;
}

/** The federation of each app (one per AppContext): job runs and services find it here. */
const federations = new WeakMap<AppContext, PlazaFederation>();

/** The app's federation, or null when FEDERATION is off. */
export function federationOf(context: AppContext): PlazaFederation | null {
  return federations.get(context) ?? null;
}

/**
 * Builds Fedify for this app (docs/decisions/0012-federation.md): its stores on Plaza's database and job queue,
 * ids on PUBLIC_URL, and a process that runs jobs also handles Fedify's queued messages.
 */
export async function openFederation(context: AppContext): Promise<PlazaFederation> {
  const { env } = context;
  if (!env.PUBLIC_URL) throw new Error("FEDERATION=on needs PUBLIC_URL");
  const builder = createFederationBuilder<AppContext>();
  registerActors(builder, PLAZA_SOFTWARE_VERSION);
  registerInbox(builder);
  const queue = new JobQueueMessageQueue(context);
  const federation = await builder.build({
    kv: new DatabaseKvStore(context.db, context.clock),
    queue,
    manuallyStartQueue: true,
    origin: new URL(env.PUBLIC_URL).origin,
    // Loopback servers over http only for tests on one machine (FEDERATION_ALLOW_LOOPBACK); Fedify's own guard
    // refuses private addresses otherwise.
    allowPrivateAddress: env.FEDERATION_ALLOW_LOOPBACK,
    userAgent: { software: `Plaza/${PLAZA_SOFTWARE_VERSION}`, url: new URL(env.PUBLIC_URL) },
  });
  const stopping = new AbortController();
  if (env.WORKERS) void federation.startQueue(context, { signal: stopping.signal });
  const opened: PlazaFederation = { federation, queue, stop: () => stopping.abort() };
  federations.set(context, opened);
  return opened;
}
