import { useEffect, useState } from "react";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { useVisitCode } from "../api/get-visit-code";
import { VisitCodeQr } from "./visit-code-qr";

const phrases = defineMessages<{
  changesIn: { countdown: string | number };
  countdown: { minutes: string | number; seconds: string | number };
}>({
  changesIn: { id: "businesses.visitCode.changesIn", defaultMessage: "Changes in {countdown}" },
  countdown: { id: "businesses.visitCode.countdown", defaultMessage: "{minutes}:{seconds}" },
});
const messages = defineMessages({
  title: { id: "businesses.visitCode.title", defaultMessage: "Visit Code" },
  description: {
    id: "businesses.visitCode.description",
    defaultMessage: "Customers enter this code to verify their check-in. It changes every 10 minutes.",
  },
  loading: { id: "businesses.visitCode.loading", defaultMessage: "Loading code..." },
  loadFailed: { id: "businesses.visitCode.loadFailed", defaultMessage: "Could not load the visit code." },
});

/** "9:05": minutes and seconds left, in the reader's digits. */
function formatCountdown(intl: IntlShape, seconds: number): string {
  return intl.formatMessage(phrases.countdown, {
    minutes: intl.formatNumber(Math.floor(seconds / 60)),
    seconds: intl.formatNumber(seconds % 60, { minimumIntegerDigits: 2 }),
  });
}

/**
 * The rotating visit code, large enough to read from across the counter, with the time until it changes, and as
 * a QR code that opens the check-in with the code filled in.
 */
export function VisitCodePanel({ businessId }: { businessId: string }) {
  const intl = useIntl();
  const { data, dataUpdatedAt, isLoading, isError } = useVisitCode(businessId);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const secondsLeft = data ? Math.max(0, data.secondsRemaining - Math.floor((now - dataUpdatedAt) / 1000)) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <LoadingRegion label={intl.formatMessage(messages.loading)}>
            <Skeleton className="mx-auto h-40 w-40" />
          </LoadingRegion>
        ) : isError || !data ? (
          <p className="text-sm text-red-600">{intl.formatMessage(messages.loadFailed)}</p>
        ) : (
          <div className="text-center">
            <p
              data-testid="visit-code"
              className="font-mono text-5xl font-bold tracking-[0.3em] text-gray-900 sm:text-6xl"
            >
              {data.code}
            </p>
            <p className="mt-2 text-sm text-gray-500">
              {intl.formatMessage(phrases.changesIn, { countdown: formatCountdown(intl, secondsLeft) })}
            </p>
            <div className="mt-4">
              <VisitCodeQr businessId={businessId} visitCode={data.code} />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
