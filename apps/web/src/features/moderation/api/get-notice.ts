import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** A moderation notice the signed-in person received. */
export function useNotice(noticeId: string) {
  return useQuery(operationQuery("getNoticesByNoticeId", { params: { path: { noticeId } } }));
}
