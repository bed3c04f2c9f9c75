import { APPEAL_TEXT_MAX_LENGTH, MODERATION_TEXTS, noticeHeadline } from "@plaza/contracts/moderation.texts";
import { type FormEvent, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadFailure } from "@/components/ui/load-failure";
import { PageSkeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { useText } from "@/i18n/texts";
import { failureMessage } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useCreateAppeal } from "../api/create-appeal";
import { useNotice } from "../api/get-notice";

const messages = defineMessages({
  loading: { id: "moderation.notice.loading", defaultMessage: "Loading the notice..." },
  loadFailed: { id: "moderation.notice.loadFailed", defaultMessage: "Could not load the notice." },
  appealFailed: { id: "moderation.notice.appealFailed", defaultMessage: "Could not send the appeal." },
});

const phrases = defineMessages<{ appealUntil: { date: string } }>({
  appealUntil: { id: "moderation.notice.appealUntil", defaultMessage: "Until {date}." },
});

/** A moderation notice as its person reads it: what, which rule, which post, and the one appeal. */
export function NoticeScreen({ noticeId }: { noticeId: string }) {
  const intl = useIntl();
  const text = useText();
  const dateText = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
  const notice = useNotice(noticeId);
  const appeal = useCreateAppeal();
  const [appealText, setAppealText] = useState("");
  if (notice.isLoading) return <PageSkeleton label={intl.formatMessage(messages.loading)} />;
  if (!notice.data) {
    return (
      <LoadFailure
        title={intl.formatMessage(messages.loadFailed)}
        error={notice.error}
        onRetry={() => notice.refetch()}
        isRetrying={notice.isFetching}
      />
    );
  }
  const view = notice.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    appeal.mutate({ noticeId, text: appealText });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text(MODERATION_TEXTS.noticeTitle)}</CardTitle>
        <p className="text-sm text-gray-600">{dateText(view.createdAt)}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="font-medium" data-testid="notice-headline">
          {text(noticeHeadline(view.action, view.suspendUntil))}
        </p>
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="font-medium">{text(MODERATION_TEXTS.ruleLabel)}</dt>
            <dd className="wrap-anywhere">{view.rule}</dd>
          </div>
          {view.postPreview && (
            <div>
              <dt className="font-medium">{text(MODERATION_TEXTS.postLabel)}</dt>
              <dd className="wrap-anywhere">
                {view.postId && view.action !== "delete_post" ? (
                  <Link href={paths.post(view.postId)} className="underline">
                    {view.postPreview}
                  </Link>
                ) : (
                  view.postPreview
                )}
              </dd>
            </div>
          )}
          {view.reason && (
            <div>
              <dt className="font-medium">{text(MODERATION_TEXTS.moderatorMessage)}</dt>
              <dd className="wrap-anywhere">{view.reason}</dd>
            </div>
          )}
        </dl>
        {view.reversedAt && (
          <p className="rounded bg-green-50 p-2 text-sm text-green-800">{text(MODERATION_TEXTS.reversed)}</p>
        )}
        {view.appeal ? (
          <section className="space-y-1 rounded bg-gray-50 p-3 text-sm" data-testid="notice-appeal">
            <p className="font-medium">{text(MODERATION_TEXTS.appealStatus[view.appeal.status])}</p>
            <p className="wrap-anywhere text-gray-700">{view.appeal.text}</p>
            {view.appeal.decisionNote && <p className="text-gray-600">{view.appeal.decisionNote}</p>}
          </section>
        ) : view.canAppeal ? (
          <form onSubmit={submit} className="space-y-2">
            <h2 className="font-semibold">{text(MODERATION_TEXTS.appealTitle)}</h2>
            <p className="text-sm text-gray-600">
              {text(MODERATION_TEXTS.appealHint)}{" "}
              {intl.formatMessage(phrases.appealUntil, { date: dateText(view.appealDeadline) })}
            </p>
            <Textarea
              aria-label={text(MODERATION_TEXTS.appealTitle)}
              placeholder={text(MODERATION_TEXTS.appealPlaceholder)}
              maxLength={APPEAL_TEXT_MAX_LENGTH}
              rows={4}
              value={appealText}
              onChange={(event) => setAppealText(event.target.value)}
            />
            {appeal.error && (
              <p role="alert" className="text-sm text-red-700">
                {failureMessage(appeal.error, intl.formatMessage(messages.appealFailed))}
              </p>
            )}
            <Button type="submit" className="min-h-11" disabled={appeal.isPending}>
              {text(MODERATION_TEXTS.sendAppeal)}
            </Button>
          </form>
        ) : (
          !view.reversedAt && <p className="text-sm text-gray-600">{text(MODERATION_TEXTS.appealClosed)}</p>
        )}
      </CardContent>
    </Card>
  );
}
