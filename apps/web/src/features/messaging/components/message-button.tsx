import { MessageCircle } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { goToLoginSoon } from "@/lib/navigation";
import { ChatDialog, type ChatDialogProps } from "./chat-dialog";

const messages = defineMessages({
  message: { id: "messaging.messageButton.label", defaultMessage: "Message" },
  authenticationTitle: { id: "messaging.messageButton.authenticationTitle", defaultMessage: "Authentication Required" },
  authenticationText: {
    id: "messaging.messageButton.authenticationText",
    defaultMessage: "You need to log in to send messages.",
  },
});

interface MessageButtonProps {
  /** The signed-in user, or null for a visitor (who is sent to sign in). */
  viewerId: string | null;
  recipient: ChatDialogProps["recipient"];
}

/**
 * The profile screen's Message button: opens the chat dialog with that person. The recipient's messaging rules
 * (messagePrivacy, blocks, direct messages off) are the server's: a refused send shows 'Message Blocked'.
 */
export function MessageButton({ viewerId, recipient }: MessageButtonProps) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const open = () => {
    if (viewerId === null) {
      toast({
        title: intl.formatMessage(messages.authenticationTitle),
        description: intl.formatMessage(messages.authenticationText),
        variant: "destructive",
      });
      goToLoginSoon();
      return;
    }
    setIsOpen(true);
  };
  return (
    <>
      <Button variant="outline" onClick={open}>
        <MessageCircle aria-hidden className="me-2 h-4 w-4" /> {intl.formatMessage(messages.message)}
      </Button>
      {viewerId !== null && isOpen && (
        <ChatDialog open={isOpen} onOpenChange={setIsOpen} viewerId={viewerId} recipient={recipient} />
      )}
    </>
  );
}
