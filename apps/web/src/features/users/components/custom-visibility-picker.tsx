import { CUSTOM_VISIBLE_USERS_MAX } from "@plaza/contracts/constants";
import type { UserSummaryView } from "@plaza/contracts/users";
import { displayName } from "@plaza/contracts/users.texts";
import { useQueries } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { operationQuery } from "@/lib/api";
import { useSearchUsers } from "../api/search-users";

/** Chooses up to 10 people who may see a custom-visibility account, by searching people. */
export function CustomVisibilityPicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
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
      <fieldset className="flex flex-wrap gap-2" aria-label="People who can see your account">
        {value.map((id, index) => {
          const person = chosen[index]?.data;
          return (
            <Badge key={id} variant="secondary" className="gap-1">
              {person ? `${displayName(person)} (@${person.username})` : "Unknown user"}
              <button
                type="button"
                aria-label={`Remove ${person ? displayName(person) : "user"}`}
                onClick={() => onChange(value.filter((item) => item !== id))}
              >
                <X aria-hidden className="h-3 w-3" />
              </button>
            </Badge>
          );
        })}
        {value.length === 0 && <p className="text-sm text-gray-500">No one chosen yet.</p>}
      </fieldset>
      <p className="text-xs text-gray-500">
        {value.length}/{CUSTOM_VISIBLE_USERS_MAX} users
      </p>
      <Input
        placeholder="Search people by name or username"
        aria-label="Search people"
        value={text}
        disabled={isFull}
        onChange={(event) => setText(event.target.value)}
      />
      {isFull && <p className="text-sm text-amber-700">Maximum 10 users allowed</p>}
      {text.trim() !== "" && (
        <ul className="divide-y rounded-md border" aria-label="Search results">
          {search.isLoading && <li className="p-2 text-sm text-gray-500">Searching...</li>}
          {search.data?.length === 0 && <li className="p-2 text-sm text-gray-500">No people found</li>}
          {search.data?.map((person) => (
            <li key={person.id} className="flex items-center justify-between p-2 text-sm">
              <span>
                {displayName(person)} <span className="text-gray-500">@{person.username}</span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={value.includes(person.id) || isFull}
                onClick={() => add(person)}
              >
                {value.includes(person.id) ? "Added" : "Add"}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
