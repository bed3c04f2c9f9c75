import { defineMessages, useIntl } from "react-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useBlockUser } from "../api/blocks";

const messages = defineMessages({
  description: {
    id: "users.block.description",
    defaultMessage:
      "You will stop following each other, and neither of you will be able to see the other's profile or posts, follow or message. You can unblock them later in Settings → Privacy.",
  },
  confirm: { id: "users.block.confirm", defaultMessage: "Block" },
});

const phrases = defineMessages<{ title: { name: string } }>({
  title: { id: "users.block.title", defaultMessage: "Block {name}?" },
});

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
  const intl = useIntl();
  const block = useBlockUser();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={intl.formatMessage(phrases.title, { name })}
      description={intl.formatMessage(messages.description)}
      confirmLabel={intl.formatMessage(messages.confirm)}
      isPending={block.isPending}
      onConfirm={() => block.mutate({ blockedId: userId, blockType: "hard" }, { onSuccess: onBlocked })}
      onCancel={() => onOpenChange(false)}
    />
  );
}
