import { POST_MAX_TAGS } from "@plaza/contracts/constants";
import { POST_MESSAGES } from "@plaza/contracts/posts.texts";
import { X } from "lucide-react";
import type { KeyboardEvent } from "react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type ComposerValues, firstMessage } from "./create-post-form";
import { FieldError } from "./field-error";

/** The composer's Tags: typed one at a time (Enter, comma or Add), shown as removable chips (docs/PRODUCT.md §5). */
export function PostTagsField() {
  const { control, setValue, getValues, setError, clearErrors } = useFormContext<ComposerValues>();
  const [tags, tagDraft] = useWatch({ control, name: ["tags", "tagDraft"] });
  const { errors } = useFormState({ control, name: "tags" });
  const isFull = tags.length >= POST_MAX_TAGS;

  const addTag = () => {
    const tag = getValues("tagDraft").trim();
    if (!tag) return;
    if (tags.includes(tag)) {
      setError("tags", { type: "duplicate", message: POST_MESSAGES.tagDuplicate });
      return;
    }
    if (isFull) {
      setError("tags", { type: "full", message: POST_MESSAGES.tagsFull });
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
      <Label htmlFor="post-tags">Tags</Label>
      <div className="flex gap-2">
        <Input
          id="post-tags"
          value={tagDraft}
          onChange={(event) => {
            setValue("tagDraft", event.target.value);
            clearErrors("tags");
          }}
          onKeyDown={onTagKey}
          placeholder="Add a tag and press Enter"
          disabled={isFull}
        />
        <Button type="button" variant="outline" onClick={addTag} disabled={isFull}>
          Add
        </Button>
      </div>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-1">
                #{tag}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
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
        {tags.length}/{POST_MAX_TAGS} tags
      </p>
      <FieldError message={firstMessage(errors.tags)} />
    </div>
  );
}
