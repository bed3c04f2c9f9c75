import { type MessageView, sendMessageBody } from "@plaza/contracts/messaging";
import { MESSAGE_MEDIA_MAX, TYPING_SIGNAL_INTERVAL_MS } from "@plaza/contracts/messaging.texts";
import { ImagePlus, Loader2, Send, X } from "lucide-react";
import { type ChangeEvent, type KeyboardEvent, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Form, FormSubmit, useZodForm } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useText } from "@/i18n/texts";
import { api } from "@/lib/api";
import { ApiError } from "@/lib/api-client";
import { uploadImage } from "@/lib/upload-file";
import { useSendMessage } from "../api/send-message";
import { messageRateLimiter } from "../hooks/message-rate-limit";

const phrases = defineMessages<{ tooManyPhotos: { max: number } }>({
  tooManyPhotos: {
    id: "messaging.composer.tooManyPhotos",
    defaultMessage: "A message holds at most {max, number} pictures",
  },
});
const messages = defineMessages({
  authenticationTitle: { id: "messaging.composer.authenticationTitle", defaultMessage: "Authentication Required" },
  authenticationText: {
    id: "messaging.composer.authenticationText",
    defaultMessage: "You need to log in to send messages.",
  },
  blockedTitle: { id: "messaging.composer.blockedTitle", defaultMessage: "Message Blocked" },
  failedTitle: { id: "messaging.composer.failedTitle", defaultMessage: "Message Failed" },
  failedFallback: {
    id: "messaging.composer.failedFallback",
    defaultMessage: "Failed to send message. Please try again.",
  },
  rateLimited: {
    id: "messaging.composer.rateLimited",
    defaultMessage: "You are sending messages too quickly. Please wait a moment.",
  },
  photosToSend: { id: "messaging.composer.photosToSend", defaultMessage: "Photos to send" },
  uploading: { id: "messaging.composer.uploading", defaultMessage: "Uploading" },
  removePhoto: { id: "messaging.composer.removePhoto", defaultMessage: "Remove photo" },
  addPhotos: { id: "messaging.composer.addPhotos", defaultMessage: "Add photos" },
  placeholder: { id: "messaging.composer.placeholder", defaultMessage: "Type a message..." },
  message: { id: "messaging.composer.message", defaultMessage: "Message" },
  send: { id: "messaging.composer.send", defaultMessage: "Send message" },
});

const BLOCKING_CODES = new Set(["MESSAGE_BLOCKED", "MESSAGES_OFF", "MESSAGE_PRIVACY_NONE", "MESSAGE_PRIVACY_FRIENDS"]);

/** The failure toasts of docs/PRODUCT.md §8. */
function showSendFailure(intl: IntlShape, error: unknown): void {
  const text = error instanceof Error ? error.message : "";
  if (text.startsWith("401") && text.includes("Unauthorized")) {
    toast({
      title: intl.formatMessage(messages.authenticationTitle),
      description: intl.formatMessage(messages.authenticationText),
      variant: "destructive",
    });
    return;
  }
  if (error instanceof ApiError && error.body?.code && BLOCKING_CODES.has(error.body.code)) {
    toastFailure(error, undefined, intl.formatMessage(messages.blockedTitle));
    return;
  }
  toastFailure(error, intl.formatMessage(messages.failedFallback), intl.formatMessage(messages.failedTitle));
}

/** The composer's text; the whole message is checked by the contract's own schema when sent. */
const composerSchema = z.object({ content: z.string() });

/** A refused text, said the way a failed send is. */
function refuse(intl: IntlShape, message: string | undefined): void {
  toast({
    title: intl.formatMessage(messages.failedTitle),
    description: message ?? intl.formatMessage(messages.failedFallback),
    variant: "destructive",
  });
}

interface MessageComposerProps {
  viewerId: string;
  /** Who receives the message; null while no conversation or target is chosen. */
  recipientId: string | null;
  /** The open conversation (typing is signalled in it), or null for a new chat. */
  conversationId?: string | null;
  onSent(message: MessageView): void;
}

/** A picture being attached: uploading (no address yet) or ready to send. */
interface Attachment {
  key: string;
  preview: string;
  url: string | null;
}

/**
 * The input of the chat pane: Enter sends, Shift+Enter adds a line. The same contract schema as the server
 * checks the text first, and the client keeps the 30-per-60-seconds limit (docs/PRODUCT.md §5).
 */
