import type { SelfUserView } from "@plaza/contracts/users";
import { AlertTriangle, Download } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { paths } from "@/lib/paths";
import { ACCOUNT_EXPORT_URL, useCancelDeletion, useScheduleDeletion } from "../api/account-deletion";

/** Settings → Account: download my data, and deleting the account after its grace period (or cancelling that). */
export function AccountCard({ user }: { user: SelfUserView }) {
  const scheduleDeletion = useScheduleDeletion();
  const [isConfirmingDeletion, setIsConfirmingDeletion] = useState(false);
  const cancelDeletion = useCancelDeletion();
  const isScheduled = user.isDeleted && user.deletionGracePeriodEnd !== null;
  const deletionDate = user.deletionGracePeriodEnd
    ? new Date(user.deletionGracePeriodEnd).toLocaleDateString(undefined, {
        year: "numeric",
        month: "long",
        day: "numeric",
      })
    : "";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>Download your data or delete your account.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {isScheduled && (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-md border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center"
          >
            <AlertTriangle aria-hidden className="h-5 w-5 shrink-0 text-red-600" />
            <p className="flex-1 text-sm text-red-800">
              Your account is scheduled for deletion on <strong>{deletionDate}</strong>. You can cancel before then.
            </p>
            <Button variant="outline" onClick={() => cancelDeletion.mutate()} disabled={cancelDeletion.isPending}>
              {cancelDeletion.isPending ? "Cancelling..." : "Cancel Deletion"}
            </Button>
          </div>
        )}
        <div className="space-y-2">
          <h3 className="font-medium">Download my data</h3>
          <p className="text-sm text-gray-500">
            Get a copy of your profile, posts, follows, messages and payments as JSON. What Plaza stores, and why, is in
            the{" "}
            <Link href={paths.privacy} className="font-medium text-brand-600 underline">
              Privacy Policy
            </Link>
            .
          </p>
          <Button variant="outline" asChild>
            <a href={ACCOUNT_EXPORT_URL} download>
              <Download aria-hidden className="mr-2 h-4 w-4" /> Download my data
            </a>
          </Button>
        </div>
        <div className="space-y-2 border-t pt-6">
          <h3 className="font-medium text-red-700">Delete Account</h3>
          <p className="text-sm text-gray-500">
            Your account will be deleted after a 7-day grace period. Download your data first if you want to keep it.
          </p>
          <Button
            variant="destructive"
            disabled={isScheduled || scheduleDeletion.isPending}
            onClick={() => setIsConfirmingDeletion(true)}
          >
            Delete Account
          </Button>
          <ConfirmDialog
            isOpen={isConfirmingDeletion}
            title="Delete your account?"
            description="Your account will be scheduled for deletion and erased after 7 days. You can cancel anytime before then."
            confirmLabel="Delete Account"
            onConfirm={() => {
              setIsConfirmingDeletion(false);
              scheduleDeletion.mutate();
            }}
            onCancel={() => setIsConfirmingDeletion(false)}
          />
        </div>
      </CardContent>
    </Card>
  );
}
