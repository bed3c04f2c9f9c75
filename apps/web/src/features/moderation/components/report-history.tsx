import type { ModerationEventView } from "@plaza/contracts/moderation";
import { MODERATION_TEXTS } from "@plaza/contracts/moderation.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { type FormEvent, useState } from "react";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Textarea } from "@/components/ui/textarea";
import { useText } from "@/i18n/texts";
import { failureMessage } from "@/lib/api-client";
import { useAddReportNote } from "../api/add-report-note";
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
});

const phrases = defineMessages<{ by: { name: string }; actionRule: { action: string; rule: string } }>({
  by: { id: "moderation.history.by", defaultMessage: "by {name}" },
  actionRule: { id: "moderation.history.actionRule", defaultMessage: "{action} · rule: {rule}" },
});

/** What a history entry says besides its kind: the note, the rule or the outcome. */
function entryText(intl: IntlShape, event: ModerationEventView): string | null {
  const action = typeof event.data.action === "string" ? event.data.action.replace(/_/g, " ") : null;
  if (event.kind === "action") {
    return intl.formatMessage(phrases.actionRule, { action: action ?? "", rule: event.text ?? "" });
  }
  if (event.kind === "resolved") return [action, event.text].filter(Boolean).join(" · ");
  return event.text;
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
      {history.data?.length === 0 && <p className="text-sm text-gray-600">{text(MODERATION_TEXTS.noHistory)}</p>}
      <ol className="space-y-2" data-testid="report-history">
        {history.data?.map((event) => (
          <li key={event.id} className="text-sm">
            <span className="font-medium">{intl.formatMessage(KIND_LABELS[event.kind])}</span>
            {event.actor && (
              <span className="text-gray-600">
                {" "}
                {intl.formatMessage(phrases.by, { name: displayName(event.actor) })}
              </span>
            )}{" "}
            <RelativeTime className="text-xs text-gray-500" value={event.createdAt} />
            {entryText(intl, event) && <p className="wrap-anywhere text-gray-700">{entryText(intl, event)}</p>}
          </li>
        ))}
      </ol>
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
