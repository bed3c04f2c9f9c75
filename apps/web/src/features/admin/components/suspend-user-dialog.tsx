import { type AdminUserView, suspendUserBody } from "@plaza/contracts/admin";
import { displayName } from "@plaza/contracts/users.texts";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useSuspendUser } from "../api/suspend-user";

const messages = defineMessages({
  title: { id: "admin.suspend.title", defaultMessage: "Suspend user" },
  description: defineMessage<{ name: string }>({
    id: "admin.suspend.description",
    defaultMessage: "{name} will be able to sign in and read, but not post, message or pay.",
  }),
  reason: { id: "admin.suspend.reason", defaultMessage: "Reason" },
  reasonPlaceholder: { id: "admin.suspend.reasonPlaceholder", defaultMessage: "Why is this account suspended?" },
  until: { id: "admin.suspend.until", defaultMessage: "Suspended until (optional)" },
  untilDescription: {
    id: "admin.suspend.untilDescription",
    defaultMessage: "Leave empty to suspend until lifted by an admin.",
  },
  cancel: { id: "admin.suspend.cancel", defaultMessage: "Cancel" },
  suspending: { id: "admin.suspend.suspending", defaultMessage: "Suspending..." },
  suspend: { id: "admin.suspend.submit", defaultMessage: "Suspend" },
  suspended: { id: "admin.suspend.suspended", defaultMessage: "User suspended" },
  failed: { id: "admin.suspend.failed", defaultMessage: "Failed to suspend user." },
});

/** The dialog's fields (a datetime-local value for the end) checked and turned into the contract's body. */
const suspendForm = z.object({ reason: z.string(), until: z.string() }).transform((values, context) => {
  const end = values.until ? new Date(values.until) : null;
  const parsed = suspendUserBody.safeParse({
    reason: values.reason.trim() || undefined,
    suspendUntil: end && !Number.isNaN(end.getTime()) ? end.toISOString() : end ? values.until : null,
  });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    context.addIssue({
      code: "custom",
      message: issue.message,
      path: [issue.path[0] === "reason" ? "reason" : "until"],
    });
  }
  return z.NEVER;
});

/** Asks for a reason and an optional end date, then suspends (docs/PRODUCT.md "Admin and moderation"). */
export function SuspendUserDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  const intl = useIntl();
  const form = useZodForm(suspendForm, { defaultValues: { reason: "", until: "" } });
  const suspend = useSuspendUser();

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = (body: z.output<typeof suspendForm>) => {
    if (!user) return;
    suspend.mutate(
      { userId: user.id, body },
      {
        onSuccess: () => {
          toast({ title: intl.formatMessage(messages.suspended) });
          close();
        },
        onError: (failure) => {
          applyServerError(form, failure, intl.formatMessage(messages.failed));
          toastFailure(failure, intl.formatMessage(messages.failed));
        },
      },
    );
  };

  return (
    <Dialog open={user !== null} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(messages.title)}</DialogTitle>
          <DialogDescription>
            {user ? intl.formatMessage(messages.description, { name: displayName(user) }) : ""}
          </DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} pending={suspend.isPending} className="space-y-4">
          <div className="space-y-3">
            <FormField
              name="reason"
              id="suspend-reason"
              label={intl.formatMessage(messages.reason)}
              className="space-y-1"
            >
              {(field) => (
                <Textarea maxLength={500} placeholder={intl.formatMessage(messages.reasonPlaceholder)} {...field} />
              )}
            </FormField>
            <FormField
              name="until"
              id="suspend-until"
              label={intl.formatMessage(messages.until)}
              description={intl.formatMessage(messages.untilDescription)}
              className="space-y-1"
            >
              {(field) => <Input type="datetime-local" {...field} />}
            </FormField>
            <FormMessage />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            <FormSubmit variant="destructive" pendingLabel={intl.formatMessage(messages.suspending)}>
              {intl.formatMessage(messages.suspend)}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
