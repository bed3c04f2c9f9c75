import { eq, getTableName, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { businesses } from "../../db/schema/businesses";
import { type UserRow, users } from "../../db/schema/users";

/**
 * The business a business account speaks as (docs/PRODUCT.md "Businesses"): its name and logo, shown wherever the
 * account appears. Null for everyone else.
 */
export interface BusinessPersona {
  name: string;
  logoUrl: string | null;
}

/** A person as lists read them (userSummaryColumns): the account and, for a business account, its business. */
export type UserSummaryRow = Pick<
  UserRow,
  "id" | "username" | "firstName" | "lastName" | "profileImageUrl" | "profileType" | "isVerified"
> & { speaksAs: BusinessPersona | null };

/** The users columns the summary reads, of `users` itself or of an alias of it. */
type UserColumns = Record<
  "id" | "username" | "firstName" | "lastName" | "profileImageUrl" | "profileType" | "isVerified",
  AnyPgColumn
>;

/**
 * The account's business as json, read through the owner's unique index inside the list query (no query per row);
 * null for a personal or creator account.
 */
export function businessPersonaColumn(
  table: Pick<UserColumns, "id" | "profileType"> = users,
): SQL<BusinessPersona | null> {
  // Written out with table names: drizzle leaves them out of a one-table query, where the inner `id` would be the
  // business's own.
  const ownerId = sql`${sql.identifier(getTableName(table.id.table))}.${sql.identifier(table.id.name)}`;
  const business = sql.identifier("speaks_as");
  return sql<BusinessPersona | null>`(case when ${table.profileType} = 'business' then (select json_build_object('name', ${business}.${sql.identifier(businesses.name.name)}, 'logoUrl', ${business}.${sql.identifier(businesses.logoImageUrl.name)}) from ${businesses} as ${business} where ${business}.${sql.identifier(businesses.ownerId.name)} = ${ownerId}) end)`;
}

/**
 * The columns of a person in a list (presentUserSummary turns them into a UserSummaryView): the account's own
 * fields and, for a business account, the business it speaks as. Every list of people selects these.
 */
export function userSummaryColumns<Table extends UserColumns = typeof users>(
  table: Table = users as unknown as Table,
): Pick<Table, keyof UserColumns> & { speaksAs: SQL<BusinessPersona | null> } {
  return {
    id: table.id,
    username: table.username,
    firstName: table.firstName,
    lastName: table.lastName,
    profileImageUrl: table.profileImageUrl,
    profileType: table.profileType,
    isVerified: table.isVerified,
    speaksAs: businessPersonaColumn(table),
  };
}

/** One account as lists show it (its primary key); undefined when there is none. */
export async function findUserSummary(db: Executor, userId: string): Promise<UserSummaryRow | undefined> {
  const [row] = await db.select(userSummaryColumns()).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}
