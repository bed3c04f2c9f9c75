import { canSellAccess } from "@plaza/contracts/payments.texts";
import { type PostView, type UpdatePostInput, updatePostBody } from "@plaza/contracts/posts";
import { POST_TYPES } from "@plaza/contracts/posts.texts";
import { Pencil } from "lucide-react";
import { useMemo, useState } from "react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { defineMessages, useIntl } from "react-intl";
import { z } from "zod";
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
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useUpdatePost } from "../api/update-post";
import { firstMessage } from "./create-post-form";
import { FieldError } from "./field-error";
import { PostAccessFields } from "./post-access-fields";
import { EMPTY_PLACE, type PlaceFields, PostLocationFields, placePayload } from "./post-location-fields";

const messages = defineMessages({
  edited: { id: "posts.edit.edited", defaultMessage: "Post updated" },
  failed: { id: "posts.edit.failed", defaultMessage: "Failed to update post." },
  label: { id: "posts.edit.label", defaultMessage: "Edit post" },
  title: { id: "posts.edit.title", defaultMessage: "Edit post" },
  description: { id: "posts.edit.description", defaultMessage: "Readers will see that the post was edited." },
  postTitle: { id: "posts.edit.postTitle", defaultMessage: "Title" },
  text: { id: "posts.edit.text", defaultMessage: "Text" },
  tags: { id: "posts.edit.tags", defaultMessage: "Tags" },
  tagsPlaceholder: { id: "posts.edit.tagsPlaceholder", defaultMessage: "#coffee #brunch" },
  paidTypeFixed: {
    id: "posts.edit.paidTypeFixed",
    defaultMessage: "People have paid for this post: its type and price can no longer change",
  },
  cancel: { id: "posts.edit.cancel", defaultMessage: "Cancel" },
  saving: { id: "posts.edit.saving", defaultMessage: "Saving..." },
  save: { id: "posts.edit.save", defaultMessage: "Save" },
});

