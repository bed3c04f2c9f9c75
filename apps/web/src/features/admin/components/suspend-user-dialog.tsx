import { type AdminUserView, suspendUserBody } from "@plaza/contracts/admin";
import { ADMIN_TOASTS } from "@plaza/contracts/admin.texts";
import { displayName } from "@plaza/contracts/users.texts";
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
          toast({ title: ADMIN_TOASTS.userSuspended });
          close();
        },
        onError: (failure) => {
          applyServerError(form, failure, ADMIN_TOASTS.suspendFailed);
          toastFailure(failure, ADMIN_TOASTS.suspendFailed);
        },
      },
    );
  };

  return (
    <Dialog open={user !== null} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Suspend user</DialogTitle>
          <DialogDescription>
            {user ? `${displayName(user)} will be able to sign in and read, but not post, message or pay.` : ""}
          </DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} pending={suspend.isPending} className="space-y-4">
          <div className="space-y-3">
            <FormField name="reason" id="suspend-reason" label="Reason" className="space-y-1">
              {(field) => <Textarea maxLength={500} placeholder="Why is this account suspended?" {...field} />}
            </FormField>
            <FormField
              name="until"
              id="suspend-until"
              label="Suspended until (optional)"
              description="Leave empty to suspend until lifted by an admin."
              className="space-y-1"
            >
              {(field) => <Input type="datetime-local" {...field} />}
            </FormField>
            <FormMessage />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <FormSubmit variant="destructive" pendingLabel="Suspending...">
              Suspend
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
