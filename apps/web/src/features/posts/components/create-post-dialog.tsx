import { POST_CONTENT_MAX_LENGTH, POST_MAX_TAGS, POST_TITLE_MAX_LENGTH } from "@plaza/contracts/constants";
import {
  type CreatePostInput,
  createPostBody,
  MEDIA_MESSAGES,
  POST_ALT_TEXT_MAX_LENGTH,
  POST_CATEGORIES,
  POST_MEDIA_MAX,
  POST_MESSAGES,
} from "@plaza/contracts/posts";
import { ACCEPTED_IMAGE_TYPES, ACCEPTED_VIDEO_TYPES, UPLOAD_TEXTS, VIDEO_TEXTS } from "@plaza/contracts/uploads";
import { ImagePlus, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, type ReactNode, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { failureMessage, isUnauthorizedError } from "@/lib/api-client";
import { uploadImage } from "@/lib/upload-file";
import { useCreatePost } from "../api/create-post";
import { useCreatePostDialog } from "../hooks/use-create-post-dialog";
import { ACCESS_LABELS, type AccessChoice, PostLocationFields, placePayload } from "./post-location-fields";
import { type TaggedPlace, TagPlaceField } from "./tag-place-field";

const NO_CATEGORY = "none";

interface Media {
  type: "image" | "video";
  objectUrl: string;
  previewUrl: string;
  /** This picture's description (alt text). */
  alt: string;
}

interface FormState {
  title: string;
  content: string;
  access: AccessChoice;
  price: string;
  category: string;
  tags: string[];
  tagDraft: string;
  isCommentable: boolean;
  isLikeable: boolean;
  media: Media[];
  city: string;
  state: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  place: TaggedPlace | null;
  perkCouponId: string | null;
}

const EMPTY_FORM: FormState = {
  title: "",
  content: "",
  access: "free",
  price: "",
  category: NO_CATEGORY,
  tags: [],
  tagDraft: "",
  isCommentable: true,
  isLikeable: true,
  media: [],
  city: "",
  state: "",
  country: "",
  latitude: null,
  longitude: null,
  place: null,
  perkCouponId: null,
};

/** The form as the API's payload (docs/PRODUCT.md "Social": Free → regular; paid → premium with or without a price). */
function toPayload(form: FormState): CreatePostInput {
  return {
    title: form.title,
    content: form.content,
    postType: form.access === "free" ? "regular" : "premium",
    price: form.access === "ppv" && form.price !== "" ? Number(form.price) : null,
    category: form.category === NO_CATEGORY ? null : (form.category as CreatePostInput["category"]),
    tags: form.tags,
    isCommentable: form.isCommentable,
    isLikeable: form.isLikeable,
    ...(form.perkCouponId ? { perkCouponId: form.perkCouponId } : {}),
    media: form.media.map((item) => ({ url: item.objectUrl, alt: item.alt.trim() ? item.alt : null })),
    location: placePayload(form),
    businessId: form.place?.id ?? null,
  };
}

/**
 * The new-post dialog (docs/PRODUCT.md §2, §5), opened by the top bar's Create button and every Create Post button.
 * Pay-per-view and subscriber posts are offered only to profiles that sell access (`canSellAccess`, a creator).
 */
export function CreatePostDialog({
  canSellAccess,
  renderPerkPicker,
}: {
  canSellAccess: boolean;
  /** A partner perk to attach (composed in by the app: partnerships), rendered only for creators with perks. */
  renderPerkPicker?: (value: string | null, onChange: (perkCouponId: string | null) => void) => ReactNode;
}) {
  const { isOpen, setOpen } = useCreatePostDialog();
  const createPost = useCreatePost();
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const update = (patch: Partial<FormState>) => {
    setForm((current) => ({ ...current, ...patch }));
    // A field's message goes away as soon as the field changes.
    const touched = new Set<string>(Object.keys(patch));
    if (touched.has("tagDraft")) touched.add("tags");
    if (["city", "state", "country", "latitude"].some((key) => touched.has(key))) touched.add("location");
    if (touched.has("media")) {
      touched.add("mediaUrls");
      for (const key of Object.keys(errors)) if (key.startsWith("media.")) touched.add(key);
    }
    if (touched.has("access")) touched.add("price");
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !touched.has(key))));
  };

  const reset = () => {
    for (const item of form.media) URL.revokeObjectURL(item.previewUrl);
    setForm(EMPTY_FORM);
    setErrors({});
    setUploadProgress(null);
  };

  const addTag = () => {
    const tag = form.tagDraft.trim();
    if (!tag) return;
    if (form.tags.includes(tag)) {
      setErrors((current) => ({ ...current, tags: POST_MESSAGES.tagDuplicate }));
      return;
    }
    if (form.tags.length >= POST_MAX_TAGS) {
      setErrors((current) => ({ ...current, tags: POST_MESSAGES.tagsFull }));
      return;
    }
    setErrors(({ tags: _removed, ...rest }) => rest);
    update({ tags: [...form.tags, tag], tagDraft: "" });
  };

  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      addTag();
    }
  };

  /** Uploads the picked pictures one after another (up to the post's 4), each added as soon as it is stored. */
  const onFiles = async (files: File[]) => {
    if (files.length === 0) return;
    // Pictures or one video (the server re-encodes both and tells them apart by the bytes).
    const isVideo = (file: File) => file.type.startsWith("video/");
    if (files.some((file) => !file.type.startsWith("image/") && !isVideo(file))) {
      setErrors((current) => ({ ...current, mediaUrls: VIDEO_TEXTS.notAVideo }));
      return;
    }
    const hasVideo = files.some(isVideo) || form.media.some((item) => item.type === "video");
    if (hasVideo && form.media.length + files.length > 1) {
      setErrors((current) => ({ ...current, mediaUrls: MEDIA_MESSAGES.mixed }));
      return;
    }
    const room = POST_MEDIA_MAX - form.media.length;
    const taken = files.slice(0, room);
    if (files.length > room) setErrors((current) => ({ ...current, mediaUrls: MEDIA_MESSAGES.tooMany }));
    else setErrors(({ mediaUrls: _removed, ...rest }) => rest);
    try {
      for (const file of taken) {
        setUploadProgress(0);
        const { objectUrl, type } = await uploadImage(file, setUploadProgress);
        const added = { type, objectUrl, previewUrl: URL.createObjectURL(file), alt: "" };
        setForm((current) => ({ ...current, media: [...current.media, added] }));
      }
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: UPLOAD_TEXTS.uploadFailedTitle,
        description: failureMessage(error, UPLOAD_TEXTS.uploadFailed),
        variant: "destructive",
      });
    } finally {
      setUploadProgress(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only a creator's form can choose a paid access; anyone else's post is free (the server refuses otherwise).
    const payload = toPayload(canSellAccess ? form : { ...form, access: "free" });
    const parsed = createPostBody.safeParse(payload);
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        // A picture's description is reported beside that picture (media.{index}.alt).
        const key =
          issue.path[0] === "media" && issue.path.length > 1 ? issue.path.join(".") : String(issue.path[0] ?? "form");
        found[key] ??= issue.message;
      }
    }
    if (form.access === "ppv" && !(Number(form.price) > 0)) found.price ??= POST_MESSAGES.ppvPriceRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    createPost.mutate(payload, {
      onSuccess: () => {
        toast(POST_MESSAGES.created);
        reset();
        setOpen(false);
      },
      onError: (error) => toastFailure(error, POST_MESSAGES.createFailed),
    });
  };

  const fieldError = (key: string) =>
    errors[key] ? (
      <p className="text-sm text-red-600" role="alert">
        {errors[key]}
      </p>
    ) : null;

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Create Post</DialogTitle>
          <DialogDescription>Share something with the people who follow you.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div className="space-y-1.5">
            <Label htmlFor="post-title">Title</Label>
            <Input
              id="post-title"
              value={form.title}
              maxLength={POST_TITLE_MAX_LENGTH + 1}
              onChange={(event) => update({ title: event.target.value })}
              placeholder="Give your post a title"
            />
            {fieldError("title")}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="post-content">Content</Label>
            <Textarea
              id="post-content"
              value={form.content}
              rows={4}
              maxLength={POST_CONTENT_MAX_LENGTH + 1}
              onChange={(event) => update({ content: event.target.value })}
              placeholder="What's happening around you?"
            />
            <p className="text-right text-xs text-gray-500">
              {form.content.length}/{POST_CONTENT_MAX_LENGTH}
            </p>
            {fieldError("content")}
          </div>

          {canSellAccess && (
            <fieldset className="space-y-1.5">
              <legend className="text-sm font-medium">Who can see it</legend>
              <div className="flex flex-wrap gap-2">
                {(Object.keys(ACCESS_LABELS) as AccessChoice[]).map((choice) => (
                  <Button
                    key={choice}
                    type="button"
                    size="sm"
                    variant={form.access === choice ? "default" : "outline"}
                    aria-pressed={form.access === choice}
                    onClick={() => update({ access: choice })}
                  >
                    {ACCESS_LABELS[choice]}
                  </Button>
                ))}
              </div>
            </fieldset>
          )}
          {canSellAccess && form.access === "ppv" && (
            <div className="space-y-1.5">
              <Label htmlFor="post-price">Price (USD)</Label>
              <Input
                id="post-price"
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                value={form.price}
                onChange={(event) => update({ price: event.target.value })}
                placeholder="4.99"
              />
              {fieldError("price")}
            </div>
          )}

          <div className="space-y-1.5">
            <Label htmlFor="post-category">Category</Label>
            <Select value={form.category} onValueChange={(category) => update({ category })}>
              <SelectTrigger id="post-category" aria-label="Category">
                <SelectValue placeholder="Choose a category" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_CATEGORY}>No category</SelectItem>
                {POST_CATEGORIES.map((category) => (
                  <SelectItem key={category} value={category}>
                    {category.charAt(0).toUpperCase() + category.slice(1)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {fieldError("category")}
          </div>

          <div className="space-y-1.5">
            <Label htmlFor="post-tags">Tags</Label>
            <div className="flex gap-2">
              <Input
                id="post-tags"
                value={form.tagDraft}
                onChange={(event) => update({ tagDraft: event.target.value })}
                onKeyDown={onTagKey}
                placeholder="Add a tag and press Enter"
                disabled={form.tags.length >= POST_MAX_TAGS}
              />
              <Button type="button" variant="outline" onClick={addTag} disabled={form.tags.length >= POST_MAX_TAGS}>
                Add
              </Button>
            </div>
            {form.tags.length > 0 && (
              <ul className="flex flex-wrap gap-1" aria-label="Tags">
                {form.tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="secondary" className="gap-1">
                      #{tag}
                      <button
                        type="button"
                        aria-label={`Remove tag ${tag}`}
                        onClick={() => update({ tags: form.tags.filter((item) => item !== tag) })}
                      >
                        <X aria-hidden className="h-3 w-3" />
                      </button>
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
            <p className="text-xs text-gray-500">
              {form.tags.length}/{POST_MAX_TAGS} tags
            </p>
            {fieldError("tags")}
          </div>

          <div className="space-y-2">
            <Label htmlFor="post-media">Photos</Label>
            {form.media.length > 0 && (
              <ul className="space-y-3" aria-label="Chosen photos">
                {form.media.map((item, position) => (
                  <li key={item.objectUrl} className="flex gap-3">
                    <div className="relative h-24 w-24 shrink-0 overflow-hidden rounded-lg bg-gray-100">
                      {item.type === "video" ? (
                        <video
                          src={item.previewUrl}
                          muted
                          playsInline
                          aria-label="Chosen video"
                          className="h-full w-full object-contain"
                        />
                      ) : (
                        <img
                          src={item.previewUrl}
                          alt={`Selected media ${position + 1}`}
                          decoding="async"
                          className="h-full w-full object-contain"
                        />
                      )}
                    </div>
                    <div className="min-w-0 flex-1 space-y-1">
                      <Label htmlFor={`post-alt-text-${position}`} className="text-xs">
                        Image description (alt text)
                        {form.media.length > 1 && <span className="text-gray-500">, photo {position + 1}</span>}
                      </Label>
                      <Textarea
                        id={`post-alt-text-${position}`}
                        value={item.alt}
                        rows={2}
                        maxLength={POST_ALT_TEXT_MAX_LENGTH + 1}
                        onChange={(event) => {
                          const alt = event.target.value;
                          update({
                            media: form.media.map((other, at) => (at === position ? { ...other, alt } : other)),
                          });
                        }}
                        placeholder="Describe the photo for people who can't see it"
                      />
                      {fieldError(`media.${position}.alt`)}
                      <Button
                        type="button"
                        size="sm"
                        variant="secondary"
                        aria-label={`Remove photo ${position + 1}`}
                        onClick={() => {
                          URL.revokeObjectURL(item.previewUrl);
                          update({ media: form.media.filter((_other, at) => at !== position) });
                        }}
                      >
                        Remove
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {form.media.length < POST_MEDIA_MAX && !form.media.some((item) => item.type === "video") && (
              <label
                htmlFor="post-media"
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-dashed p-3 text-sm text-gray-600 hover:bg-gray-50"
              >
                <ImagePlus aria-hidden className="h-5 w-5" />
                {uploadProgress !== null
                  ? `Uploading... ${Math.round(uploadProgress * 100)}%`
                  : form.media.length === 0
                    ? `Choose photos (up to ${POST_MEDIA_MAX}) or a video`
                    : `Add more photos (${form.media.length}/${POST_MEDIA_MAX})`}
                <input
                  id="post-media"
                  type="file"
                  accept={`${ACCEPTED_IMAGE_TYPES},${ACCEPTED_VIDEO_TYPES}`}
                  multiple
                  className="sr-only"
                  disabled={uploadProgress !== null}
                  onChange={(event) => {
                    void onFiles([...(event.target.files ?? [])]);
                    event.target.value = "";
                  }}
                />
              </label>
            )}
            {uploadProgress !== null && (
              <progress className="w-full" value={uploadProgress} max={1} aria-label="Upload progress" />
            )}
            {fieldError("mediaUrls")}
            {fieldError("media")}
          </div>

          <PostLocationFields
            value={{
              city: form.city,
              state: form.state,
              country: form.country,
              latitude: form.latitude,
              longitude: form.longitude,
            }}
            onChange={update}
            error={fieldError("location")}
          />
          <TagPlaceField
            value={form.place}
            onChange={(place) => update({ place })}
            point={
              form.latitude !== null && form.longitude !== null
                ? { latitude: form.latitude, longitude: form.longitude }
                : null
            }
          />
          {fieldError("businessId")}

          <div className="flex flex-wrap gap-6">
            <div className="flex items-center gap-2">
              <Switch
                id="post-commentable"
                checked={form.isCommentable}
                onCheckedChange={(isCommentable) => update({ isCommentable })}
              />
              <Label htmlFor="post-commentable">Allow comments</Label>
            </div>
            <div className="flex items-center gap-2">
              <Switch
                id="post-likeable"
                checked={form.isLikeable}
                onCheckedChange={(isLikeable) => update({ isLikeable })}
              />
              <Label htmlFor="post-likeable">Allow likes</Label>
            </div>
          </div>
          {renderPerkPicker?.(form.perkCouponId, (perkCouponId) => update({ perkCouponId }))}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={createPost.isPending || uploadProgress !== null}>
              {createPost.isPending ? "Publishing..." : "Publish"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
