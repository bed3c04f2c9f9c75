import { POST_CONTENT_MAX_LENGTH, POST_TITLE_MAX_LENGTH } from "@plaza/contracts/constants";
import { POST_CATEGORIES } from "@plaza/contracts/posts.texts";
import { type ReactNode, useState } from "react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import type { RequestBodyOf } from "@/lib/api";
import { useCreatePost } from "../api/create-post";
import { useCreatePostDialog } from "../hooks/use-create-post-dialog";
import { type ComposerValues, composerSchema, EMPTY_COMPOSER, firstMessage, NO_CATEGORY } from "./create-post-form";
import { FieldError } from "./field-error";
import { PostAccessFields } from "./post-access-fields";
import { type PlaceFields, PostLocationFields } from "./post-location-fields";
import { PostMediaField } from "./post-media-field";
import { PostTagsField } from "./post-tags-field";
import { TagPlaceField } from "./tag-place-field";

const messages = defineMessages({
  createdTitle: { id: "posts.create.createdTitle", defaultMessage: "Post Created" },
  createdText: { id: "posts.create.createdText", defaultMessage: "Your post has been published successfully!" },
  failed: { id: "posts.create.failed", defaultMessage: "Failed to create post" },
  title: { id: "posts.create.title", defaultMessage: "Create Post" },
  description: { id: "posts.create.description", defaultMessage: "Share something with the people who follow you." },
  postTitle: { id: "posts.create.postTitle", defaultMessage: "Title" },
  postTitlePlaceholder: { id: "posts.create.postTitlePlaceholder", defaultMessage: "Give your post a title" },
  category: { id: "posts.create.category", defaultMessage: "Category" },
  categoryPlaceholder: { id: "posts.create.categoryPlaceholder", defaultMessage: "Choose a category" },
  noCategory: { id: "posts.create.noCategory", defaultMessage: "No category" },
  allowComments: { id: "posts.create.allowComments", defaultMessage: "Allow comments" },
  allowLikes: { id: "posts.create.allowLikes", defaultMessage: "Allow likes" },
  cancel: { id: "posts.create.cancel", defaultMessage: "Cancel" },
  publishing: { id: "posts.create.publishing", defaultMessage: "Publishing..." },
  publish: { id: "posts.create.publish", defaultMessage: "Publish" },
  content: { id: "posts.create.content", defaultMessage: "Content" },
  contentPlaceholder: { id: "posts.create.contentPlaceholder", defaultMessage: "What's happening around you?" },
});

