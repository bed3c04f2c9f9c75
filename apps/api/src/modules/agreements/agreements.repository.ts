import type { AgreementKind } from "@plaza/contracts/agreements";
import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { agreementAcceptances, agreements } from "../../db/schema/agreements";

export type AgreementRow = typeof agreements.$inferSelect;

/** The version of `kind` in force. */
export async function findActiveAgreement(db: Executor, kind: AgreementKind): Promise<AgreementRow | undefined> {
  const [row] = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements.kind, kind), eq(agreements.isActive, true)))
    .orderBy(desc(agreements.createdAt))
    .limit(1);
  return row;
}

export async function findAgreementById(
  db: Executor,
  kind: AgreementKind,
  agreementId: string,
): Promise<AgreementRow | undefined> {
  const [row] = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements.id, agreementId), eq(agreements.kind, kind)))
    .limit(1);
  return row;
}

/** Inserts the document as active unless its kind has that version already (safe to run at every start). */
export async function insertAgreementIfMissing(
  db: Executor,
  values: { kind: AgreementKind; title: string; version: string; content: string; createdAt: Date },
): Promise<void> {
  await db
    .insert(agreements)
    .values({ ...values, isActive: true })
    .onConflictDoNothing({ target: [agreements.kind, agreements.version] });
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
