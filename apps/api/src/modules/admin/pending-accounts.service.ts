import type { AccountDecisionView, PendingAccountView } from "@plaza/contracts/instance";
import { INSTANCE_MESSAGES } from "@plaza/contracts/instance";
import type { AppContext } from "../../app-context";
import { conflict, notFound } from "../../lib/app-error";
import { inTransaction } from "../../lib/unit-of-work";
import { accountLocale } from "../instance/instance.service";
import { findUserById } from "../users/users.repository";
import { insertAdminLog } from "./admin.repository";
import { accountApprovedMail, accountRejectedMail } from "./pending-accounts.mails";
import { decidePendingAccount, endSessionsOf, findPendingAccounts } from "./pending-accounts.repository";

/** How many waiting accounts the admin console lists at once (a town's queue is short; the oldest come first). */
const PENDING_LISTED = 200;

/** GET /api/admin/pending-accounts: the accounts waiting for approval, oldest first. */
export async function listPendingAccounts(context: AppContext): Promise<PendingAccountView[]> {
  const rows = await findPendingAccounts(context.db, PENDING_LISTED);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * Approves or rejects an account waiting for approval: its status changes, the decision is logged and mailed (a
 * rejected account's sessions end too). 404 for no such account, 409 when it is not waiting (already decided).
 */
export async function decideAccount(
  context: AppContext,
  adminId: string,
  userId: string,
  decision: "approve" | "reject",
  baseUrl: string,
): Promise<AccountDecisionView> {
  const now = context.clock.now();
  const decided = await inTransaction(context, async (tx, effects) => {
    const target = await findUserById(tx, userId);
    if (!target || target.isDeleted) throw notFound();
    const updated = await decidePendingAccount(tx, userId, decision === "approve" ? "active" : "rejected", now);
    if (!updated) throw conflict(INSTANCE_MESSAGES.notPending, "NOT_PENDING");
    if (decision === "reject") await endSessionsOf(tx, userId);
    await insertAdminLog(tx, {
      action: decision === "approve" ? "approve_user" : "reject_user",
      targetType: "user",
      targetId: userId,
      adminUserId: adminId,
      details: { username: target.username },
      createdAt: now,
    });
    const locale = await accountLocale(context, updated, tx);
    await context.mail.enqueue(
      tx,
      decision === "approve" ? accountApprovedMail(updated, baseUrl, locale) : accountRejectedMail(updated, locale),
    );
    effects.kickMail();
    return updated;
  });
  return { id: decided.id, username: decided.username, status: decided.registrationStatus };
}
