import { canSellAccess } from "@plaza/contracts/payments";
import { POST_MESSAGES, type PostView, type UpdatePostInput, updatePostBody } from "@plaza/contracts/posts";
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
import {
  ACCESS_LABELS,
  type AccessChoice,
  EMPTY_PLACE,
  type PlaceFields,
  PostLocationFields,
  placePayload,
} from "./post-location-fields";

/** Tags as the field shows them: "#coffee #brunch" ↔ ["coffee", "brunch"]. */
const tagsText = (tags: string[]) => tags.map((tag) => `#${tag}`).join(" ");
const parseTags = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((tag) => tag.replace(/^#+/, ""))
    .filter((tag) => tag !== "");

/** The post's place as the form starts it: its names (a read carries no point; picking one replaces the place). */
const placeOf = (post: PostView): PlaceFields => ({
  ...EMPTY_PLACE,
  city: post.city ?? "",
  state: post.state ?? "",
  country: post.country ?? "",
});

/**
 * The author's Edit action on a post card: title, text, tags and place in a dialog, and for a creator the access
 * and price while nobody has paid (docs/PRODUCT.md "Local discovery"); once someone paid (`priceLocked`) those show
 * disabled with the reason. The card then shows "edited".
 */
export function EditPostButton({ post }: { post: PostView }) {
  const [isOpen, setIsOpen] = useState(false);
  const [title, setTitle] = useState(post.title ?? "");
  const [content, setContent] = useState(post.content);
  const [tags, setTags] = useState(tagsText(post.tags));
  const [place, setPlace] = useState<PlaceFields>(placeOf(post));
  const [isPlaceChanged, setIsPlaceChanged] = useState(false);
  const [access, setAccess] = useState<AccessChoice>(post.postType);
  const [price, setPrice] = useState(post.price === null ? "" : String(post.price));
  const [error, setError] = useState<string | null>(null);
  const updatePost = useUpdatePost(post.id);
  // Paid access is for profiles that sell it; a paid post keeps showing its access to its author whatever the profile.
  const offersAccess = canSellAccess(post.author.profileType) || post.postType !== "free";
  const lockNoteId = post.priceLocked ? `edit-locked-${post.id}` : undefined;
  const isAccessChanged = access !== post.postType || (access === "ppv" && price !== String(post.price ?? ""));

  function open(next: boolean) {
    if (next) {
      setTitle(post.title ?? "");
      setContent(post.content);
      setTags(tagsText(post.tags));
      setPlace(placeOf(post));
      setIsPlaceChanged(false);
      setAccess(post.postType);
      setPrice(post.price === null ? "" : String(post.price));
      setError(null);
    }
    setIsOpen(next);
  }

  function changePlace(patch: Partial<PlaceFields>) {
    setPlace((current) => ({ ...current, ...patch }));
    setIsPlaceChanged(true);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: UpdatePostInput = {
      title: title.trim() === "" ? null : title,
      content,
      tags: parseTags(tags),
    };
    // Only what changed is sent: an untouched place keeps its stored point, untouched access never meets the lock.
    if (isPlaceChanged) body.location = placePayload(place);
    if (!post.priceLocked && isAccessChanged) {
      body.postType = access;
      body.price = access === "ppv" && price !== "" ? Number(price) : null;
    }
    const parsed = updatePostBody.safeParse(body);
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
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
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
          <PostLocationFields value={place} onChange={changePlace} />
          {offersAccess && (
            <fieldset className="space-y-1.5" disabled={post.priceLocked} aria-describedby={lockNoteId}>
              <legend className="text-sm font-medium">Who can see it</legend>
              <div className="flex flex-wrap gap-2">
                {(Object.keys(ACCESS_LABELS) as AccessChoice[]).map((choice) => (
                  <Button
                    key={choice}
                    type="button"
                    size="sm"
                    variant={access === choice ? "default" : "outline"}
                    aria-pressed={access === choice}
                    onClick={() => setAccess(choice)}
                  >
                    {ACCESS_LABELS[choice]}
                  </Button>
                ))}
              </div>
              {access === "ppv" && (
                <div className="space-y-1">
                  <Label htmlFor={`edit-price-${post.id}`}>Price (USD)</Label>
                  <Input
                    id={`edit-price-${post.id}`}
                    type="number"
                    min={0}
                    step={0.01}
                    inputMode="decimal"
                    value={price}
                    onChange={(event) => setPrice(event.target.value)}
                  />
                </div>
              )}
              {post.priceLocked && (
                <p id={lockNoteId} className="text-sm text-gray-600" data-testid="price-locked">
                  {POST_MESSAGES.paidTypeFixed}
                </p>
              )}
            </fieldset>
          )}
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
