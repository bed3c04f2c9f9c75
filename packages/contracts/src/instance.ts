import { z } from "zod";
import {
  INSTANCE_DESCRIPTION_MAX_LENGTH,
  INSTANCE_LOCALES,
  INSTANCE_MAX_RULES,
  INSTANCE_NAME_MAX_LENGTH,
  INSTANCE_RULE_MAX_LENGTH,
  INVITE_DEFAULT,
  INVITE_MAX_DAYS,
  INVITE_MAX_USES,
  NEW_ACCOUNT_MAX_HOURS,
  REGISTRATION_MODES,
} from "./instance.texts";

export * from "./instance.texts";

export const registrationMode = z.enum(REGISTRATION_MODES, "Choose how people sign up");
export const instanceLocale = z.enum(INSTANCE_LOCALES, "Choose a language");

export const instanceRule = z.object({ id: z.string(), text: z.string() });

/** GET /api/instance (public). */
export const instanceView = z.object({
  name: z.string(),
  description: z.string(),
  rules: z.array(instanceRule),
  contactEmail: z.string().nullable(),
  registrationMode,
  logoUrl: z.string().nullable(),
  locale: instanceLocale,
  membersCanInvite: z.boolean(),
  newAccountHours: z.number().int(),
});

/** A rule as an administrator edits it: an existing rule keeps its id; a new one has none yet. */
export const instanceRuleInput = z.object({
  id: z.string().max(40).optional(),
  text: z
    .string()
    .trim()
    .min(1, "A rule cannot be empty")
    .max(INSTANCE_RULE_MAX_LENGTH, `A rule must be at most ${INSTANCE_RULE_MAX_LENGTH} characters`),
});

/** PATCH /api/admin/instance (superuser): only the fields sent change; rules are replaced as a list, in order. */
export const updateInstanceBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "The name cannot be empty")
      .max(INSTANCE_NAME_MAX_LENGTH, `The name must be at most ${INSTANCE_NAME_MAX_LENGTH} characters`),
    description: z
      .string()
      .trim()
      .max(
        INSTANCE_DESCRIPTION_MAX_LENGTH,
        `The description must be at most ${INSTANCE_DESCRIPTION_MAX_LENGTH} characters`,
      ),
    rules: z.array(instanceRuleInput).max(INSTANCE_MAX_RULES, `At most ${INSTANCE_MAX_RULES} rules`),
    contactEmail: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email("Please enter a valid contact email address").max(254))
      .nullable(),
    registrationMode,
    logoUrl: z.string().trim().min(1).max(2000, "The logo address is too long").nullable(),
    locale: instanceLocale,
    membersCanInvite: z.boolean(),
    newAccountHours: z
      .number()
      .int("Whole hours only")
      .min(0, "Hours cannot be negative")
      .max(NEW_ACCOUNT_MAX_HOURS, `At most ${NEW_ACCOUNT_MAX_HOURS} hours`),
  })
  .partial();
export type UpdateInstanceBody = z.infer<typeof updateInstanceBody>;
export type UpdateInstanceInput = z.input<typeof updateInstanceBody>;

const inviteUses = z
  .number("Enter a number of uses")
  .int("Whole uses only")
  .min(1, "An invite needs at least 1 use")
  .max(INVITE_MAX_USES, `At most ${INVITE_MAX_USES} uses`);
const inviteDays = z
  .number("Enter a number of days")
  .int("Whole days only")
  .min(1, "An invite lasts at least 1 day")
  .max(INVITE_MAX_DAYS, `At most ${INVITE_MAX_DAYS} days`);

/** POST /api/invites. */
export const createInviteBody = z.object({
  maxUses: inviteUses.default(INVITE_DEFAULT.maxUses),
  expiresInDays: inviteDays.default(INVITE_DEFAULT.expiresInDays),
});
/** The web's invite form: the same rules over its fields' text. */
export const inviteForm = z.object({
  maxUses: z.coerce.number<string>().pipe(inviteUses),
  expiresInDays: z.coerce.number<string>().pipe(inviteDays),
});
export type CreateInviteInput = z.input<typeof createInviteBody>;

export const inviteView = z.object({
  code: z.string(),
  /** The shareable sign-up link (`/?invite=CODE` opens the sign-up form with the code filled in). */
  url: z.string(),
  maxUses: z.number().int(),
  uses: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type InviteView = z.infer<typeof inviteView>;
export const invitePage = z.array(inviteView);
/** DELETE /api/invites/{code}. */
export const inviteCodeParams = z.object({ code: z.string().min(1).max(64) });

/** An account waiting for approval, in the admin console's list. */
export const pendingAccountView = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  createdAt: z.string(),
});
export type PendingAccountView = z.infer<typeof pendingAccountView>;
export const pendingAccountPage = z.array(pendingAccountView);

/** POST /api/admin/users/{id}/approve and /reject: the account's new standing. */
export const accountDecisionView = z.object({
  id: z.uuid(),
  username: z.string(),
  status: z.enum(["active", "pending", "rejected"]),
});
export type AccountDecisionView = z.infer<typeof accountDecisionView>;
