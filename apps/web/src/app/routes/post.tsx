import { ArrowLeft } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
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

const messages = defineMessages({
  home: { id: "shell.post.home", defaultMessage: "Home" },
  failed: { id: "shell.post.failed", defaultMessage: "Couldn't load this post" },
  hidden: { id: "shell.post.hidden", defaultMessage: "This post is not available" },
  notFound: { id: "shell.post.not-found", defaultMessage: "Post Not Found" },
  notFoundText: { id: "shell.post.not-found-text", defaultMessage: "The post you're looking for doesn't exist." },
  signIn: { id: "shell.post.sign-in", defaultMessage: "Sign in" },
});

/** /posts/{id}: one post with its comments open; signed-out visitors see public posts. */
export default function PostRoute() {
  const intl = useIntl();
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
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" /> {intl.formatMessage(messages.home)}
        </Link>
      </Button>
      {post.isLoading && <PostListSkeleton count={1} />}
      {post.isError && failureStatus === null && (
        <LoadFailure
          title={intl.formatMessage(messages.failed)}
          error={post.error}
          onRetry={() => post.refetch()}
          isRetrying={post.isFetching}
        />
      )}
      {post.isError && failureStatus !== null && (
        <Card>
          <CardContent className="p-8 text-center">
            <p className="text-lg font-medium">{intl.formatMessage(isHidden ? messages.hidden : messages.notFound)}</p>
            <p className="mt-1 text-sm text-gray-600">
              {failureMessage(post.error, intl.formatMessage(messages.notFoundText))}
            </p>
            {isHidden && !user && (
              // A private account's post: a follower sees it once signed in, and comes back here after.
              <Button className="mt-4" asChild>
                <a href={paths.loginReturningTo(paths.post(postId))}>{intl.formatMessage(messages.signIn)}</a>
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
