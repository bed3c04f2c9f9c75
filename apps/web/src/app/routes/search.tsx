import { Search } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useLocation, useSearch as useLocationSearch } from "wouter";
import { Card, CardContent } from "@/components/ui/card";
import { SkeletonList } from "@/components/ui/skeleton";
import { useSearch } from "@/features/search/api/search";
import { SearchResultList } from "@/features/search/components/search-results";

/**
 * /search?q= : people and published businesses matching the text. The page has its own search field: on phones
 * the top bar's search button leads here, and the field is focused when the page opens without a query.
 */
export default function SearchRoute() {
  const q = new URLSearchParams(useLocationSearch()).get("q") ?? "";
  const [, navigate] = useLocation();
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const { data, isLoading, isError } = useSearch(q, 20);

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    navigate(query ? `/search?q=${encodeURIComponent(query)}` : "/search", { replace: true });
  }

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold wrap-anywhere">{q ? `Results for "${q}"` : "Search"}</h1>
      <search>
        <form onSubmit={submit} className="relative">
          <Search aria-hidden className="absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400" />
          <input
            type="search"
            placeholder="Search people, businesses, events..."
            aria-label="Search people and businesses"
            // A phone user who tapped the search button came here to type.
            // biome-ignore lint/a11y/noAutofocus: the page exists to take this input.
            autoFocus={!q}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="h-11 w-full rounded-full border bg-surface pr-3 pl-9 text-base"
          />
        </form>
      </search>
      {!q.trim() ? (
        <p className="text-gray-500">Type a name or a place to find people and businesses.</p>
      ) : isLoading ? (
        <SkeletonList label="Searching..." count={4} hasAvatar />
      ) : isError || !data ? (
        <p className="text-red-600">Search failed. Please try again.</p>
      ) : (
        <Card>
          <CardContent className="p-0">
            <SearchResultList results={data} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
