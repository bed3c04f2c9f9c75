import { emailDomainCandidates, MODERATION_MESSAGES } from "@plaza/contracts/moderation";
import { asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { emailDomainBlocks } from "../../db/schema/moderation";
import { badRequest } from "../../lib/app-error";

export type EmailDomainBlockRow = typeof emailDomainBlocks.$inferSelect;

/** Whether the address's domain, or any domain above it (mail.spam.example → spam.example), is blocked. */
export async function isEmailDomainBlocked(db: Executor, email: string): Promise<boolean> {
  const candidates = emailDomainCandidates(email);
  if (candidates.length === 0) return false;
  const [row] = await db
    .select({ id: emailDomainBlocks.id })
    .from(emailDomainBlocks)
    .where(inArray(emailDomainBlocks.domain, candidates))
    .limit(1);
  return row !== undefined;
}

/** Refuses an address whose domain is blocked (sign-up, email change): 400 with the contract's sentence. */
export async function assertEmailDomainAllowed(db: Executor, email: string, field: string): Promise<void> {
  if (await isEmailDomainBlocked(db, email)) throw badRequest(MODERATION_MESSAGES.emailDomainBlocked, field);
}

const BLOCK_LIST_LIMIT = 1000;

export function selectEmailDomainBlocks(db: Executor): Promise<EmailDomainBlockRow[]> {
  return db.select().from(emailDomainBlocks).orderBy(asc(emailDomainBlocks.domain)).limit(BLOCK_LIST_LIMIT);
}

/** Adds a block; undefined when the domain is blocked already. */
export async function insertEmailDomainBlock(
  db: Executor,
  values: { domain: string; createdBy: string; createdAt: Date },
): Promise<EmailDomainBlockRow | undefined> {
  const [row] = await db.insert(emailDomainBlocks).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteEmailDomainBlock(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(emailDomainBlocks)
    .where(eq(emailDomainBlocks.id, id))
    .returning({ id: emailDomainBlocks.id });
  return rows.length > 0;
}
