import type { SelfUserView } from "@plaza/contracts/users";
import { AlertTriangle, Download } from "lucide-react";
import { useState } from "react";
import { defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { paths } from "@/lib/paths";
import { ACCOUNT_EXPORT_URL, useCancelDeletion, useScheduleDeletion } from "../api/account-deletion";

const messages = defineMessages({
  title: { id: "users.account.title", defaultMessage: "Account" },
  description: { id: "users.account.description", defaultMessage: "Download your data or delete your account." },
  cancelling: { id: "users.account.cancelling", defaultMessage: "Cancelling..." },
  cancelDeletion: { id: "users.account.cancelDeletion", defaultMessage: "Cancel Deletion" },
  download: { id: "users.account.download", defaultMessage: "Download my data" },
  deleteTitle: { id: "users.account.deleteTitle", defaultMessage: "Delete Account" },
  deleteHint: {
    id: "users.account.deleteHint",
    defaultMessage:
      "Your account will be deleted after a 7-day grace period. Download your data first if you want to keep it.",
  },
  confirmTitle: { id: "users.account.confirmTitle", defaultMessage: "Delete your account?" },
  confirmDescription: {
    id: "users.account.confirmDescription",
    defaultMessage:
      "Your account will be scheduled for deletion and erased after 7 days. You can cancel anytime before then.",
  },
});

const phrases = defineMessages<{ scheduled: { date: string; strong: MessageTag }; downloadHint: { link: MessageTag } }>(
  {
    scheduled: {
      id: "users.account.scheduled",
      defaultMessage: "Your account is scheduled for deletion on <strong>{date}</strong>. You can cancel before then.",
    },
    downloadHint: {
      id: "users.account.downloadHint",
      defaultMessage:
        "Get a copy of your profile, posts, follows, messages and payments as JSON. What Plaza stores, and why, is in the <link>Privacy Policy</link>.",
    },
  },
);

/** Settings → Account: download my data, and deleting the account after its grace period (or cancelling that). */
export function AccountCard({ user }: { user: SelfUserView }) {
  const intl = useIntl();
  const scheduleDeletion = useScheduleDeletion();
  const [isConfirmingDeletion, setIsConfirmingDeletion] = useState(false);
  const cancelDeletion = useCancelDeletion();
  const isScheduled = user.isDeleted && user.deletionGracePeriodEnd !== null;
  const deletionDate = user.deletionGracePeriodEnd
    ? intl.formatDate(user.deletionGracePeriodEnd, {
        year: "numeric",
        month: "long",
        day: "numeric",
      })
    : "";
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {isScheduled && (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-md border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center"
          >
            <AlertTriangle aria-hidden className="h-5 w-5 shrink-0 text-red-600" />
            <p className="flex-1 text-sm text-red-800">
              <FormattedMessage
                {...phrases.scheduled}
                values={{ date: deletionDate, strong: (chunks) => <strong>{chunks}</strong> }}
              />
            </p>
            <Button variant="outline" onClick={() => cancelDeletion.mutate()} disabled={cancelDeletion.isPending}>
              {intl.formatMessage(cancelDeletion.isPending ? messages.cancelling : messages.cancelDeletion)}
            </Button>
          </div>
        )}
        <div className="space-y-2">
          <h3 className="font-medium">{intl.formatMessage(messages.download)}</h3>
          <p className="text-sm text-gray-500">
            <FormattedMessage
              {...phrases.downloadHint}
              values={{
                link: (chunks) => (
                  <Link href={paths.privacy} className="font-medium text-brand-600 underline">
                    {chunks}
                  </Link>
                ),
              }}
            />
          </p>
          <Button variant="outline" asChild>
            <a href={ACCOUNT_EXPORT_URL} download>
              <Download aria-hidden className="me-2 h-4 w-4" /> {intl.formatMessage(messages.download)}
            </a>
          </Button>
        </div>
        <div className="space-y-2 border-t pt-6">
          <h3 className="font-medium text-red-700">{intl.formatMessage(messages.deleteTitle)}</h3>
          <p className="text-sm text-gray-500">{intl.formatMessage(messages.deleteHint)}</p>
          <Button
            variant="destructive"
            disabled={isScheduled || scheduleDeletion.isPending}
            onClick={() => setIsConfirmingDeletion(true)}
          >
            {intl.formatMessage(messages.deleteTitle)}
          </Button>
          <ConfirmDialog
            isOpen={isConfirmingDeletion}
            title={intl.formatMessage(messages.confirmTitle)}
            description={intl.formatMessage(messages.confirmDescription)}
            confirmLabel={intl.formatMessage(messages.deleteTitle)}
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
