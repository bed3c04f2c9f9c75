import { EVENT_SCOPES, EVENT_TEXTS, type EventScope } from "@plaza/contracts/events.texts";
import { useId } from "react";

const SCOPE_LABELS: Record<EventScope, string> = {
  this: EVENT_TEXTS.scopeThis,
  following: EVENT_TEXTS.scopeFollowing,
};

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
  const legendId = useId();
  return (
    <span role="radiogroup" aria-labelledby={legendId} className="block space-y-1.5 text-left">
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
          {SCOPE_LABELS[scope]}
        </label>
      ))}
    </span>
  );
}
