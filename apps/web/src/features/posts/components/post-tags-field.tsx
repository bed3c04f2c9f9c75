import { POST_MAX_TAGS } from "@plaza/contracts/constants";
import { X } from "lucide-react";
import type { KeyboardEvent } from "react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { defineMessages, useIntl } from "react-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type ComposerValues, firstMessage } from "./create-post-form";
import { FieldError } from "./field-error";

const phrases = defineMessages<{
  remove: { tag: string };
  count: { count: number; max: number };
  full: { max: number };
}>({
  full: { id: "posts.tags.full", defaultMessage: "At most {max, number} tags" },
  remove: { id: "posts.tags.remove", defaultMessage: "Remove tag {tag}" },
  count: { id: "posts.tags.count", defaultMessage: "{count, number}/{max, number} tags" },
});
const messages = defineMessages({
  duplicate: { id: "posts.tags.duplicate", defaultMessage: "This tag is already added" },
  label: { id: "posts.tags.label", defaultMessage: "Tags" },
  placeholder: { id: "posts.tags.placeholder", defaultMessage: "Add a tag and press Enter" },
  add: { id: "posts.tags.add", defaultMessage: "Add" },
});

/** The composer's Tags: typed one at a time (Enter, comma or Add), shown as removable chips (docs/PRODUCT.md §5). */
export function PostTagsField() {
  const intl = useIntl();
  const { control, setValue, getValues, setError, clearErrors } = useFormContext<ComposerValues>();
  const [tags, tagDraft] = useWatch({ control, name: ["tags", "tagDraft"] });
  const { errors } = useFormState({ control, name: "tags" });
  const isFull = tags.length >= POST_MAX_TAGS;

  const addTag = () => {
    const tag = getValues("tagDraft").trim();
    if (!tag) return;
    if (tags.includes(tag)) {
      setError("tags", { type: "duplicate", message: intl.formatMessage(messages.duplicate) });
      return;
    }
    if (isFull) {
      setError("tags", { type: "full", message: intl.formatMessage(phrases.full, { max: POST_MAX_TAGS }) });
      return;
    }
    clearErrors("tags");
    setValue("tags", [...tags, tag], { shouldDirty: true });
    setValue("tagDraft", "");
  };

  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      addTag();
    }
  };

  return (
    <div className="space-y-1.5">
      <Label htmlFor="post-tags">{intl.formatMessage(messages.label)}</Label>
      <div className="flex gap-2">
        <Input
          id="post-tags"
          value={tagDraft}
          onChange={(event) => {
            setValue("tagDraft", event.target.value);
            clearErrors("tags");
          }}
          onKeyDown={onTagKey}
          placeholder={intl.formatMessage(messages.placeholder)}
          disabled={isFull}
        />
        <Button type="button" variant="outline" onClick={addTag} disabled={isFull}>
          {intl.formatMessage(messages.add)}
        </Button>
      </div>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={intl.formatMessage(messages.label)}>
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-1">
                #{tag}
                <button
                  type="button"
                  aria-label={intl.formatMessage(phrases.remove, { tag })}
                  onClick={() => {
                    setValue(
                      "tags",
                      tags.filter((item) => item !== tag),
                      { shouldDirty: true },
                    );
                    clearErrors("tags");
                  }}
                >
                  <X aria-hidden className="h-3 w-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-gray-500">
        {intl.formatMessage(phrases.count, { count: tags.length, max: POST_MAX_TAGS })}
      </p>
      <FieldError message={firstMessage(errors.tags)} />
    </div>
  );
}
