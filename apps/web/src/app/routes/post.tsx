import { ArrowLeft } from "lucide-react";
import { Link, useLocation, useParams } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { LoadFailure } from "@/components/ui/load-failure";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { paymentPostSlots } from "@/features/payments/components/post-payment-slots";
import { usePost } from "@/features/posts/api/get-post";
import { PostCard } from "@/features/posts/components/post-card";
import { PostListSkeleton } from "@/features/posts/components/post-list-skeleton";
import { ReportButton } from "@/features/reports/components/report-button";
import { failureMessage } from "@/lib/api-client";
import { pageFailureStatus, usePageFailureStatus } from "@/lib/page-status";
import { paths } from "@/lib/paths";

/** /posts/{id}: one post with its comments open; signed-out visitors see public posts. */
export default function PostRoute() {
  const { postId = "" } = useParams<{ postId: string }>();
  const { user } = useAuth();
  const post = usePost(postId);
  const [, navigate] = useLocation();
  // A missing post is a 404 page when the server renders it, a hidden one 403.
  usePageFailureStatus(post.error);
  // null for a failure that may pass (offline, a server error): that one offers to try again.
  const failureStatus = pageFailureStatus(post.error);
  const isHidden = failureStatus === 403;
  return (
    <div className="mx-auto max-w-2xl space-y-4 p-3">
      <Button variant="ghost" size="sm" asChild>
        <Link href={paths.home}>
          <ArrowLeft aria-hidden /> Home
        </Link>
      </Button>
      {post.isLoading && <PostListSkeleton count={1} />}
      {post.isError && failureStatus === null && (
        <LoadFailure
          title="Couldn't load this post"
          error={post.error}
          onRetry={() => post.refetch()}
          isRetrying={post.isFetching}
        />
      )}
      {post.isError && failureStatus !== null && (
        <Card>
          <CardContent className="p-8 text-center">
            <p className="text-lg font-medium">{isHidden ? "This post is not available" : "Post Not Found"}</p>
            <p className="mt-1 text-sm text-gray-600">
              {failureMessage(post.error, "The post you're looking for doesn't exist.")}
            </p>
            {isHidden && !user && (
              // A private account's post: a follower sees it once signed in, and comes back here after.
              <Button className="mt-4" asChild>
                <a href={paths.loginReturningTo(paths.post(postId))}>Sign in</a>
              </Button>
            )}
          </CardContent>
        </Card>
      )}
      {post.data && (
        <PostCard
          post={post.data}
          viewerId={user?.id ?? null}
          slots={{
            ...paymentPostSlots,
            renderReport: (reported) => <ReportButton targetType="post" targetId={reported.id} />,
          }}
          isCommentsOpen
          onDeleted={() => navigate(paths.home)}
        />
      )}
    </div>
  );
}
