import type { ModerationEventView } from "@plaza/contracts/moderation";
import { MODERATION_TEXTS } from "@plaza/contracts/moderation.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Textarea } from "@/components/ui/textarea";
import { failureMessage } from "@/lib/api-client";
import { useAddReportNote } from "../api/add-report-note";
import { useReportHistory } from "../api/get-report-history";

const KIND_LABELS: Record<ModerationEventView["kind"], string> = {
  assigned: "Assigned",
  note: "Note",
  resolved: "Resolved",
  action: "Action",
  appeal: "Appeal",
  appeal_granted: "Appeal granted",
  appeal_denied: "Appeal denied",
};

/** What a history entry says besides its kind: the note, the rule or the outcome. */
function entryText(event: ModerationEventView): string | null {
  const action = typeof event.data.action === "string" ? event.data.action.replace(/_/g, " ") : null;
  if (event.kind === "action") return `${action ?? ""} · rule: ${event.text ?? ""}`;
  if (event.kind === "resolved") return [action, event.text].filter(Boolean).join(" · ");
  return event.text;
}

/** A report's history, oldest first, and the form for a private note. */
export function ReportHistory({ reportId }: { reportId: string }) {
  const history = useReportHistory(reportId, true);
  const addNote = useAddReportNote();
  const [note, setNote] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    addNote.mutate({ reportId, text: note }, { onSuccess: () => setNote("") });
  };
  return (
    <section aria-label={MODERATION_TEXTS.history} className="space-y-3 rounded-md bg-gray-50 p-3">
      <h4 className="text-sm font-semibold">{MODERATION_TEXTS.history}</h4>
      {history.data?.length === 0 && <p className="text-sm text-gray-600">{MODERATION_TEXTS.noHistory}</p>}
      <ol className="space-y-2" data-testid="report-history">
        {history.data?.map((event) => (
          <li key={event.id} className="text-sm">
            <span className="font-medium">{KIND_LABELS[event.kind]}</span>
            {event.actor && <span className="text-gray-600"> by {displayName(event.actor)}</span>}{" "}
            <RelativeTime className="text-xs text-gray-500" value={event.createdAt} />
            {entryText(event) && <p className="wrap-anywhere text-gray-700">{entryText(event)}</p>}
          </li>
        ))}
      </ol>
      <form onSubmit={submit} className="space-y-2">
        <Textarea
          aria-label={MODERATION_TEXTS.addNote}
          placeholder={MODERATION_TEXTS.notePlaceholder}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          rows={2}
        />
        {addNote.error && (
          <p className="text-sm text-red-700">{failureMessage(addNote.error, "Could not add the note.")}</p>
        )}
        <Button type="submit" size="sm" variant="outline" className="min-h-11" disabled={addNote.isPending}>
          {MODERATION_TEXTS.addNote}
        </Button>
      </form>
    </section>
  );
}
