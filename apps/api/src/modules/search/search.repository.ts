import type { BusinessCategory } from "@plaza/contracts/businesses";
import { and, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { containsPattern } from "../../db/like";
import { businesses } from "../../db/schema/businesses";
import { users } from "../../db/schema/users";
import { ownerVerifiedSql } from "../businesses/discover.repository";
import { notBlockedWith } from "../relationships/relationships.repository";
import { userSummaryColumns } from "../users/user-summary.repository";
import { shownNameOrUsernameContains } from "../users/users.repository";

/** People whose username or shown name contains the text (trigram GIN indexes), excluding blocks and deleted. */
export async function searchPeople(db: Executor, viewerId: string, text: string, limit: number) {
  return db
    .select(userSummaryColumns())
    .from(users)
    .where(and(eq(users.isDeleted, false), shownNameOrUsernameContains(text), notBlockedWith(viewerId, users.id)))
    .orderBy(sql`lower(${users.username}) = lower(${text}) desc`, desc(users.followersCount), users.id)
    .limit(limit);
}

/** Published businesses whose name contains the text, or whose category is one of `categories`, with the owner's badge. */
export async function searchBusinesses(db: Executor, text: string, categories: BusinessCategory[], limit: number) {
  const pattern = containsPattern(text);
  return db
    .select({ business: businesses, verified: ownerVerifiedSql })
    .from(businesses)
    .where(
      and(
        eq(businesses.isPublished, true),
        or(
          ilike(businesses.name, pattern),
          categories.length > 0 ? inArray(businesses.category, categories) : undefined,
        ),
      ),
    )
    .orderBy(desc(businesses.totalCheckIns), businesses.id)
    .limit(limit);
}
