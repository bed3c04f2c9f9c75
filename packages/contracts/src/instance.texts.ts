// Texts, constants and pure rules of the instance (a town's own Plaza: its name, rules and sign-up): no zod, so the
// web app's first screen can import them without evaluating schemas. The schemas are in ./instance.ts.

import { LOCALE_LABELS, LOCALES, type Locale } from "./i18n.texts";

/** How people may sign up (CONTRACT.md "Running a town's Plaza"). */
export const REGISTRATION_MODES = ["open", "approval", "invite", "closed"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const REGISTRATION_MODE_LABELS: Record<RegistrationMode, string> = {
  open: "Open: anyone can sign up",
  approval: "Approval: an administrator approves each new account",
  invite: "Invite only: sign-up needs an invite link",
  closed: "Closed: nobody can sign up",
};

/** The languages an instance may be set to (its default for people who chose none): every language Plaza speaks. */
export const INSTANCE_LOCALES = LOCALES;
export type InstanceLocale = Locale;
export const INSTANCE_LOCALE_LABELS = LOCALE_LABELS;

export const INSTANCE_NAME_MAX_LENGTH = 60;
export const INSTANCE_DESCRIPTION_MAX_LENGTH = 500;
export const INSTANCE_RULE_MAX_LENGTH = 300;
export const INSTANCE_MAX_RULES = 20;
/** Invites: at most this many uses each, and valid for at most this many days. */
export const INVITE_MAX_USES = 100;
export const INVITE_MAX_DAYS = 90;
export const INVITE_DEFAULT = { maxUses: 1, expiresInDays: 7 } as const;

/** An account younger than this many hours is a new account, with the limits below (0 turns them off). */
export const NEW_ACCOUNT_DEFAULT_HOURS = 24;
export const NEW_ACCOUNT_MAX_HOURS = 24 * 30;
/** What a new account may do (CONTRACT.md "Running a town's Plaza", after Discourse's trust level 0). */
export const NEW_ACCOUNT_LIMITS = {
  linksPerPost: 2,
  postsPerHour: 10,
  commentsPerHour: 20,
  followsPerHour: 20,
} as const;

/** What GET /api/instance says before an administrator changed anything. */
export const INSTANCE_DEFAULTS = {
  name: "Plaza",
  description: "Discover local places, support creators, and redeem coupons with verified check-ins.",
  registrationMode: "open" as RegistrationMode,
  locale: "en" as InstanceLocale,
} as const;

/** Where an account stands: `pending` waits for an administrator's approval, `rejected` was refused. */
export const ACCOUNT_STATUSES = ["active", "pending", "rejected"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** One rule of the instance, as people read it at sign-up. */
export interface InstanceRule {
  id: string;
  text: string;
}

/** GET /api/instance. */
export interface InstanceView {
  name: string;
  description: string;
  rules: InstanceRule[];
  contactEmail: string | null;
  registrationMode: RegistrationMode;
  logoUrl: string | null;
  locale: InstanceLocale;
  /** Members (not only administrators) may create invites. */
  membersCanInvite: boolean;
  /** Accounts younger than this many hours have the new-account limits (0: none). */
  newAccountHours: number;
}

/**
 * How a notice names the rule broken: an instance rule's id becomes its number and words ("2. No adverts in
 * comments"), as the rules are listed at sign-up; anything else (a moderator's own words) stays as written.
 */
export function ruleName(rules: readonly { id: string; text: string }[], rule: string): string {
  const index = rules.findIndex((candidate) => candidate.id === rule);
  return index === -1 ? rule : `${index + 1}. ${rules[index]?.text}`;
}

/** The messages of sign-up, approval, invites and the new-account limits, exactly as the server sends them. */
export const INSTANCE_MESSAGES = {
  rulesNotAccepted: "Please read and accept the rules to sign up.",
  signUpClosed: "Sign-up is closed: this community is not taking new accounts right now.",
  inviteRequired: "Sign-up needs an invite here. Ask a member for an invite link.",
  inviteInvalid: "This invite is not valid: it has expired or has been used up.",
  invitesForAdministrators: "Only administrators can create invites here.",
  inviteNotFound: "Invite not found",
  accountPending:
    "Your account is waiting for approval. You can post, follow people and send messages once an administrator approves it.",
  accountRejected: "Your sign-up was not approved, so this account cannot be used.",
  notPending: "This account is not waiting for approval.",
} as const;

/** The sentence of the sign-up page while sign-up is closed (said before anyone types). */
export const SIGN_UP_CLOSED_NOTICE = "Sign-up is closed right now. Existing members can still sign in.";
export const SIGN_UP_INVITE_NOTICE = "Sign-up is by invite only. Open the invite link a member sent you.";
export const SIGN_UP_APPROVAL_NOTICE = "New accounts are approved by an administrator before they can post.";
export const PENDING_ACCOUNT_TITLE = "Waiting for approval";

/** "Monday 8 December, 14:05 UTC": when a new-account limit ends, in words the server and the web share. */
export function limitEndText(until: Date): string {
  const formatted = new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(until);
  return `${formatted.replace(" at ", ", ")} UTC`;
}

/** The sentences of the new-account limits: why, and until when. */
export const NEW_ACCOUNT_LIMIT_MESSAGES = {
  links: (until: Date) =>
    `New accounts can put at most ${NEW_ACCOUNT_LIMITS.linksPerPost} links in a post. This limit ends on ${limitEndText(until)}.`,
  posts: (until: Date) =>
    `New accounts can publish at most ${NEW_ACCOUNT_LIMITS.postsPerHour} posts an hour. You can post again on ${limitEndText(until)}.`,
  comments: (until: Date) =>
    `New accounts can write at most ${NEW_ACCOUNT_LIMITS.commentsPerHour} comments an hour. You can comment again on ${limitEndText(until)}.`,
  follows: (until: Date) =>
    `New accounts can follow at most ${NEW_ACCOUNT_LIMITS.followsPerHour} people an hour. You can follow again on ${limitEndText(until)}.`,
  messages: (until: Date) =>
    `New accounts can only message people who follow them. This limit ends on ${limitEndText(until)}.`,
} as const;

/** Counts the links in a text the way the new-account limit does: each http(s) address or www. address. */
export function countLinks(text: string): number {
  return text.match(/\b(?:https?:\/\/|www\.)[^\s<>]+/gi)?.length ?? 0;
}
