import type { InstanceRule } from "@plaza/contracts/instance.texts";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * The instance's own settings (its name, rules, sign-up mode): one row, id 1, written by the first PATCH. Until
 * then the defaults of packages/contracts/src/instance.texts.ts apply.
 */
export const instanceSettings = pgTable(
  "instance_settings",
  {
    id: smallint("id").primaryKey().default(1),
    name: text("name").notNull(),
    description: text("description").notNull(),
    rules: jsonb("rules").$type<InstanceRule[]>().notNull().default([]),
    contactEmail: text("contact_email"),
    registrationMode: text("registration_mode", { enum: ["open", "approval", "invite", "closed"] })
      .notNull()
      .default("open"),
    logoUrl: text("logo_url"),
    locale: text("locale", { enum: ["en", "es", "ar"] })
      .notNull()
      .default("en"),
    membersCanInvite: boolean("members_can_invite").notNull().default(false),
    /** Null: NEW_ACCOUNT_HOURS of the environment applies. */
    newAccountHours: integer("new_account_hours"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("instance_settings_one_row", sql`${table.id} = 1`)],
);
export type InstanceSettingsRow = typeof instanceSettings.$inferSelect;

/** Invite codes: `uses` counts up atomically (`WHERE uses < max_uses`), never past `max_uses`. */
export const invites = pgTable(
  "invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "cascade" }),
    maxUses: integer("max_uses").notNull(),
    uses: integer("uses").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("invites_created_by_idx").on(table.createdBy, table.createdAt.desc()),
    check("invites_uses_within_max", sql`${table.uses} <= ${table.maxUses}`),
  ],
);
export type InviteRow = typeof invites.$inferSelect;
