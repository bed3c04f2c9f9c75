import type { InstanceRule } from "@plaza/contracts/instance.texts";
import { defineMessage, defineMessages, useIntl } from "react-intl";

const messages = defineMessages({
  title: defineMessage<{ name: string }>({ id: "auth.rules.title", defaultMessage: "The rules of {name}" }),
  accept: { id: "auth.rules.accept", defaultMessage: "I have read the rules and accept them" },
});

/** The instance's rules, in order, and the box that accepts them (the server refuses a sign-up without it). */
export function RulesConsent({
  name,
  rules,
  isAccepted,
  error,
  onChange,
}: {
  name: string;
  rules: InstanceRule[];
  isAccepted: boolean;
  error: string | null;
  onChange: (isAccepted: boolean) => void;
}) {
  const intl = useIntl();
  return (
    <section aria-labelledby="register-rules-title" className="space-y-2 rounded-lg border p-3">
      <h3 id="register-rules-title" className="text-sm font-semibold">
        {intl.formatMessage(messages.title, { name })}
      </h3>
      <ol className="list-decimal space-y-1 ps-5 text-sm text-gray-700">
        {rules.map((rule) => (
          <li key={rule.id} className="break-words">
            {rule.text}
          </li>
        ))}
      </ol>
      <label htmlFor="register-rules" className="flex min-h-11 items-center gap-2 text-sm text-gray-700">
        <input
          id="register-rules"
          type="checkbox"
          checked={isAccepted}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={error ? "register-rules-error" : undefined}
          className="h-4 w-4 shrink-0 accent-brand-600"
        />
        {intl.formatMessage(messages.accept)}
      </label>
      {error && (
        <p id="register-rules-error" role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </section>
  );
}
