import { displayName } from "@plaza/contracts/users.texts";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useText } from "@/i18n/texts";
import { failureMessage } from "@/lib/api-client";
import { useDecideAccount, usePendingAccounts } from "../api/pending-accounts";

const messages = defineMessages({
  approved: defineMessage<{ name: string }>({ id: "admin.pending.approved", defaultMessage: "{name} was approved" }),
  rejected: defineMessage<{ name: string }>({ id: "admin.pending.rejected", defaultMessage: "{name} was rejected" }),
  failed: { id: "admin.pending.failed", defaultMessage: "That did not work." },
  title: { id: "admin.pending.title", defaultMessage: "Waiting for approval" },
  description: {
    id: "admin.pending.description",
    defaultMessage: "New accounts while sign-up needs approval. Each person is mailed the decision.",
  },
  loading: { id: "admin.pending.loading", defaultMessage: "Loading accounts..." },
  empty: { id: "admin.pending.empty", defaultMessage: "Nobody is waiting." },
  listLabel: { id: "admin.pending.listLabel", defaultMessage: "Accounts waiting for approval" },
  approve: { id: "admin.pending.approve", defaultMessage: "Approve" },
  reject: { id: "admin.pending.reject", defaultMessage: "Reject" },
});

/** Accounts waiting for approval (sign-up mode approval), oldest first, each approved or rejected here. */
export function PendingAccountsCard({ isActive }: { isActive: boolean }) {
  const intl = useIntl();
  const text = useText();
  const pending = usePendingAccounts(isActive);
  const decide = useDecideAccount();
  const act = (userId: string, decision: "approve" | "reject", name: string) =>
    decide.mutate(
      { userId, decision },
      {
        onSuccess: () =>
          toast({
            title: intl.formatMessage(decision === "approve" ? messages.approved : messages.rejected, { name }),
          }),
        onError: (failure) =>
          toast({ title: text(failureMessage(failure, intl.formatMessage(messages.failed))), variant: "destructive" }),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
      </CardHeader>
      <CardContent>
        {pending.isLoading && <SkeletonList label={intl.formatMessage(messages.loading)} count={2} />}
        {pending.data?.length === 0 && <p className="text-sm text-gray-500">{intl.formatMessage(messages.empty)}</p>}
        <ul className="divide-y" aria-label={intl.formatMessage(messages.listLabel)}>
          {pending.data?.map((account) => {
            const name = displayName(account);
            return (
              <li key={account.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="truncate font-medium">{name}</p>
                  <p className="truncate text-sm text-gray-500">
                    @{account.username} · {account.email} · <RelativeTime value={account.createdAt} />
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button size="sm" disabled={decide.isPending} onClick={() => act(account.id, "approve", name)}>
                    {intl.formatMessage(messages.approve)}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={decide.isPending}
                    onClick={() => act(account.id, "reject", name)}
                  >
                    {intl.formatMessage(messages.reject)}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
