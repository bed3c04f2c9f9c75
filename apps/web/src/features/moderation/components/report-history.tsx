import type { ModerationEventView } from "@plaza/contracts/moderation";
import {
  MODERATION_ACTION_LABELS,
  MODERATION_ACTIONS,
  MODERATION_TEXTS,
  type ModerationAction,
} from "@plaza/contracts/moderation.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { type FormEvent, useState } from "react";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Textarea } from "@/components/ui/textarea";
import { useText } from "@/i18n/texts";
import { failureMessage } from "@/lib/api-client";
import { useAddReportNote } from "../api/add-report-note";
import { useAccountHistory } from "../api/get-account-history";
import { useReportHistory } from "../api/get-report-history";

const KIND_LABELS = defineMessages({
  assigned: { id: "moderation.history.assigned", defaultMessage: "Assigned" },
  note: { id: "moderation.history.note", defaultMessage: "Note" },
  resolved: { id: "moderation.history.resolved", defaultMessage: "Resolved" },
  action: { id: "moderation.history.action", defaultMessage: "Action" },
  appeal: { id: "moderation.history.appeal", defaultMessage: "Appeal" },
  appeal_granted: { id: "moderation.history.appealGranted", defaultMessage: "Appeal granted" },
  appeal_denied: { id: "moderation.history.appealDenied", defaultMessage: "Appeal denied" },
} satisfies Record<ModerationEventView["kind"], unknown>);

const messages = defineMessages({
  noteFailed: { id: "moderation.history.noteFailed", defaultMessage: "Could not add the note." },
  accountHistory: { id: "moderation.history.account", defaultMessage: "Account history" },
  loading: { id: "moderation.history.loading", defaultMessage: "Loading the history..." },
});

const phrases = defineMessages<{ by: { name: string }; actionRule: { action: string; rule: string } }>({
  by: { id: "moderation.history.by", defaultMessage: "by {name}" },
  actionRule: { id: "moderation.history.actionRule", defaultMessage: "{action} · rule: {rule}" },
});

/** A history entry's action in the page's language ("Hide post"); an unknown one as written. */
function actionLabel(text: (english: string) => string, action: unknown): string | null {
  if (typeof action !== "string") return null;
  const known = (MODERATION_ACTIONS as readonly string[]).includes(action);
  return known ? text(MODERATION_ACTION_LABELS[action as ModerationAction]) : action.replace(/_/g, " ");
}

/** What a history entry says besides its kind: the note, the action and its rule, or the outcome. */
function entryText(intl: IntlShape, text: (english: string) => string, event: ModerationEventView): string | null {
  const action = actionLabel(text, event.data.action);
  if (event.kind === "action") {
    return intl.formatMessage(phrases.actionRule, { action: action ?? "", rule: event.text ?? "" });
  }
  // A resolution's text already names the action ("Hide post: 1. No spam"); without one, the action alone.
  if (event.kind === "resolved") return event.text || action;
  return event.text;
}

/** The entries of a report's or an account's history, oldest first. */
function HistoryEntries({ events, testId }: { events: ModerationEventView[] | undefined; testId: string }) {
  const intl = useIntl();
  const text = useText();
  if (events === undefined) return <p className="text-sm text-gray-600">{intl.formatMessage(messages.loading)}</p>;
  if (events.length === 0) return <p className="text-sm text-gray-600">{text(MODERATION_TEXTS.noHistory)}</p>;
  return (
    <ol className="space-y-2" data-testid={testId}>
      {events.map((event) => (
        <li key={event.id} className="text-sm">
          <span className="font-medium">{intl.formatMessage(KIND_LABELS[event.kind])}</span>
          {event.actor && (
            <span className="text-gray-600"> {intl.formatMessage(phrases.by, { name: displayName(event.actor) })}</span>
          )}{" "}
          <RelativeTime className="text-xs text-gray-500" value={event.createdAt} />
          {entryText(intl, text, event) && (
            <p className="wrap-anywhere text-gray-700">{entryText(intl, text, event)}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A report's history, oldest first, and the form for a private note. */
export function ReportHistory({ reportId }: { reportId: string }) {
  const intl = useIntl();
  const text = useText();
  const history = useReportHistory(reportId, true);
  const addNote = useAddReportNote();
  const [note, setNote] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    addNote.mutate({ reportId, text: note }, { onSuccess: () => setNote("") });
  };
  return (
    <section aria-label={text(MODERATION_TEXTS.history)} className="space-y-3 rounded-md bg-gray-50 p-3">
      <h4 className="text-sm font-semibold">{text(MODERATION_TEXTS.history)}</h4>
      <HistoryEntries events={history.data} testId="report-history" />
      <form onSubmit={submit} className="space-y-2">
        <Textarea
          aria-label={text(MODERATION_TEXTS.addNote)}
          placeholder={text(MODERATION_TEXTS.notePlaceholder)}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          rows={2}
        />
        {addNote.error && (
          <p className="text-sm text-red-700">
            {failureMessage(addNote.error, intl.formatMessage(messages.noteFailed))}
          </p>
        )}
        <Button type="submit" size="sm" variant="outline" className="min-h-11" disabled={addNote.isPending}>
          {text(MODERATION_TEXTS.addNote)}
        </Button>
      </form>
    </section>
  );
}

/**
 * An account's history in moderation, oldest first: the reports on it and their steps, the actions, notices and
 * appeals (GET /api/admin/users/{id}/moderation-history) — for the queue and the admin console's user details.
 */
export function AccountHistory({ userId }: { userId: string }) {
  const intl = useIntl();
  const history = useAccountHistory(userId, true);
  return (
    <section aria-label={intl.formatMessage(messages.accountHistory)} className="space-y-3 rounded-md bg-gray-50 p-3">
      <h4 className="text-sm font-semibold">{intl.formatMessage(messages.accountHistory)}</h4>
      <HistoryEntries events={history.data} testId="account-history" />
    </section>
  );
}
