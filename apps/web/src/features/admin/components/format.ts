import { defineMessage, defineMessages, type IntlShape } from "react-intl";

const messages = defineMessages({
  yes: { id: "admin.logs.detail.yes", defaultMessage: "yes" },
  no: { id: "admin.logs.detail.no", defaultMessage: "no" },
  pair: defineMessage<{ label: string; value: string }>({
    id: "admin.logs.detail.pair",
    defaultMessage: "{label}: {value}",
  }),
});

/** The labels of the log details the server writes; any other key is put in words by `detailLabel`. */
const DETAIL_LABELS = defineMessages({
  reason: { id: "admin.logs.detail.reason", defaultMessage: "Reason" },
  suspendUntil: { id: "admin.logs.detail.suspendUntil", defaultMessage: "Suspend until" },
  username: { id: "admin.logs.detail.username", defaultMessage: "Username" },
  wasVerified: { id: "admin.logs.detail.wasVerified", defaultMessage: "Was verified" },
  previousReason: { id: "admin.logs.detail.previousReason", defaultMessage: "Previous reason" },
  deletionGracePeriodEnd: {
    id: "admin.logs.detail.deletionGracePeriodEnd",
    defaultMessage: "Deletion grace period end",
  },
  replacedSelfDeletion: { id: "admin.logs.detail.replacedSelfDeletion", defaultMessage: "Replaced self deletion" },
  authorId: { id: "admin.logs.detail.authorId", defaultMessage: "Author id" },
  title: { id: "admin.logs.detail.title", defaultMessage: "Title" },
  excerpt: { id: "admin.logs.detail.excerpt", defaultMessage: "Excerpt" },
  version: { id: "admin.logs.detail.version", defaultMessage: "Version" },
  previousVersion: { id: "admin.logs.detail.previousVersion", defaultMessage: "Previous version" },
  queue: { id: "admin.logs.detail.queue", defaultMessage: "Queue" },
  noticeId: { id: "admin.logs.detail.noticeId", defaultMessage: "Notice id" },
  appeal: { id: "admin.logs.detail.appeal", defaultMessage: "Appeal" },
  town: { id: "admin.logs.detail.town", defaultMessage: "Town" },
  seed: { id: "admin.logs.detail.seed", defaultMessage: "Seed" },
  people: { id: "admin.logs.detail.people", defaultMessage: "People" },
  posts: { id: "admin.logs.detail.posts", defaultMessage: "Posts" },
  ownerId: { id: "admin.logs.detail.ownerId", defaultMessage: "Owner id" },
  reportId: { id: "admin.logs.detail.reportId", defaultMessage: "Report id" },
  action: { id: "admin.logs.detail.action", defaultMessage: "Action" },
  reportedType: { id: "admin.logs.detail.reportedType", defaultMessage: "Reported type" },
  reportedId: { id: "admin.logs.detail.reportedId", defaultMessage: "Reported id" },
  closedReports: { id: "admin.logs.detail.closedReports", defaultMessage: "Closed reports" },
});

/** Dates in the admin screen, in the page's language: "Jun 1, 2026, 9:00 AM". */
export function formatDateTime(intl: IntlShape, iso: string | null): string {
  if (!iso) return "";
  return intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
}

/** "1.5 MB", with the page's language's decimal mark. */
export function formatBytes(intl: IntlShape, bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const number = intl.formatNumber(value, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  return `${number} ${units[unit]}`;
}

/** "suspendUntil" → "Suspend until": a log detail's key as the screen labels it (known keys are translated). */
export function detailLabel(intl: IntlShape, key: string): string {
  const known = Object.hasOwn(DETAIL_LABELS, key) ? DETAIL_LABELS[key as keyof typeof DETAIL_LABELS] : undefined;
  if (known) return intl.formatMessage(known);
  const words = key
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A log detail's value as text: times as dates, empty values as a dash, lists and objects flattened. */
export function detailValue(intl: IntlShape, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return ISO_TIME.test(value) ? formatDateTime(intl, value) : value;
  if (typeof value === "boolean") return intl.formatMessage(value ? messages.yes : messages.no);
  if (typeof value === "number") return String(value);
  if (Array.isArray(value))
    return intl.formatList(
      value.map((item) => detailValue(intl, item)),
      { type: "unit" },
    );
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) =>
      intl.formatMessage(messages.pair, { label: detailLabel(intl, key), value: detailValue(intl, inner) }),
    )
    .join("; ");
}
