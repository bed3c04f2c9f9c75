import { BUSINESS_CATEGORY_LABELS } from "@plaza/contracts/businesses";
import type { SearchResultsView } from "@plaza/contracts/search";
import { displayName } from "@plaza/contracts/users";
import { SearchX, Store } from "lucide-react";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { EmptyState } from "@/components/ui/empty-state";
import { VerifiedBadge } from "@/components/ui/verified-badge";

/** People then businesses, each a link; `onChoose` lets a dropdown close itself. */
export function SearchResultList({ results, onChoose }: { results: SearchResultsView; onChoose?: () => void }) {
  if (results.people.length === 0 && results.businesses.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title="No results"
        description="Try another name, @username or business."
        className="py-6"
      />
    );
  }
  return (
    <div className="divide-y">
      {results.people.length > 0 && (
        <section className="py-1">
          <h3 className="px-3 py-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">People</h3>
          <ul>
            {results.people.map((person) => {
              const name = displayName(person);
              return (
                <li key={person.id}>
                  <Link
                    href={`/profile/${person.id}`}
                    onClick={onChoose}
                    className="flex items-center gap-2 px-3 py-2 hover:bg-gray-50"
                  >
                    <Avatar className="h-8 w-8">
                      {person.profileImageUrl && (
                        <AvatarImage src={person.profileImageUrl} alt={name} width={32} height={32} />
                      )}
                      <AvatarFallback>{name.charAt(0).toUpperCase()}</AvatarFallback>
                    </Avatar>
                    <span className="min-w-0">
                      <span className="flex items-center gap-1 text-sm font-medium">
                        {name}
                        {person.isVerified && <VerifiedBadge />}
                      </span>
                      <span className="block text-xs text-gray-500">@{person.username}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {results.businesses.length > 0 && (
        <section className="py-1">
          <h3 className="px-3 py-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">Businesses</h3>
          <ul>
            {results.businesses.map((business) => (
              <li key={business.id}>
                <Link
                  href={`/business/${business.id}`}
                  onClick={onChoose}
                  className="flex items-center gap-2 px-3 py-2 hover:bg-gray-50"
                >
                  <Avatar className="h-8 w-8 rounded-md">
                    {business.logoImageUrl && (
                      <AvatarImage src={business.logoImageUrl} alt={`${business.name} logo`} width={32} height={32} />
                    )}
                    <AvatarFallback className="rounded-md">
                      <Store aria-hidden className="h-4 w-4" />
                    </AvatarFallback>
                  </Avatar>
                  <span>
                    <span className="block text-sm font-medium">{business.name}</span>
                    <span className="block text-xs text-gray-500">
                      {BUSINESS_CATEGORY_LABELS[business.category]} · {business.averageRating.toFixed(1)} ★ (
                      {business.totalReviews})
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
