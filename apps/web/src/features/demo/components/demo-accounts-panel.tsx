import type { DemoAccountView } from "@plaza/contracts/demo";
import { LogIn } from "lucide-react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useDemoAccounts } from "../api/get-demo-accounts";

// The web's own words for the contracts' DEMO_TEXTS (same English).
const messages = defineMessages({
  title: { id: "demo.accounts.title", defaultMessage: "Try the demo town" },
  description: defineMessage<{ town: string }>({
    id: "demo.accounts.description",
    defaultMessage: "{town} is filled with demo people, businesses and posts. Pick an account:",
  }),
  password: { id: "demo.accounts.password", defaultMessage: "Password for every demo account:" },
  /** The button reads "Sign in"; screen readers hear "Sign in as <name>". */
  signIn: { id: "demo.accounts.signIn", defaultMessage: "Sign in" },
  asName: defineMessage<{ name: string }>({ id: "demo.accounts.asName", defaultMessage: " as {name}" }),
});

const ROLES = defineMessages({
  superuser: { id: "demo.accounts.role.superuser", defaultMessage: "Superuser" },
  creator: { id: "demo.accounts.role.creator", defaultMessage: "Creator" },
  business: { id: "demo.accounts.role.business", defaultMessage: "Business owner" },
  regular: { id: "demo.accounts.role.regular", defaultMessage: "Regular" },
});

interface DemoAccountsPanelProps {
  /** Signs in with the account's address and the demo password (the page owns the sign-in call). */
  onSignIn: (credentials: { email: string; password: string }) => void;
  pending: boolean;
  error: string | undefined;
}

/** Sign-in page: the demo town's accounts, one click each (only when the server holds demo data). */
export function DemoAccountsPanel({ onSignIn, pending, error }: DemoAccountsPanelProps) {
  const intl = useIntl();
  const demo = useDemoAccounts();
  if (!demo.data) return null;
  const { accounts, password, town } = demo.data;
  const signInAs = (account: DemoAccountView) => onSignIn({ email: account.email, password });

  return (
    <Card className="w-full max-w-md" aria-labelledby="demo-accounts-title">
      <CardHeader>
        <CardTitle id="demo-accounts-title">{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description, { town })}</CardDescription>
        <p className="text-sm text-gray-600">
          {intl.formatMessage(messages.password)}{" "}
          <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-gray-900">{password}</code>
        </p>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2" aria-label={intl.formatMessage(messages.title)}>
          {accounts.map((account) => (
            <li
              key={account.email}
              className="flex flex-col items-stretch gap-3 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{account.name}</span>
                  <Badge variant="secondary">{intl.formatMessage(ROLES[account.role])}</Badge>
                </div>
                {/* Breaks only after the "@" or before a dot when it must, never mid-word. */}
                <p className="text-xs break-words text-gray-600">
                  {account.email.split(/(?=[@.])/).map((part, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed address
                    <span key={index}>
                      {index > 0 && <wbr />}
                      {part}
                    </span>
                  ))}
                </p>
                <p className="text-xs text-gray-600">{account.description}</p>
              </div>
              <Button
                type="button"
                size="sm"
                variant="outline"
                className="shrink-0 self-start sm:self-auto"
                disabled={pending}
                onClick={() => signInAs(account)}
              >
                <LogIn aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
                {intl.formatMessage(messages.signIn)}
                <span className="sr-only">{intl.formatMessage(messages.asName, { name: account.name })}</span>
              </Button>
            </li>
          ))}
        </ul>
        {error && (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
