import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildUser } from "../../test/factories/users";
import { buildTestApp, type TestApp } from "../../test/test-app";
import type { AppContext } from "../app-context";
import { users } from "../db/schema/users";
import type { JobData, JobQueue } from "../jobs/job-queue";
import type { LiveEvent } from "./live-events";
import { inTransaction } from "./unit-of-work";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

/** The app's context with a job queue that only records what was asked of it. */
function recordingJobs(): { context: AppContext; requested: { kind: string; data?: JobData }[] } {
  const requested: { kind: string; data?: JobData }[] = [];
  const jobs = {
    ...harness.context.jobs,
    request: async (kind: string, data?: JobData) => {
      requested.push({ kind, data });
    },
  } as JobQueue;
  return { context: { ...harness.context, jobs }, requested };
}

describe("inTransaction", () => {
  it("runs nothing it collected when the transaction rolls back, and the row is not written", async () => {
    const { user } = await buildUser(harness.app);
    const { context, requested } = recordingJobs();
    const received: LiveEvent[] = [];
    const unsubscribe = context.liveEvents.subscribe(user.id, (event) => received.push(event));
    const kick = vi.spyOn(context.mail, "kick");
    try {
      await expect(
        inTransaction(context, async (tx, effects) => {
          await tx.update(users).set({ firstName: "Rolled" }).where(eq(users.id, user.id));
          effects.publish(user.id, { type: "test.changed", payload: null });
          effects.requestJob("video-processing");
          effects.kickMail();
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
      expect(received).toEqual([]);
      expect(requested).toEqual([]);
      expect(kick).not.toHaveBeenCalled();
      const [row] = await harness.context.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.firstName).not.toBe("Rolled");
    } finally {
      kick.mockRestore();
      unsubscribe();
    }
  });

  it("runs what it collected only after the commit, in order, so whoever reacts finds the row", async () => {
    const { user } = await buildUser(harness.app);
    const { context, requested } = recordingJobs();
    const order: string[] = [];
    // An observer in another connection: it reads the row the moment the event reaches it.
    const reads: Promise<string | null | undefined>[] = [];
    const unsubscribe = context.liveEvents.subscribe(user.id, (event) => {
      order.push(event.type);
      reads.push(
        harness.context.db
          .select({ firstName: users.firstName })
          .from(users)
          .where(eq(users.id, user.id))
          .then(([row]) => row?.firstName),
      );
    });
    const kick = vi.spyOn(context.mail, "kick").mockImplementation(() => {
      order.push("mail");
    });
    try {
      let seenInside: string[] = [];
      const result = await inTransaction(context, async (tx, effects) => {
        await tx.update(users).set({ firstName: "Committed" }).where(eq(users.id, user.id));
        effects.publish(user.id, { type: "test.first", payload: null });
        effects.kickMail();
        effects.kickMail();
        effects.requestJob("video-processing", { reason: "test" });
        effects.publish(user.id, { type: "test.second", payload: null });
        seenInside = [...order];
        return "done";
      });
      expect(result).toBe("done");
      expect(seenInside).toEqual([]);
      expect(order).toEqual(["test.first", "mail", "test.second"]);
      expect(kick).toHaveBeenCalledTimes(1);
      expect(requested).toEqual([{ kind: "video-processing", data: { reason: "test" } }]);
      expect(await Promise.all(reads)).toEqual(["Committed", "Committed"]);
    } finally {
      kick.mockRestore();
      unsubscribe();
    }
  });

  it("still runs the other effects and answers when one of them fails (the commit stands)", async () => {
    const { user } = await buildUser(harness.app);
    const { context, requested } = recordingJobs();
    const failing = {
      ...context,
      liveEvents: { ...context.liveEvents, publish: () => Promise.reject(new Error("bus down")) },
    } as AppContext;
    const result = await inTransaction(failing, async (tx, effects) => {
      await tx.update(users).set({ firstName: "Stands" }).where(eq(users.id, user.id));
      effects.publish(user.id, { type: "test.lost", payload: null });
      effects.requestJob("video-processing");
      return "answered";
    });
    expect(result).toBe("answered");
    expect(requested).toHaveLength(1);
    const [row] = await harness.context.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.firstName).toBe("Stands");
  });
});
