import {
  AGREEMENTS_MESSAGES,
  type AgreementAcceptanceView,
  type AgreementKind,
  type AgreementView,
} from "@plaza/contracts/agreements";
import type { AppContext } from "../../app-context";
import type { Executor } from "../../db/client";
import { conflict, notFound } from "../../lib/app-error";
import type { SessionUser } from "../users/viewer";
import {
  type AgreementRow,
  findAcceptance,
  findActiveAgreement,
  findAgreementById,
  insertAcceptance,
  insertAgreementIfMissing,
} from "./agreements.repository";
import { DEFAULT_AGREEMENT } from "./default-agreement";
import { DEFAULT_PRIVACY_POLICY } from "./default-privacy-policy";

const DEFAULT_DOCUMENTS = { "user-agreement": DEFAULT_AGREEMENT, "privacy-policy": DEFAULT_PRIVACY_POLICY } as const;

/** Seeds the default document of `kind` when none is active, so a new install has one. Idempotent. */
async function ensureActiveDocument(db: Executor, kind: AgreementKind, now: Date): Promise<AgreementRow | undefined> {
  const active = await findActiveAgreement(db, kind);
  if (active) return active;
  await insertAgreementIfMissing(db, { ...DEFAULT_DOCUMENTS[kind], kind, createdAt: now });
  return findActiveAgreement(db, kind);
}

/**
 * Seeds the default agreement and privacy policy when none is active, so a new install has them. Idempotent; run at
 * start-up and, as a safety net, on first read. Answers the user agreement in force.
 */
export async function ensureActiveAgreement(db: Executor, now: Date): Promise<AgreementRow | undefined> {
  await ensureActiveDocument(db, "privacy-policy", now);
  return ensureActiveDocument(db, "user-agreement", now);
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

/** The privacy policy in force (public: docs/PRODUCT.md "Privacy"). */
export async function getPrivacyPolicy(context: AppContext): Promise<AgreementView> {
  const active = await ensureActiveDocument(context.db, "privacy-policy", context.clock.now());
  if (!active) throw notFound(AGREEMENTS_MESSAGES.noPrivacyPolicy);
  return presentAgreement(active);
}

export async function getActiveAgreement(context: AppContext): Promise<AgreementView> {
  const active = await ensureActiveDocument(context.db, "user-agreement", context.clock.now());
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
  const agreement = await findAgreementById(context.db, "user-agreement", agreementId);
  if (!agreement) throw notFound(AGREEMENTS_MESSAGES.notFound);
  const active = await findActiveAgreement(context.db, "user-agreement");
  if (active?.id !== agreement.id) throw conflict(AGREEMENTS_MESSAGES.notActive, "AGREEMENT_NOT_ACTIVE");
  const acceptance = await insertAcceptance(context.db, viewer.id, agreement.id, context.clock.now());
  return { agreementId: agreement.id, hasAccepted: true, acceptedAt: acceptance?.acceptedAt.toISOString() ?? null };
}

/** Whether the viewer accepted the active agreement. */
export async function getAcceptance(context: AppContext, viewer: SessionUser): Promise<AgreementAcceptanceView> {
  const active = await ensureActiveDocument(context.db, "user-agreement", context.clock.now());
  if (!active) return { agreementId: null, hasAccepted: false, acceptedAt: null };
  const acceptance = await findAcceptance(context.db, viewer.id, active.id);
  return {
    agreementId: active.id,
    hasAccepted: acceptance !== undefined,
    acceptedAt: acceptance?.acceptedAt.toISOString() ?? null,
  };
}
