import type { BusinessCategory } from "@plaza/contracts/businesses";
import { BUSINESS_CATEGORY_LABELS } from "@plaza/contracts/businesses.texts";
import type { SuggestedUserView } from "@plaza/contracts/users";
import { displayName, PROFILE_TYPE_LABELS } from "@plaza/contracts/users.texts";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { SkeletonList } from "@/components/ui/skeleton";
import { paths } from "@/lib/paths";
import { useSuggestedUsers } from "../api/suggested-users";
import { FollowButton } from "./follow-button";

/**
 * Suggestions are public accounts the viewer does not follow yet (GET /api/users/suggested), so each one's follow
 * status is known: the home's list (and its server-rendered page) asked for it once per person before.
 */
const NOT_FOLLOWED = { isFollowing: false, isRequested: false } as const;

const followersText = (count: number) => `${count} ${count === 1 ? "follower" : "followers"}`;

/** "350 m away", "4.2 km away"; a business matched by city (no distance) is "In your city". */
function distanceText(meters: number | null): string {
  if (meters === null) return "In your city";
  return meters < 1000 ? `${Math.round(meters)} m away` : `${(meters / 1000).toFixed(1)} km away`;
}

function categoryLabel(category: string): string {
  return BUSINESS_CATEGORY_LABELS[category as BusinessCategory] ?? category;
}

function PersonRow({ person }: { person: SuggestedUserView }) {
  const name = displayName(person);
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar className="h-10 w-10 shrink-0">
        {person.profileImageUrl && <AvatarImage src={person.profileImageUrl} alt="" />}
        <AvatarFallback>{name.charAt(0).toUpperCase()}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <Link href={paths.profile(person.id)} className="font-medium wrap-anywhere hover:underline" data-name>
          {name}
        </Link>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-gray-600">
          <span>{followersText(person.followersCount)}</span>
          {person.profileType !== "personal" && (
            <Badge variant="secondary">{PROFILE_TYPE_LABELS[person.profileType]}</Badge>
          )}
          {person.isNearby && <span>Near you</span>}
        </p>
      </div>
      <FollowButton userId={person.id} isSignedIn knownStatus={NOT_FOLLOWED} />
    </li>
  );
}

/** A business near the viewer: its logo, name (to its page), category and distance; Follow follows its account. */
function BusinessRow({
  entry,
}: {
  entry: SuggestedUserView & { business: NonNullable<SuggestedUserView["business"]> };
}) {
  const { business } = entry;
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar className="h-10 w-10 shrink-0 rounded-lg">
        {business.logoImageUrl && <AvatarImage src={business.logoImageUrl} alt="" className="rounded-lg" />}
        <AvatarFallback className="rounded-lg">{business.name.charAt(0).toUpperCase()}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <Link href={paths.business(business.id)} className="font-medium wrap-anywhere hover:underline" data-name>
          {business.name}
        </Link>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-gray-600">
          <Badge variant="secondary">{categoryLabel(business.category)}</Badge>
          <span>{distanceText(business.distanceMeters)}</span>
        </p>
      </div>
      <FollowButton userId={entry.id} isSignedIn knownStatus={NOT_FOLLOWED} />
    </li>
  );
}

/**
 * People and places to follow, each with a Follow button: what a new account's home offers before its feed has
 * anything. Popular locals and popular people first, then businesses near the viewer.
 */
export function SuggestedPeople({ limit = 6 }: { limit?: number }) {
  const suggested = useSuggestedUsers(limit);
  if (suggested.isLoading) return <SkeletonList label="Loading suggestions..." count={3} hasAvatar />;
  const entries = suggested.data ?? [];
  if (entries.length === 0) return <p className="text-sm text-gray-600">No suggestions right now.</p>;
  const people = entries.filter((entry) => entry.business === null);
  const places = entries.filter(
    (entry): entry is SuggestedUserView & { business: NonNullable<SuggestedUserView["business"]> } =>
      entry.business !== null,
  );
  return (
    <div className="space-y-3">
      {people.length > 0 && (
        <ul className="divide-y" aria-label="People to follow">
          {people.map((person) => (
            <PersonRow key={person.id} person={person} />
          ))}
        </ul>
      )}
      {places.length > 0 && (
        <section aria-labelledby="suggested-businesses-heading">
          <h3 id="suggested-businesses-heading" className="text-sm font-semibold text-gray-700">
            Businesses near you
          </h3>
          <ul className="divide-y" aria-label="Businesses near you">
            {places.map((entry) => (
              <BusinessRow key={entry.id} entry={entry} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
