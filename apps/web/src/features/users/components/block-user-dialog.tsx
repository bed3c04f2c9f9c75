import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useBlockUser } from "../api/blocks";

interface BlockUserProps {
  userId: string;
  name: string;
  onBlocked: () => void;
}

/**
 * Blocks the person after a confirmation (docs/PRODUCT.md "Privacy": follows end both ways). Opened from the profile's
 * "More actions" menu, which owns the open state.
 */
export function BlockUserDialog({
  isOpen,
  onOpenChange,
  userId,
  name,
  onBlocked,
}: BlockUserProps & { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const block = useBlockUser();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={`Block ${name}?`}
      description="You will stop following each other, and neither of you will be able to see the other's profile or posts, follow or message. You can unblock them later in Settings → Privacy."
      confirmLabel="Block"
      isPending={block.isPending}
      onConfirm={() => block.mutate({ blockedId: userId, blockType: "hard" }, { onSuccess: onBlocked })}
      onCancel={() => onOpenChange(false)}
    />
  );
}
