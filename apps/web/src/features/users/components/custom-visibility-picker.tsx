import { CUSTOM_VISIBLE_USERS_MAX } from "@plaza/contracts/constants";
import type { UserSummaryView } from "@plaza/contracts/users";
import { displayName } from "@plaza/contracts/users.texts";
import { useQueries } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { operationQuery } from "@/lib/api";
import { useSearchUsers } from "../api/search-users";

const messages = defineMessages({
  chosen: { id: "users.customVisibility.chosen", defaultMessage: "People who can see your account" },
  unknownUser: { id: "users.customVisibility.unknownUser", defaultMessage: "Unknown user" },
  removeUser: { id: "users.customVisibility.removeUser", defaultMessage: "Remove user" },
  noneChosen: { id: "users.customVisibility.noneChosen", defaultMessage: "No one chosen yet." },
  searchPlaceholder: {
    id: "users.customVisibility.searchPlaceholder",
    defaultMessage: "Search people by name or username",
  },
  search: { id: "users.customVisibility.search", defaultMessage: "Search people" },
  results: { id: "users.customVisibility.results", defaultMessage: "Search results" },
  searching: { id: "users.customVisibility.searching", defaultMessage: "Searching..." },
  noResults: { id: "users.customVisibility.noResults", defaultMessage: "No people found" },
  added: { id: "users.customVisibility.added", defaultMessage: "Added" },
  add: { id: "users.customVisibility.add", defaultMessage: "Add" },
});

const phrases = defineMessages<{
  remove: { name: string };
  count: { count: number; max: number };
  full: { max: number };
}>({
  remove: { id: "users.customVisibility.remove", defaultMessage: "Remove {name}" },
  count: { id: "users.customVisibility.count", defaultMessage: "{count}/{max} users" },
  full: { id: "users.customVisibility.full", defaultMessage: "Maximum {max} users allowed" },
});

/** Chooses up to 10 people who may see a custom-visibility account, by searching people. */
export function CustomVisibilityPicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const intl = useIntl();
  const [text, setText] = useState("");
  const search = useSearchUsers(text);
  const chosen = useQueries({
    queries: value.map((id) => operationQuery("getUsersByUserId", { params: { path: { userId: id } } })),
  });
  const isFull = value.length >= CUSTOM_VISIBLE_USERS_MAX;
  const add = (person: UserSummaryView) => {
    if (isFull || value.includes(person.id)) return;
    onChange([...value, person.id]);
    setText("");
  };
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap gap-2" aria-label={intl.formatMessage(messages.chosen)}>
        {value.map((id, index) => {
          const person = chosen[index]?.data;
          return (
            <Badge key={id} variant="secondary" className="gap-1">
              {person ? `${displayName(person)} (@${person.username})` : intl.formatMessage(messages.unknownUser)}
              <button
                type="button"
                aria-label={
                  person
                    ? intl.formatMessage(phrases.remove, { name: displayName(person) })
                    : intl.formatMessage(messages.removeUser)
                }
                onClick={() => onChange(value.filter((item) => item !== id))}
              >
                <X aria-hidden className="h-3 w-3" />
              </button>
            </Badge>
          );
        })}
        {value.length === 0 && <p className="text-sm text-gray-500">{intl.formatMessage(messages.noneChosen)}</p>}
      </fieldset>
      <p className="text-xs text-gray-500">
        {intl.formatMessage(phrases.count, { count: value.length, max: CUSTOM_VISIBLE_USERS_MAX })}
      </p>
      <Input
        placeholder={intl.formatMessage(messages.searchPlaceholder)}
        aria-label={intl.formatMessage(messages.search)}
        value={text}
        disabled={isFull}
        onChange={(event) => setText(event.target.value)}
      />
      {isFull && (
        <p className="text-sm text-amber-700">{intl.formatMessage(phrases.full, { max: CUSTOM_VISIBLE_USERS_MAX })}</p>
      )}
      {text.trim() !== "" && (
        <ul className="divide-y rounded-md border" aria-label={intl.formatMessage(messages.results)}>
          {search.isLoading && <li className="p-2 text-sm text-gray-500">{intl.formatMessage(messages.searching)}</li>}
          {search.data?.length === 0 && (
            <li className="p-2 text-sm text-gray-500">{intl.formatMessage(messages.noResults)}</li>
          )}
          {search.data?.map((person) => (
            <li key={person.id} className="flex items-center justify-between p-2 text-sm">
              <span>
                {displayName(person)}{" "}
                <span className="text-gray-500">
                  <bdi dir="ltr">@{person.username}</bdi>
                </span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={value.includes(person.id) || isFull}
                onClick={() => add(person)}
              >
                {intl.formatMessage(value.includes(person.id) ? messages.added : messages.add)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
