import type { AdminPostView } from "@plaza/contracts/admin";
import { ADMIN_TOASTS } from "@plaza/contracts/admin.texts";
import { formatDollars } from "@plaza/contracts/money";
import { fallbackImageAlt } from "@plaza/contracts/posts.texts";
import { displayName } from "@plaza/contracts/users.texts";
import { Trash2 } from "lucide-react";
import { useState } from "react";
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

/** Content Management: posts with author, time, content, image and PPV price; Delete. */
export function ContentManagementTab({ isActive }: { isActive: boolean }) {
  const posts = useAdminPosts(isActive);
  const deletePost = useDeletePost();
  const [deleting, setDeleting] = useState<AdminPostView | null>(null);
  const rows = posts.data?.pages.flatMap((page) => page.items) ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    deletePost.mutate(deleting.id, {
      onSuccess: () => toast({ title: ADMIN_TOASTS.postDeleted }),
      onError: (error) => toastFailure(error, undefined, ADMIN_TOASTS.deletePostFailed),
    });
    setDeleting(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Content Management</CardTitle>
        <CardDescription>Every post, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {posts.isLoading && <SkeletonList label="Loading posts..." itemClassName="h-24" />}
        {posts.isError && <p className="text-sm text-red-600">Failed to load posts.</p>}
        {posts.isSuccess && rows.length === 0 && <p className="py-6 text-center text-gray-500">No posts yet</p>}
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
              {post.isPpv && <Badge variant="warning">PPV {formatDollars(post.ppvPrice ?? 0)}</Badge>}
              {post.postType === "subscriber" && <Badge variant="secondary">Subscribers</Badge>}
              <Button size="sm" variant="destructive" onClick={() => setDeleting(post)}>
                <Trash2 aria-hidden /> Delete
              </Button>
            </header>
            {post.title && <h3 className="mt-2 font-semibold">{post.title}</h3>}
            <p className="mt-1 whitespace-pre-wrap text-sm text-gray-800">{post.content}</p>
            {post.imageUrl && (
              <UploadedPicture
                src={post.imageUrl}
                alt={post.altText || fallbackImageAlt(displayName(post.author))}
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
        title="Delete post"
        description={
          deleting
            ? `This post by ${displayName(deleting.author)}, with its likes and comments, is removed for everyone. This cannot be undone.`
            : ""
        }
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
