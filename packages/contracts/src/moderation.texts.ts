// Texts, constants and pure rules of moderation (the queue, notices, appeals, email domain blocks): no zod, so the
// web app's first screen can import them. The schemas are in ./moderation.ts, which re-exports all of this.

/** The queue's tabs in the console (REPORT_QUEUE_FILTERS narrows further). */
export const QUEUE_STATUSES = ["open", "assigned", "resolved"] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** What a moderator may do to a person (docs CONTRACT "Running a town's Plaza": Moderation). */
export const MODERATION_ACTIONS = ["warn", "hide_post", "limit", "suspend", "delete_post"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** Actions about one post: they need a postId. */
export const POST_ACTIONS: readonly ModerationAction[] = ["hide_post", "delete_post"];

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  warn: "Warn",
  hide_post: "Hide post",
  limit: "Limit account",
  suspend: "Suspend",
  delete_post: "Delete post",
};

/** One appeal per notice, within this many days of it. */
export const APPEAL_WINDOW_DAYS = 20;
export const APPEAL_TEXT_MAX_LENGTH = 2000;
export const MODERATION_NOTE_MAX_LENGTH = 2000;
export const MODERATION_RULE_MAX_LENGTH = 300;

export const APPEAL_STATUSES = ["open", "granted", "denied"] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** Kinds of entry in a report's or account's moderation history. */
export const MODERATION_EVENT_KINDS = [
  "assigned",
  "note",
  "resolved",
  "action",
  "appeal",
  "appeal_granted",
  "appeal_denied",
] as const;
export type ModerationEventKind = (typeof MODERATION_EVENT_KINDS)[number];

/** The sentence a person reads in their notice, by action. */
export function noticeHeadline(action: ModerationAction, suspendUntil: string | null): string {
  switch (action) {
    case "warn":
      return "A moderator sent you a warning.";
    case "hide_post":
      return "A moderator hid one of your posts.";
    case "limit":
      return "A moderator limited your account: your posts are shown only to your followers.";
    case "suspend":
      return suspendUntil
        ? `A moderator suspended your account until ${new Date(suspendUntil).toUTCString()}.`
        : "A moderator suspended your account.";
    case "delete_post":
      return "A moderator removed one of your posts.";
  }
}

/** Messages of the moderation calls, shown by the server and the screens alike. */
export const MODERATION_MESSAGES = {
  moderatorRequired: "Moderator access required.",
  reportNotFound: "No such report",
  reportResolved: "This report is already resolved",
  moderatorNotFound: "That person is not a moderator",
  userNotFound: "No such user",
  postNotFound: "No such post",
  postNeeded: "Choose the post this action is about",
  postNotTheirs: "That post is not theirs",
  cannotModerateStaff: "Moderators and superusers cannot be acted on here",
  suspendUntilInPast: "Choose a date in the future",
  noticeNotFound: "No such notice",
  appealNotFound: "No such appeal",
  alreadyAppealed: "You already appealed this decision: each notice allows one appeal.",
  appealWindowClosed: `Appeals are open for ${APPEAL_WINDOW_DAYS} days after a notice, and this one's have ended.`,
  appealDecided: "This appeal was already decided",
  domainInvalid: "Enter a domain such as example.com",
  domainAlreadyBlocked: "That domain is already blocked",
  domainBlockNotFound: "No such blocked domain",
  emailDomainBlocked: "Sign-ups from this email domain are not accepted here. Please use another address.",
} as const;

/** Screens of the moderation queue, notices and appeals. */
export const MODERATION_TEXTS = {
  queueTab: "Queue",
  appealsTab: "Appeals",
  domainsTab: "Email domains",
  statusLabels: { open: "Open", assigned: "Assigned", resolved: "Resolved" } satisfies Record<QueueStatus, string>,
  appealStatusLabels: { open: "Open", granted: "Granted", denied: "Denied" } satisfies Record<AppealStatus, string>,
  assignToMe: "Assign to me",
  assignedTo: (name: string) => `Assigned to ${name}`,
  unassigned: "Unassigned",
  addNote: "Add note",
  notePlaceholder: "A private note for moderators",
  rule: "Rule broken",
  rulePlaceholder: "e.g. 2. No harassment",
  reason: "Message to the person",
  suspendUntil: "Suspend until (empty: for good)",
  act: "Apply",
  actionTitle: "Act on this report",
  moderatorMessage: "The moderator wrote",
  dismiss: "Dismiss",
  history: "History",
  noHistory: "Nothing has happened yet.",
  emptyQueue: "Nothing in this queue.",
  emptyAppeals: "No appeals here.",
  grant: "Grant (reverse the action)",
  deny: "Deny",
  noticeTitle: "Moderation notice",
  ruleLabel: "Rule",
  postLabel: "Post",
  appealTitle: "Appeal this decision",
  appealHint: `You may appeal once, within ${APPEAL_WINDOW_DAYS} days. A moderator will read it.`,
  appealPlaceholder: "Why should this decision change?",
  sendAppeal: "Send appeal",
  appealSent: "Your appeal was sent.",
  appealStatus: {
    open: "Your appeal is waiting for a moderator.",
    granted: "Your appeal was granted and the action reversed.",
    denied: "Your appeal was denied.",
  } satisfies Record<AppealStatus, string>,
  appealClosed: "The time to appeal has passed.",
  reversed: "This action was reversed.",
  domainPlaceholder: "example.com",
  blockDomain: "Block domain",
  unblock: "Unblock",
  noDomains: "No email domains are blocked.",
} as const;

/** A lower-cased domain and whether `email`'s domain is it or one of its subdomains. */
export function isEmailInDomain(email: string, domain: string): boolean {
  const host = (email.split("@").pop() ?? "").trim().toLowerCase();
  const blocked = domain.toLowerCase();
  return host === blocked || host.endsWith(`.${blocked}`);
}

/** The domain and every parent domain of an email's host: a.b.example.com → [a.b.example.com, b.example.com, example.com, com]. */
export function emailDomainCandidates(email: string): string[] {
  const labels = (email.split("@").pop() ?? "").trim().toLowerCase().split(".").filter(Boolean);
  return labels.map((_, index) => labels.slice(index).join("."));
}