/** Tags as the field shows them: "#coffee #brunch" ↔ ["coffee", "brunch"]. */
const tagsText = (tags: string[]) => tags.map((tag) => `#${tag}`).join(" ");
const parseTags = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((tag) => tag.replace(/^#+/, ""))
    .filter((tag) => tag !== "");

/** What the Edit dialog holds: the post's fields as typed. */
const editFields = z.object({
  title: z.string(),
  content: z.string(),
  tags: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  access: z.enum(POST_TYPES),
  price: z.string(),
});
type EditValues = z.infer<typeof editFields>;

/** The post as the form starts it; its place by names only (a read carries no point; picking one replaces it). */
const valuesOf = (post: PostView): EditValues => ({
  title: post.title ?? "",
  content: post.content,
  tags: tagsText(post.tags),
  ...EMPTY_PLACE,
  city: post.city ?? "",
  state: post.state ?? "",
  country: post.country ?? "",
  access: post.postType,
  price: post.price === null ? "" : String(post.price),
});

const isSamePlace = (a: PlaceFields, b: PlaceFields) =>
  a.city === b.city &&
  a.state === b.state &&
  a.country === b.country &&
  a.latitude === b.latitude &&
  a.longitude === b.longitude;

/**
 * The dialog's schema for one post: the values become the PATCH body, checked by the contract's `updatePostBody`.
 * Only what changed is sent: an untouched place keeps its stored point, untouched access never meets the lock.
 */
function editSchema(post: PostView) {
  const initial = valuesOf(post);
  return editFields
    .transform((values): UpdatePostInput => {
      const body: UpdatePostInput = {
        title: values.title.trim() === "" ? null : values.title,
        content: values.content,
        tags: parseTags(values.tags),
      };
      if (!isSamePlace(values, initial)) body.location = placePayload(values);
      const isAccessChanged =
        values.access !== post.postType || (values.access === "ppv" && values.price !== initial.price);
      if (!post.priceLocked && isAccessChanged) {
        body.postType = values.access;
        body.price = values.access === "ppv" && values.price !== "" ? Number(values.price) : null;
      }
      return body;
    })
    .pipe(updatePostBody);
}

/**
 * The author's Edit action on a post card: title, text, tags and place in a dialog, and for a creator the access
 * and price while nobody has paid (docs/PRODUCT.md "Local discovery"); once someone paid (`priceLocked`) those show
 * disabled with the reason. The card then shows "edited".
 */
export function EditPostButton({ post }: { post: PostView }) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const schema = useMemo(() => editSchema(post), [post]);
  const form = useZodForm(schema, { defaultValues: valuesOf(post) });
  const updatePost = useUpdatePost(post.id);
  // Paid access is for profiles that sell it; a paid post keeps showing its access to its author whatever the profile.
  const offersAccess = canSellAccess(post.author.profileType) || post.postType !== "free";
  const lockNoteId = post.priceLocked ? `edit-locked-${post.id}` : undefined;

  function open(next: boolean) {
    if (next) form.reset(valuesOf(post));
    setIsOpen(next);
  }

  const submit = (body: z.output<typeof schema>) =>
    updatePost.mutate(body, {
      onSuccess: () => {
        toast({ title: intl.formatMessage(messages.edited) });
        setIsOpen(false);
      },
      onError: (failure) => applyServerError(form, failure, intl.formatMessage(messages.failed)),
    });

  return (
    <Dialog open={isOpen} onOpenChange={open}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={intl.formatMessage(messages.label)}>
          <Pencil aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(messages.title)}</DialogTitle>
          <DialogDescription>{intl.formatMessage(messages.description)}</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} pending={updatePost.isPending} className="space-y-3">
          <FormField
            name="title"
            id={`edit-title-${post.id}`}
            label={intl.formatMessage(messages.postTitle)}
            className="space-y-1"
          >
            {(field) => <Input {...field} />}
          </FormField>
          <FormField
            name="content"
            id={`edit-content-${post.id}`}
            label={intl.formatMessage(messages.text)}
            className="space-y-1"
          >
            {(field) => <Textarea rows={5} {...field} />}
          </FormField>
          <FormField
            name="tags"
            id={`edit-tags-${post.id}`}
            label={intl.formatMessage(messages.tags)}
            className="space-y-1"
          >
            {(field) => <Input placeholder={intl.formatMessage(messages.tagsPlaceholder)} {...field} />}
          </FormField>
          <EditPlaceFields />
          {offersAccess && (
            <PostAccessFields
              priceId={`edit-price-${post.id}`}
              disabled={post.priceLocked}
              noteId={lockNoteId}
              note={
                post.priceLocked && (
                  <p id={lockNoteId} className="text-sm text-gray-600" data-testid="price-locked">
                    {intl.formatMessage(messages.paidTypeFixed)}
                  </p>
                )
              }
            />
          )}
          <FormMessage />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setIsOpen(false)}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            <FormSubmit pendingLabel={intl.formatMessage(messages.saving)}>
              {intl.formatMessage(messages.save)}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** The post's place, with the message of a refused one. */
function EditPlaceFields() {
  const { setValue, clearErrors } = useFormContext<EditValues>();
  const [city, state, country, latitude, longitude] = useWatch<
    EditValues,
    ["city", "state", "country", "latitude", "longitude"]
  >({ name: ["city", "state", "country", "latitude", "longitude"] });
  const { errors } = useFormState<EditValues>();
  const changePlace = (patch: Partial<PlaceFields>) => {
    for (const [key, value] of Object.entries(patch)) {
      setValue(key as keyof PlaceFields, value as never, { shouldDirty: true });
    }
    clearErrors("location" as "city");
  };
  return (
    <PostLocationFields
      value={{ city, state, country, latitude, longitude }}
      onChange={changePlace}
      error={<FieldError message={firstMessage((errors as Record<string, unknown>).location)} />}
    />
  );
}