/** The post categories' names. */
const CATEGORY_LABELS = defineMessages({
  food: { id: "posts.category.food", defaultMessage: "Food" },
  entertainment: { id: "posts.category.entertainment", defaultMessage: "Entertainment" },
  lifestyle: { id: "posts.category.lifestyle", defaultMessage: "Lifestyle" },
  travel: { id: "posts.category.travel", defaultMessage: "Travel" },
  business: { id: "posts.category.business", defaultMessage: "Business" },
  events: { id: "posts.category.events", defaultMessage: "Events" },
  community: { id: "posts.category.community", defaultMessage: "Community" },
});

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
  const intl = useIntl();
  const { isOpen, setOpen } = useCreatePostDialog();
  const createPost = useCreatePost();
  const form = useZodForm(composerSchema, { defaultValues: EMPTY_COMPOSER });
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);

  const submit = (body: RequestBodyOf<"postPosts">) => {
    // Only a creator's form can choose a paid access; anyone else's post is free (the server refuses otherwise).
    const payload = canSellAccess ? body : { ...body, postType: "regular" as const, price: null };
    createPost.mutate(payload, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage(messages.createdTitle),
          description: intl.formatMessage(messages.createdText),
        });
        for (const item of form.getValues("media")) URL.revokeObjectURL(item.previewUrl);
        form.reset(EMPTY_COMPOSER);
        setUploadProgress(null);
        setOpen(false);
      },
      onError: (error) => applyServerError(form, error, intl.formatMessage(messages.failed)),
    });
  };

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(messages.title)}</DialogTitle>
          <DialogDescription>{intl.formatMessage(messages.description)}</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} pending={createPost.isPending} className="space-y-4">
          <FormField name="title" id="post-title" label={intl.formatMessage(messages.postTitle)}>
            {(field) => (
              <Input
                maxLength={POST_TITLE_MAX_LENGTH + 1}
                placeholder={intl.formatMessage(messages.postTitlePlaceholder)}
                {...field}
              />
            )}
          </FormField>
          <ContentField />

          {canSellAccess && <PostAccessFields priceId="post-price" pricePlaceholder="4.99" />}

          <FormField name="category" id="post-category" label={intl.formatMessage(messages.category)}>
            {({ value, onChange, id, ...aria }) => (
              <Select value={value as string} onValueChange={onChange}>
                <SelectTrigger
                  id={id}
                  aria-label={intl.formatMessage(messages.category)}
                  aria-invalid={aria["aria-invalid"]}
                  aria-describedby={aria["aria-describedby"]}
                >
                  <SelectValue placeholder={intl.formatMessage(messages.categoryPlaceholder)} />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_CATEGORY}>{intl.formatMessage(messages.noCategory)}</SelectItem>
                  {POST_CATEGORIES.map((category) => (
                    <SelectItem key={category} value={category}>
                      {intl.formatMessage(CATEGORY_LABELS[category])}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>

          <PostTagsField />
          <PostMediaField uploadProgress={uploadProgress} onUploadProgress={setUploadProgress} />
          <ComposerPlaceFields />

          <div className="flex flex-wrap gap-6">
            <SwitchField
              name="isCommentable"
              id="post-commentable"
              label={intl.formatMessage(messages.allowComments)}
            />
            <SwitchField name="isLikeable" id="post-likeable" label={intl.formatMessage(messages.allowLikes)} />
          </div>
          {renderPerkPicker && <PerkField render={(value, onChange) => renderPerkPicker(value, onChange)} />}

          <FormMessage />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            <FormSubmit pendingLabel={intl.formatMessage(messages.publishing)} disabled={uploadProgress !== null}>
              {intl.formatMessage(messages.publish)}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** The post's text with its running count. */
function ContentField() {
  const intl = useIntl();
  const content = useWatch<ComposerValues, "content">({ name: "content" });
  return (
    <FormField
      name="content"
      id="post-content"
      label={intl.formatMessage(messages.content)}
      description={
        <span className="block text-end">
          {intl.formatNumber(content.length, { useGrouping: false })}/
          {intl.formatNumber(POST_CONTENT_MAX_LENGTH, { useGrouping: false })}
        </span>
      }
    >
      {(field) => (
        <Textarea
          rows={4}
          maxLength={POST_CONTENT_MAX_LENGTH + 1}
          placeholder={intl.formatMessage(messages.contentPlaceholder)}
          {...field}
        />
      )}
    </FormField>
  );
}

/** Location (names or a point) and "Tag a place" near that point; either's message goes as soon as it changes. */
function ComposerPlaceFields() {
  const { setValue, clearErrors } = useFormContextComposer();
  const [city, state, country, latitude, longitude, place] = useWatch<
    ComposerValues,
    ["city", "state", "country", "latitude", "longitude", "place"]
  >({ name: ["city", "state", "country", "latitude", "longitude", "place"] });
  const { errors } = useFormState<ComposerValues>();
  const rootErrors = errors as Record<string, unknown>;
  const changePlace = (patch: Partial<PlaceFields>) => {
    for (const [key, value] of Object.entries(patch)) {
      setValue(key as keyof PlaceFields, value as never, { shouldDirty: true });
    }
    clearErrors("location" as "city");
  };
  return (
    <>
      <PostLocationFields
        value={{ city, state, country, latitude, longitude }}
        onChange={changePlace}
        error={<FieldError message={firstMessage(rootErrors.location)} />}
      />
      <TagPlaceField
        value={place}
        onChange={(next) => {
          setValue("place", next, { shouldDirty: true });
          clearErrors("businessId" as "place");
        }}
        point={latitude !== null && longitude !== null ? { latitude, longitude } : null}
      />
      <FieldError message={firstMessage(rootErrors.businessId)} />
    </>
  );
}

function SwitchField({ name, id, label }: { name: "isCommentable" | "isLikeable"; id: string; label: string }) {
  const { setValue } = useFormContextComposer();
  const checked = useWatch<ComposerValues, typeof name>({ name });
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={(next) => setValue(name, next, { shouldDirty: true })} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

function PerkField({ render }: { render: (value: string | null, onChange: (id: string | null) => void) => ReactNode }) {
  const { setValue } = useFormContextComposer();
  const value = useWatch<ComposerValues, "perkCouponId">({ name: "perkCouponId" });
  return render(value, (perkCouponId) => setValue("perkCouponId", perkCouponId, { shouldDirty: true }));
}

const useFormContextComposer = () => useFormContext<ComposerValues>();
