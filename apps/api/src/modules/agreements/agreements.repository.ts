import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { agreementAcceptances, agreements } from "../../db/schema/agreements";

export type AgreementRow = typeof agreements.$inferSelect;

export async function findActiveAgreement(db: Executor): Promise<AgreementRow | undefined> {
  const [row] = await db
    .select()
    .from(agreements)
    .where(eq(agreements.isActive, true))
    .orderBy(desc(agreements.createdAt))
    .limit(1);
  return row;
}

export async function findAgreementById(db: Executor, agreementId: string): Promise<AgreementRow | undefined> {
  const [row] = await db.select().from(agreements).where(eq(agreements.id, agreementId)).limit(1);
  return row;
}

/** Inserts the agreement as active unless its version exists already (safe to run at every start). */
export async function insertAgreementIfMissing(
  db: Executor,
  values: { title: string; version: string; content: string; createdAt: Date },
): Promise<void> {
  await db
    .insert(agreements)
    .values({ ...values, isActive: true })
    .onConflictDoNothing({ target: agreements.version });
}

export async function insertAcceptance(db: Executor, userId: string, agreementId: string, acceptedAt: Date) {
  await db.insert(agreementAcceptances).values({ userId, agreementId, acceptedAt }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(agreementAcceptances)
    .where(and(eq(agreementAcceptances.userId, userId), eq(agreementAcceptances.agreementId, agreementId)))
    .limit(1);
  return row;
}

export async function findAcceptance(db: Executor, userId: string, agreementId: string) {
  const [row] = await db
    .select()
    .from(agreementAcceptances)
    .where(and(eq(agreementAcceptances.userId, userId), eq(agreementAcceptances.agreementId, agreementId)))
    .limit(1);
  return row;
}
