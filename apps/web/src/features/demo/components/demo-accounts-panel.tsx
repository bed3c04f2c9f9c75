import type { DemoAccountView } from "@plaza/contracts/demo";
import { DEMO_TEXTS } from "@plaza/contracts/demo.texts";
import { LogIn } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useDemoAccounts } from "../api/get-demo-accounts";

interface DemoAccountsPanelProps {
  /** Signs in with the account's address and the demo password (the page owns the sign-in call). */
  onSignIn: (credentials: { email: string; password: string }) => void;
  pending: boolean;
  error: string | undefined;
}

/** Sign-in page: the demo town's accounts, one click each (only when the server holds demo data). */
export function DemoAccountsPanel({ onSignIn, pending, error }: DemoAccountsPanelProps) {
  const demo = useDemoAccounts();
  if (!demo.data) return null;
  const { accounts, password, town } = demo.data;
  const signInAs = (account: DemoAccountView) => onSignIn({ email: account.email, password });

  return (
    <Card className="w-full max-w-md" aria-labelledby="demo-accounts-title">
      <CardHeader>
        <CardTitle id="demo-accounts-title">{DEMO_TEXTS.title}</CardTitle>
        <CardDescription>{DEMO_TEXTS.description(town)}</CardDescription>
        <p className="text-sm text-gray-600">
          {DEMO_TEXTS.password}{" "}
          <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-gray-900">{password}</code>
        </p>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2" aria-label={DEMO_TEXTS.title}>
          {accounts.map((account) => (
            <li
              key={account.email}
              className="flex flex-col items-stretch gap-3 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{account.name}</span>
                  <Badge variant="secondary">{DEMO_TEXTS.roles[account.role]}</Badge>
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
                <LogIn aria-hidden className="h-4 w-4" />
                {DEMO_TEXTS.signIn}
                <span className="sr-only">{DEMO_TEXTS.asName(account.name)}</span>
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
