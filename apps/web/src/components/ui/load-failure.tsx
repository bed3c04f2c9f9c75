import { RefreshCw } from "lucide-react";
import { defineMessages } from "react-intl";
import { failureMessage } from "@/lib/api-client";
import { useAppIntl } from "@/lib/use-app-intl";
import { Button } from "./button";

const messages = defineMessages({
  /** What the view says when the failure came with no sentence of the server's (offline, a dropped connection). */
  fallback: { id: "shell.load-failure.fallback", defaultMessage: "Check your connection and try again." },
  retry: { id: "shell.load-failure.retry", defaultMessage: "Try again" },
});

interface LoadFailureProps {
  /** What could not be loaded, e.g. "Couldn't load this profile". */
  title: string;
  error: unknown;
  onRetry: () => void;
  /** True while the retry's request is out: the button waits instead of asking twice. */
  isRetrying: boolean;
}

/**
 * A page whose subject failed to load for a reason that may pass (no signal on a phone, a server error): it says
 * so and offers to ask again, where "not found" would send a reader away from a profile or post that exists.
 */
export function LoadFailure({ title, error, onRetry, isRetrying }: LoadFailureProps) {
  const intl = useAppIntl();
  return (
    <div role="alert" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-gray-600">{failureMessage(error, intl.formatMessage(messages.fallback))}</p>
      <Button variant="outline" onClick={onRetry} disabled={isRetrying}>
        <RefreshCw aria-hidden className={isRetrying ? "motion-safe:animate-spin" : undefined} />
        {intl.formatMessage(messages.retry)}
      </Button>
    </div>
  );
}
