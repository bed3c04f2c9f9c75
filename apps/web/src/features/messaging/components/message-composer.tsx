import { MESSAGE_TEXTS, MESSAGING_SCREEN_TEXTS, type MessageView, sendMessageBody } from "@plaza/contracts/messaging";
import { Send } from "lucide-react";
import type { KeyboardEvent } from "react";
import { useWatch } from "react-hook-form";
import { Form, FormSubmit, useZodForm } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { useSendMessage } from "../api/send-message";
import { messageRateLimiter } from "../hooks/message-rate-limit";

const BLOCKING_CODES = new Set(["MESSAGE_BLOCKED", "MESSAGES_OFF", "MESSAGE_PRIVACY_NONE", "MESSAGE_PRIVACY_FRIENDS"]);

/** The failure toasts of docs/PRODUCT.md §8 "Messaging". */
function showSendFailure(error: unknown): void {
  const text = error instanceof Error ? error.message : "";
  if (text.startsWith("401") && text.includes("Unauthorized")) {
    toast({
      title: MESSAGE_TEXTS.authenticationTitle,
      description: MESSAGE_TEXTS.authenticationText,
      variant: "destructive",
    });
    return;
  }
  if (error instanceof ApiError && error.body?.code && BLOCKING_CODES.has(error.body.code)) {
    toastFailure(error, undefined, MESSAGE_TEXTS.blockedTitle);
    return;
  }
  toastFailure(error, MESSAGE_TEXTS.failedFallback, MESSAGE_TEXTS.failedTitle);
}

/** The composer's text, checked by the contract's own rule for a message's content. */
const composerSchema = sendMessageBody.pick({ content: true });

/** A refused text, said the way a failed send is. */
function refuse(message: string | undefined): void {
  toast({
    title: MESSAGE_TEXTS.failedTitle,
    description: message ?? MESSAGE_TEXTS.failedFallback,
    variant: "destructive",
  });
}

interface MessageComposerProps {
  viewerId: string;
  /** Who receives the message; null while no conversation or target is chosen. */
  recipientId: string | null;
  onSent(message: MessageView): void;
}

/**
 * The input of the chat pane: Enter sends, Shift+Enter adds a line. The same contract schema as the server
 * checks the text first, and the client keeps the 30-per-60-seconds limit (docs/PRODUCT.md §5).
 */
export function MessageComposer({ viewerId, recipientId, onSent }: MessageComposerProps) {
  const form = useZodForm(composerSchema, { defaultValues: { content: "" } });
  const text = useWatch({ control: form.control, name: "content" });
  const sendMessage = useSendMessage();
  const isBlank = text.trim().length === 0;
  const canSend = !isBlank && !sendMessage.isPending && recipientId !== null;

  const submit = ({ content }: { content: string }) => {
    if (!canSend || recipientId === null) return;
    const body = sendMessageBody.safeParse({ recipientId, content, messageType: "text" });
    if (!body.success) {
      refuse(body.error.issues[0]?.message);
      return;
    }
    const sentAt = Date.now();
    if (!messageRateLimiter.tryRecord(viewerId, sentAt)) {
      toast({ title: MESSAGE_TEXTS.failedTitle, description: MESSAGE_TEXTS.rateLimited, variant: "destructive" });
      return;
    }
    sendMessage.mutate(body.data, {
      onSuccess: (message) => {
        form.reset({ content: "" });
        onSent(message);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status !== 429) messageRateLimiter.forget(viewerId, sentAt);
        showSendFailure(error);
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) event.currentTarget.form?.requestSubmit();
    }
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      onInvalid={(errors) => refuse(errors.content?.message)}
      pending={sendMessage.isPending}
      className="flex items-end gap-2 border-t p-3"
    >
      {/* The one-line composer has no room under the box: a refused text is said in a toast (onInvalid). */}
      <Textarea
        onKeyDown={onKeyDown}
        placeholder={MESSAGING_SCREEN_TEXTS.inputPlaceholder}
        aria-label="Message"
        rows={1}
        className="max-h-32 min-h-10 flex-1 resize-none"
        {...form.register("content")}
        disabled={recipientId === null}
      />
      <FormSubmit size="icon" disabled={!canSend} aria-label="Send message">
        <Send aria-hidden className="h-4 w-4" />
      </FormSubmit>
    </Form>
  );
}
