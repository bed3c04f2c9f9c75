import { displayName } from "@plaza/contracts/users.texts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "@/lib/api-client";
import { useDecideAccount, usePendingAccounts } from "../api/pending-accounts";

/** Accounts waiting for approval (sign-up mode approval), oldest first, each approved or rejected here. */
export function PendingAccountsCard({ isActive }: { isActive: boolean }) {
  const pending = usePendingAccounts(isActive);
  const decide = useDecideAccount();
  const act = (userId: string, decision: "approve" | "reject", name: string) =>
    decide.mutate(
      { userId, decision },
      {
        onSuccess: () => toast({ title: decision === "approve" ? `${name} was approved` : `${name} was rejected` }),
        onError: (failure) => toast({ title: failureMessage(failure, "That did not work."), variant: "destructive" }),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Waiting for approval</CardTitle>
        <CardDescription>
          New accounts while sign-up needs approval. Each person is mailed the decision.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {pending.isLoading && <SkeletonList label="Loading accounts..." count={2} />}
        {pending.data?.length === 0 && <p className="text-sm text-gray-500">Nobody is waiting.</p>}
        <ul className="divide-y" aria-label="Accounts waiting for approval">
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
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={decide.isPending}
                    onClick={() => act(account.id, "reject", name)}
                  >
                    Reject
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
