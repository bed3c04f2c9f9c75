import { POST_MESSAGES, type PostView, updatePostBody } from "@plaza/contracts/posts";
import { Pencil } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { failureMessage, isUnauthorizedError } from "@/lib/api-client";
import { useUpdatePost } from "../api/update-post";

/** Tags as the field shows them: "#coffee #brunch" ↔ ["coffee", "brunch"]. */
const tagsText = (tags: string[]) => tags.map((tag) => `#${tag}`).join(" ");
const parseTags = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((tag) => tag.replace(/^#+/, ""))
    .filter((tag) => tag !== "");

/**
 * The author's Edit action on a post card: title, text and tags in a dialog (the place stays as it was; type and
 * price are not offered here, they are fixed once someone paid). The card then shows "edited".
 */
export function EditPostButton({ post }: { post: PostView }) {
  const [isOpen, setIsOpen] = useState(false);
  const [title, setTitle] = useState(post.title ?? "");
  const [content, setContent] = useState(post.content);
  const [tags, setTags] = useState(tagsText(post.tags));
  const [error, setError] = useState<string | null>(null);
  const updatePost = useUpdatePost(post.id);

  function open(next: boolean) {
    if (next) {
      setTitle(post.title ?? "");
      setContent(post.content);
      setTags(tagsText(post.tags));
      setError(null);
    }
    setIsOpen(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = updatePostBody.safeParse({
      title: title.trim() === "" ? null : title,
      content,
      tags: parseTags(tags),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? POST_MESSAGES.editFailed);
      return;
    }
    setError(null);
    updatePost.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: POST_MESSAGES.edited });
        setIsOpen(false);
      },
      onError: (failure) => {
        if (isUnauthorizedError(failure)) return;
        setError(failureMessage(failure, POST_MESSAGES.editFailed));
      },
    });
  }

  return (
    <Dialog open={isOpen} onOpenChange={open}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Edit post">
          <Pencil aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit post</DialogTitle>
          <DialogDescription>Readers will see that the post was edited.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-3" noValidate>
          <div className="space-y-1">
            <Label htmlFor={`edit-title-${post.id}`}>Title</Label>
            <Input id={`edit-title-${post.id}`} value={title} onChange={(event) => setTitle(event.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`edit-content-${post.id}`}>Text</Label>
            <Textarea
              id={`edit-content-${post.id}`}
              value={content}
              rows={5}
              onChange={(event) => setContent(event.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`edit-tags-${post.id}`}>Tags</Label>
            <Input
              id={`edit-tags-${post.id}`}
              value={tags}
              placeholder="#coffee #brunch"
              onChange={(event) => setTags(event.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={updatePost.isPending}>
              {updatePost.isPending ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
