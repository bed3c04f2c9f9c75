import type { AdminAppealView } from "@plaza/contracts/moderation";
import {
  APPEAL_STATUSES,
  type AppealStatus,
  MODERATION_ACTION_LABELS,
  MODERATION_TEXTS,
} from "@plaza/contracts/moderation.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { useText } from "@/i18n/texts";
import { failureMessage } from "@/lib/api-client";
import { useDecideAppeal } from "../api/decide-appeal";
import { useAppeals } from "../api/get-appeals";

const messages = defineMessages({
  note: { id: "moderation.appeals.note", defaultMessage: "A note to the person (optional)" },
  decideFailed: { id: "moderation.appeals.decideFailed", defaultMessage: "Could not decide the appeal." },
  description: {
    id: "moderation.appeals.description",
    defaultMessage: "People asking for a decision to be looked at again.",
  },
  loading: { id: "moderation.appeals.loading", defaultMessage: "Loading appeals..." },
  failed: { id: "moderation.appeals.failed", defaultMessage: "Failed to load the appeals." },
});

function AppealItem({ appeal }: { appeal: AdminAppealView }) {
  const intl = useIntl();
  const text = useText();
  const decide = useDecideAppeal();
  const [note, setNote] = useState("");
  const { notice } = appeal;
  return (
    <article className="space-y-2 rounded-lg border p-3 text-sm" data-testid="appeal-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-gray-100 px-2 py-0.5 text-xs font-medium">
          {text(MODERATION_ACTION_LABELS[notice.action])}
        </span>
        {appeal.user && <span className="font-medium">{displayName(appeal.user)}</span>}
        <RelativeTime value={appeal.createdAt} className="ms-auto text-xs text-gray-500" />
      </div>
      <p>
        <span className="font-medium">{text(MODERATION_TEXTS.ruleLabel)}:</span> {notice.rule}
      </p>
      {notice.postPreview && (
        <p className="wrap-anywhere rounded bg-gray-50 p-2 text-gray-800">
          <span className="font-medium">{text(MODERATION_TEXTS.postLabel)}:</span> {notice.postPreview}
        </p>
      )}
      <blockquote className="wrap-anywhere border-s-4 border-brand-200 ps-3 text-gray-800">{appeal.text}</blockquote>
      {appeal.decisionNote && <p className="text-gray-600">{appeal.decisionNote}</p>}
      {appeal.status === "open" && (
        <div className="space-y-2">
          <Textarea
            aria-label={intl.formatMessage(messages.note)}
            placeholder={intl.formatMessage(messages.note)}
            rows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          {decide.error && (
            <p className="text-red-700">{failureMessage(decide.error, intl.formatMessage(messages.decideFailed))}</p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              className="min-h-11"
              disabled={decide.isPending}
              onClick={() => decide.mutate({ appealId: appeal.id, isGranted: false, note })}
            >
              {text(MODERATION_TEXTS.deny)}
            </Button>
            <Button
              className="min-h-11"
              disabled={decide.isPending}
              onClick={() => decide.mutate({ appealId: appeal.id, isGranted: true, note })}
            >
              {text(MODERATION_TEXTS.grant)}
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}

/** The appeals queue: each appeal with its notice; granting reverses the action, denying tells the person. */
export function AppealsTab({ isActive }: { isActive: boolean }) {
  const intl = useIntl();
  const text = useText();
  const [status, setStatus] = useState<AppealStatus>("open");
  const appeals = useAppeals(status, isActive);
  const rows = appeals.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text(MODERATION_TEXTS.appealsTab)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
        <div className="flex flex-wrap gap-1 pt-2">
          {APPEAL_STATUSES.map((option) => (
            <Button
              key={option}
              size="sm"
              className="min-h-11"
              aria-pressed={option === status}
              variant={option === status ? "default" : "outline"}
              onClick={() => setStatus(option)}
            >
              {text(MODERATION_TEXTS.appealStatusLabels[option])}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        {appeals.isLoading && (
          <SkeletonList label={intl.formatMessage(messages.loading)} count={2} itemClassName="h-24" />
        )}
        {appeals.isError && <p className="text-sm text-red-600">{intl.formatMessage(messages.failed)}</p>}
        {appeals.isSuccess && rows.length === 0 && (
          <p className="py-6 text-center text-gray-500">{text(MODERATION_TEXTS.emptyAppeals)}</p>
        )}
        {rows.map((appeal) => (
          <AppealItem key={appeal.id} appeal={appeal} />
        ))}
        <LoadMore
          hasNextPage={appeals.hasNextPage}
          isFetchingNextPage={appeals.isFetchingNextPage}
          onLoadMore={() => appeals.fetchNextPage()}
        />
      </CardContent>
    </Card>
  );
}