export function MessageComposer({ viewerId, recipientId, conversationId = null, onSent }: MessageComposerProps) {
  const intl = useIntl();
  const contractText = useText();
  const form = useZodForm(composerSchema, { defaultValues: { content: "" } });
  const text = useWatch({ control: form.control, name: "content" });
  const sendMessage = useSendMessage();
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTypingSignal = useRef(0);
  const isUploading = attachments.some((attachment) => attachment.url === null);
  const isBlank = text.trim().length === 0 && attachments.length === 0;
  const canSend = !isBlank && !isUploading && !sendMessage.isPending && recipientId !== null;

  // "typing…" for the other side: at most one signal per interval, only in an existing conversation.
  const signalTyping = () => {
    const now = Date.now();
    if (!conversationId || now - lastTypingSignal.current < TYPING_SIGNAL_INTERVAL_MS) return;
    lastTypingSignal.current = now;
    void api
      .post("/api/conversations/{id}/typing", { params: { path: { id: conversationId } } })
      .catch(() => undefined);
  };

  const attach = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, MESSAGE_MEDIA_MAX - attachments.length);
    event.target.value = "";
    if (event.target.files && event.target.files.length > files.length)
      refuse(intl, intl.formatMessage(phrases.tooManyPhotos, { max: MESSAGE_MEDIA_MAX }));
    const added = files.map((file) => ({ key: crypto.randomUUID(), preview: URL.createObjectURL(file), url: null }));
    setAttachments((current) => [...current, ...added]);
    await Promise.all(
      files.map(async (file, index) => {
        const key = added[index]?.key;
        try {
          const uploaded = await uploadImage(file);
          setAttachments((current) =>
            current.map((item) => (item.key === key ? { ...item, url: uploaded.objectUrl } : item)),
          );
        } catch (error) {
          setAttachments((current) => current.filter((item) => item.key !== key));
          toastFailure(error, intl.formatMessage(messages.failedFallback), intl.formatMessage(messages.failedTitle));
        }
      }),
    );
  };

  const remove = (key: string) =>
    setAttachments((current) => {
      const gone = current.find((item) => item.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return current.filter((item) => item.key !== key);
    });

  const submit = ({ content }: { content: string }) => {
    if (!canSend || recipientId === null) return;
    const mediaUrls = attachments.flatMap((item) => (item.url ? [item.url] : []));
    const body = sendMessageBody.safeParse({
      recipientId,
      content: content.trim() || mediaUrls.length === 0 ? content : undefined,
      messageType: "text",
      mediaUrls,
    });
    if (!body.success) {
      // The contract's message (English) in the page's language.
      const problem = body.error.issues[0]?.message;
      refuse(intl, problem === undefined ? undefined : contractText(problem));
      return;
    }
    const sentAt = Date.now();
    if (!messageRateLimiter.tryRecord(viewerId, sentAt)) {
      toast({
        title: intl.formatMessage(messages.failedTitle),
        description: intl.formatMessage(messages.rateLimited),
        variant: "destructive",
      });
      return;
    }
    sendMessage.mutate(body.data, {
      onSuccess: (message) => {
        form.reset({ content: "" });
        for (const item of attachments) URL.revokeObjectURL(item.preview);
        setAttachments([]);
        onSent(message);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status !== 429) messageRateLimiter.forget(viewerId, sentAt);
        showSendFailure(intl, error);
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
      onInvalid={(errors) => refuse(intl, errors.content?.message)}
      pending={sendMessage.isPending}
      className="shrink-0 border-t p-3"
    >
      {attachments.length > 0 && (
        <ul className="mb-2 flex gap-2" aria-label={intl.formatMessage(messages.photosToSend)}>
          {attachments.map((item) => (
            <li key={item.key} className="relative h-16 w-16 shrink-0">
              <img src={item.preview} alt="" className="h-16 w-16 rounded-lg object-cover" />
              {item.url === null && (
                <span className="absolute inset-0 flex items-center justify-center rounded-lg bg-black/40">
                  <Loader2
                    aria-label={intl.formatMessage(messages.uploading)}
                    className="h-5 w-5 animate-spin text-white"
                  />
                </span>
              )}
              <button
                type="button"
                onClick={() => remove(item.key)}
                aria-label={intl.formatMessage(messages.removePhoto)}
                className="absolute -top-2 -end-2 flex h-6 w-6 cursor-pointer items-center justify-center rounded-full bg-gray-900 text-white"
              >
                <X aria-hidden className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="message-photo-input"
          onChange={(event) => void attach(event)}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="shrink-0"
          aria-label={intl.formatMessage(messages.addPhotos)}
          disabled={recipientId === null || attachments.length >= MESSAGE_MEDIA_MAX}
          onClick={() => fileInput.current?.click()}
        >
          <ImagePlus aria-hidden className="h-5 w-5" />
        </Button>
        {/* The one-line composer has no room under the box: a refused text is said in a toast (onInvalid). */}
        <Textarea
          onKeyDown={onKeyDown}
          placeholder={intl.formatMessage(messages.placeholder)}
          aria-label={intl.formatMessage(messages.message)}
          rows={1}
          className="max-h-32 min-h-11 flex-1 resize-none md:min-h-10"
          {...form.register("content", { onChange: signalTyping })}
          disabled={recipientId === null}
        />
        <FormSubmit size="icon" className="shrink-0" disabled={!canSend} aria-label={intl.formatMessage(messages.send)}>
          <Send aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
        </FormSubmit>
      </div>
    </Form>
  );
}
