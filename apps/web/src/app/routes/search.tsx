import { useSearch as useLocationSearch } from "wouter";
import { Card, CardContent } from "@/components/ui/card";
import { SkeletonList } from "@/components/ui/skeleton";
import { useSearch } from "@/features/search/api/search";
import { SearchResultList } from "@/features/search/components/search-results";

/** /search?q= : people and published businesses matching the text. */
export default function SearchRoute() {
  const q = new URLSearchParams(useLocationSearch()).get("q") ?? "";
  const { data, isLoading, isError } = useSearch(q, 20);
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">{q ? `Results for "${q}"` : "Search"}</h1>
      {!q.trim() ? (
        <p className="text-gray-500">Type in the search box to find people and businesses.</p>
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
