import { ADMIN_TOASTS, type AdminUserView, suspendUserBody } from "@plaza/contracts/admin";
import { displayName } from "@plaza/contracts/users";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { useSuspendUser } from "../api/suspend-user";

/** Asks for a reason and an optional end date, then suspends (docs/PRODUCT.md "Admin and moderation"). */
export function SuspendUserDialog({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [until, setUntil] = useState("");
  const [error, setError] = useState<string | null>(null);
  const suspend = useSuspendUser();

  const close = () => {
    setReason("");
    setUntil("");
    setError(null);
    onClose();
  };

  const submit = () => {
    if (!user) return;
    const parsed = suspendUserBody.safeParse({
      reason: reason.trim() || undefined,
      suspendUntil: until ? new Date(until).toISOString() : null,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Invalid input");
      return;
    }
    suspend.mutate(
      { userId: user.id, body: parsed.data },
      {
        onSuccess: () => {
          toast({ title: ADMIN_TOASTS.userSuspended });
          close();
        },
        onError: (failure) => {
          const message = failure instanceof ApiError ? failure.serverMessage : undefined;
          setError(message ?? ADMIN_TOASTS.suspendFailed);
          toast({ title: ADMIN_TOASTS.suspendFailed, description: message, variant: "destructive" });
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
        <div className="space-y-3">
          <div className="space-y-1">
            <Label htmlFor="suspend-reason">Reason</Label>
            <Textarea
              id="suspend-reason"
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              placeholder="Why is this account suspended?"
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="suspend-until">Suspended until (optional)</Label>
            <Input
              id="suspend-until"
              type="datetime-local"
              value={until}
              onChange={(event) => setUntil(event.target.value)}
            />
            <p className="text-xs text-gray-500">Leave empty to suspend until lifted by an admin.</p>
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={submit} disabled={suspend.isPending}>
            {suspend.isPending ? "Suspending..." : "Suspend"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
