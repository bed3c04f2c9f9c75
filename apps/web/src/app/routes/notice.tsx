import { useParams } from "wouter";
import { NoticeScreen } from "@/features/moderation/components/notice-screen";

/** /notices/{id}: a moderation notice the signed-in person received, with its appeal form. */
export default function NoticeRoute() {
  const { noticeId = "" } = useParams<{ noticeId: string }>();
  return (
    <div className="mx-auto max-w-lg space-y-4 p-3">
      <NoticeScreen noticeId={noticeId} />
    </div>
  );
}
