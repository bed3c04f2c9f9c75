import { displayName } from "@plaza/contracts/users.texts";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLocation, useParams, useSearch } from "wouter";
import { MessagePhotos } from "@/app/layout/message-photos";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { MessagingPanel } from "@/features/messaging/components/messaging-panel";
import { MessageMenu } from "@/features/reports/components/message-menu";
import { operationQuery } from "@/lib/api";
import { paths } from "@/lib/paths";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /messages and /messages/{conversationId}: the messaging panel; `?user=` opens a chat with that person. */
export default function MessagesRoute() {
  const { user } = useAuth();
  const params = useParams<{ conversationId?: string }>();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const targetUserId = search.get("user");
  const isTargetValid = targetUserId !== null && UUID_PATTERN.test(targetUserId);
  // The person's name for a new chat; without it the chat still works under a generic title.
  const target = useQuery({
    ...operationQuery("getUsersByUserId", { params: { path: { userId: targetUserId ?? "" } } }),
    enabled: isTargetValid,
  });
  const onConversationChange = useCallback(
    (conversationId: string | null) =>
      navigate(conversationId ? paths.conversation(conversationId) : paths.messages, { replace: true }),
    [navigate],
  );

  if (!user) return null;
  const isTargetSettled = !isTargetValid || !target.isLoading;
  return (
    <MessagingPanel
      viewerId={user.id}
      conversationId={params.conversationId ?? null}
      targetUser={
        isTargetValid && targetUserId && isTargetSettled
          ? {
              id: targetUserId,
              name: target.data ? displayName(target.data) : null,
              profileImageUrl: target.data?.profileImageUrl ?? null,
            }
          : null
      }
      onConversationChange={onConversationChange}
      renderMessageActions={(message) => <MessageMenu messageId={message.id} />}
      renderPhotos={(urls, senderName) => <MessagePhotos urls={urls} senderName={senderName} />}
    />
  );
}
