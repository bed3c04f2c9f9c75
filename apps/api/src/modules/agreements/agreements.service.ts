import { AGREEMENTS_MESSAGES, type AgreementAcceptanceView, type AgreementView } from "@plaza/contracts/agreements";
import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import { conflict, notFound } from "../../lib/app-error";
import type { SessionUser } from "../auth/auth.service";
import {
  type AgreementRow,
  findAcceptance,
  findActiveAgreement,
  findAgreementById,
  insertAcceptance,
  insertAgreementIfMissing,
} from "./agreements.repository";
import { DEFAULT_AGREEMENT } from "./default-agreement";

/**
 * Seeds the default agreement when no agreement is active, so a new install has one. Idempotent; run at
 * start-up and, as a safety net, on first read.
 */
export async function ensureActiveAgreement(db: Executor, now: Date): Promise<AgreementRow | undefined> {
  const active = await findActiveAgreement(db);
  if (active) return active;
  await insertAgreementIfMissing(db, { ...DEFAULT_AGREEMENT, createdAt: now });
  return findActiveAgreement(db);
}

export function presentAgreement(row: AgreementRow): AgreementView {
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getActiveAgreement(context: AppContext): Promise<AgreementView> {
  const active = await ensureActiveAgreement(context.db, context.clock.now());
  if (!active) throw notFound(AGREEMENTS_MESSAGES.noActive);
  return presentAgreement(active);
}

/**
 * Records the viewer's acceptance of the active agreement version (idempotent: the first acceptance time stays).
 * Only the version in force can be accepted: 404 for an unknown id, 409 for any other (earlier) version.
 */
export async function acceptAgreement(
  context: AppContext,
  viewer: SessionUser,
  agreementId: string,
): Promise<AgreementAcceptanceView> {
  const agreement = await findAgreementById(context.db, agreementId);
  if (!agreement) throw notFound(AGREEMENTS_MESSAGES.notFound);
  const active = await findActiveAgreement(context.db);
  if (active?.id !== agreement.id) throw conflict(AGREEMENTS_MESSAGES.notActive, "AGREEMENT_NOT_ACTIVE");
  const acceptance = await insertAcceptance(context.db, viewer.id, agreement.id, context.clock.now());
  return { agreementId: agreement.id, hasAccepted: true, acceptedAt: acceptance?.acceptedAt.toISOString() ?? null };
}

/** Whether the viewer accepted the active agreement. */
export async function getAcceptance(context: AppContext, viewer: SessionUser): Promise<AgreementAcceptanceView> {
  const active = await ensureActiveAgreement(context.db, context.clock.now());
  if (!active) return { agreementId: null, hasAccepted: false, acceptedAt: null };
  const acceptance = await findAcceptance(context.db, viewer.id, active.id);
  return {
    agreementId: active.id,
    hasAccepted: acceptance !== undefined,
    acceptedAt: acceptance?.acceptedAt.toISOString() ?? null,
  };
}
