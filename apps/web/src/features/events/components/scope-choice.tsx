import { EVENT_SCOPES, type EventScope } from "@plaza/contracts/events.texts";
import { useId } from "react";
import { defineMessages, useIntl } from "react-intl";

const SCOPE_LABELS = defineMessages({
  this: { id: "events.scope.this", defaultMessage: "Only this one" },
  following: { id: "events.scope.following", defaultMessage: "This and the following ones" },
});

/**
 * This occurrence of a series, or it and the following ones. Phrasing content only (a radio group of spans), so it
 * can sit inside the confirm dialog's description paragraph.
 */
export function ScopeChoice({
  legend,
  value,
  onChange,
  name,
}: {
  legend: string;
  value: EventScope;
  onChange: (scope: EventScope) => void;
  name: string;
}) {
  const intl = useIntl();
  const legendId = useId();
  return (
    <span role="radiogroup" aria-labelledby={legendId} className="block space-y-1.5 text-start">
      <span id={legendId} className="block text-sm font-medium text-gray-900">
        {legend}
      </span>
      {EVENT_SCOPES.map((scope) => (
        <label key={scope} className="flex min-h-11 items-center gap-2 text-sm text-gray-900 md:min-h-0">
          <input
            type="radio"
            name={name}
            value={scope}
            checked={value === scope}
            onChange={() => onChange(scope)}
            className="h-4 w-4 accent-brand-600"
          />
          {intl.formatMessage(SCOPE_LABELS[scope])}
        </label>
      ))}
    </span>
  );
}
