import type { AdminPostView } from "@plaza/contracts/admin";
import { displayName } from "@plaza/contracts/users.texts";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadMore } from "@/components/ui/load-more";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { UploadedPicture } from "@/components/ui/uploaded-picture";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { paths } from "@/lib/paths";
import { useDeletePost } from "../api/delete-post";
import { useAdminPosts } from "../api/get-admin-posts";
import { UserChip } from "./user-chip";

const messages = defineMessages({
  title: { id: "admin.content.title", defaultMessage: "Content Management" },
  description: { id: "admin.content.description", defaultMessage: "Every post, newest first." },
  loading: { id: "admin.content.loading", defaultMessage: "Loading posts..." },
  loadFailed: { id: "admin.content.loadFailed", defaultMessage: "Failed to load posts." },
  empty: { id: "admin.content.empty", defaultMessage: "No posts yet" },
  ppv: defineMessage<{ price: string }>({ id: "admin.content.ppv", defaultMessage: "PPV {price}" }),
  subscribers: { id: "admin.content.subscribers", defaultMessage: "Subscribers" },
  delete: { id: "admin.content.delete", defaultMessage: "Delete" },
  imageAlt: defineMessage<{ name: string }>({ id: "admin.content.imageAlt", defaultMessage: "Image posted by {name}" }),
  deleteTitle: { id: "admin.content.deleteTitle", defaultMessage: "Delete post" },
  deleteText: defineMessage<{ name: string }>({
    id: "admin.content.deleteText",
    defaultMessage: "This post by {name}, with its likes and comments, is removed for everyone. This cannot be undone.",
  }),
  deleted: { id: "admin.content.deleted", defaultMessage: "Post deleted" },
  deleteFailed: { id: "admin.content.deleteFailed", defaultMessage: "Failed to delete post." },
});

/** Content Management: posts with author, time, content, image and PPV price; Delete. */
export function ContentManagementTab({ isActive }: { isActive: boolean }) {
  const intl = useIntl();
  const posts = useAdminPosts(isActive);
  const deletePost = useDeletePost();
  const [deleting, setDeleting] = useState<AdminPostView | null>(null);
  const rows = posts.data?.pages.flatMap((page) => page.items) ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    deletePost.mutate(deleting.id, {
      onSuccess: () => toast({ title: intl.formatMessage(messages.deleted) }),
      onError: (error) => toastFailure(error, undefined, intl.formatMessage(messages.deleteFailed)),
    });
    setDeleting(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {posts.isLoading && <SkeletonList label={intl.formatMessage(messages.loading)} itemClassName="h-24" />}
        {posts.isError && <p className="text-sm text-red-600">{intl.formatMessage(messages.loadFailed)}</p>}
        {posts.isSuccess && rows.length === 0 && (
          <p className="py-6 text-center text-gray-500">{intl.formatMessage(messages.empty)}</p>
        )}
        {rows.map((post) => (
          <article key={post.id} className="rounded-lg border p-3" data-testid="admin-post-row">
            <header className="flex items-center gap-2">
              <div className="min-w-0 flex-1 text-sm">
                <UserChip user={post.author} />
                <p className="text-xs text-gray-500">
                  {/* At least 24 px tall: a touch target of its own under the author's chip. */}
                  <Link href={paths.post(post.id)} className="inline-flex min-h-6 items-center hover:underline">
                    <RelativeTime value={post.createdAt} />
                  </Link>
                </p>
              </div>
              {post.isPpv && (
                <Badge variant="warning">
                  {intl.formatMessage(messages.ppv, {
                    price: intl.formatNumber(post.ppvPrice ?? 0, { style: "currency", currency: "USD" }),
                  })}
                </Badge>
              )}
              {post.postType === "subscriber" && (
                <Badge variant="secondary">{intl.formatMessage(messages.subscribers)}</Badge>
              )}
              <Button size="sm" variant="destructive" onClick={() => setDeleting(post)}>
                <Trash2 aria-hidden /> {intl.formatMessage(messages.delete)}
              </Button>
            </header>
            {post.title && <h3 className="mt-2 font-semibold">{post.title}</h3>}
            <p className="mt-1 whitespace-pre-wrap text-sm text-gray-800">{post.content}</p>
            {post.imageUrl && (
              <UploadedPicture
                src={post.imageUrl}
                alt={post.altText || intl.formatMessage(messages.imageAlt, { name: displayName(post.author) })}
                loading="lazy"
                decoding="async"
                width={320}
                height={180}
                className="mt-2 aspect-video w-full max-w-80 rounded-md bg-gray-100 object-cover"
              />
            )}
          </article>
        ))}
        <LoadMore
          hasNextPage={posts.hasNextPage}
          isFetchingNextPage={posts.isFetchingNextPage}
          onLoadMore={() => posts.fetchNextPage()}
        />
      </CardContent>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={intl.formatMessage(messages.deleteTitle)}
        description={deleting ? intl.formatMessage(messages.deleteText, { name: displayName(deleting.author) }) : ""}
        confirmLabel={intl.formatMessage(messages.delete)}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
