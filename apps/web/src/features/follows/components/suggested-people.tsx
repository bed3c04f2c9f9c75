import type { BusinessCategory } from "@plaza/contracts/businesses";
import { BUSINESS_CATEGORY_LABELS } from "@plaza/contracts/businesses.texts";
import type { SuggestedUserView } from "@plaza/contracts/users";
import { displayName, type ProfileType } from "@plaza/contracts/users.texts";
import { defineMessages, type IntlShape, type MessageDescriptor, useIntl } from "react-intl";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { SkeletonList } from "@/components/ui/skeleton";
import { useText } from "@/i18n/texts";
import { paths } from "@/lib/paths";
import { useSuggestedUsers } from "../api/suggested-users";
import { FollowButton } from "./follow-button";

/**
 * Suggestions are public accounts the viewer does not follow yet (GET /api/users/suggested), so each one's follow
 * status is known: the home's list (and its server-rendered page) asked for it once per person before.
 */
const NOT_FOLLOWED = { isFollowing: false, isRequested: false } as const;

const messages = defineMessages({
  inYourCity: { id: "follows.suggested.inYourCity", defaultMessage: "In your city" },
  nearYou: { id: "follows.suggested.nearYou", defaultMessage: "Near you" },
  loading: { id: "follows.suggested.loading", defaultMessage: "Loading suggestions..." },
  empty: { id: "follows.suggested.empty", defaultMessage: "No suggestions right now." },
  people: { id: "follows.suggested.people", defaultMessage: "People to follow" },
  businesses: { id: "follows.suggested.businesses", defaultMessage: "Businesses near you" },
});

const phrases = defineMessages<{
  followers: { count: number };
  metersAway: { distance: string };
  kilometersAway: { distance: string };
}>({
  followers: {
    id: "follows.suggested.followers",
    defaultMessage: "{count, plural, one {# follower} other {# followers}}",
  },
  metersAway: { id: "follows.suggested.metersAway", defaultMessage: "{distance} m away" },
  kilometersAway: { id: "follows.suggested.kilometersAway", defaultMessage: "{distance} km away" },
});

/** The web's labels of the contract's profile types (the same English as PROFILE_TYPE_LABELS). */
const PROFILE_TYPE_MESSAGES: Record<ProfileType, MessageDescriptor> = defineMessages({
  personal: { id: "follows.profileType.personal", defaultMessage: "Personal" },
  creator: { id: "follows.profileType.creator", defaultMessage: "Creator" },
  business: { id: "follows.profileType.business", defaultMessage: "Business" },
});

/** "350 m away", "4.2 km away"; a business matched by city (no distance) is "In your city". */
function distanceText(intl: IntlShape, meters: number | null): string {
  if (meters === null) return intl.formatMessage(messages.inYourCity);
  if (meters < 1000) {
    return intl.formatMessage(phrases.metersAway, { distance: intl.formatNumber(Math.round(meters)) });
  }
  const kilometers = intl.formatNumber(meters / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return intl.formatMessage(phrases.kilometersAway, { distance: kilometers });
}

/** A business category's label in the page's language (`text`); a category the web does not know stays its code. */
function categoryLabel(category: string, text: (english: string) => string): string {
  const label = BUSINESS_CATEGORY_LABELS[category as BusinessCategory];
  return label === undefined ? category : text(label);
}

function PersonRow({ person }: { person: SuggestedUserView }) {
  const intl = useIntl();
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
          <span>{intl.formatMessage(phrases.followers, { count: person.followersCount })}</span>
          {person.profileType !== "personal" && (
            <Badge variant="secondary">{intl.formatMessage(PROFILE_TYPE_MESSAGES[person.profileType])}</Badge>
          )}
          {person.isNearby && <span>{intl.formatMessage(messages.nearYou)}</span>}
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
  const intl = useIntl();
  const text = useText();
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
          <Badge variant="secondary">{categoryLabel(business.category, text)}</Badge>
          <span>{distanceText(intl, business.distanceMeters)}</span>
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
  const intl = useIntl();
  const suggested = useSuggestedUsers(limit);
  if (suggested.isLoading) return <SkeletonList label={intl.formatMessage(messages.loading)} count={3} hasAvatar />;
  const entries = suggested.data ?? [];
  if (entries.length === 0) return <p className="text-sm text-gray-600">{intl.formatMessage(messages.empty)}</p>;
  const people = entries.filter((entry) => entry.business === null);
  const places = entries.filter(
    (entry): entry is SuggestedUserView & { business: NonNullable<SuggestedUserView["business"]> } =>
      entry.business !== null,
  );
  return (
    <div className="space-y-3">
      {people.length > 0 && (
        <ul className="divide-y" aria-label={intl.formatMessage(messages.people)}>
          {people.map((person) => (
            <PersonRow key={person.id} person={person} />
          ))}
        </ul>
      )}
      {places.length > 0 && (
        <section aria-labelledby="suggested-businesses-heading">
          <h3 id="suggested-businesses-heading" className="text-sm font-semibold text-gray-700">
            {intl.formatMessage(messages.businesses)}
          </h3>
          <ul className="divide-y" aria-label={intl.formatMessage(messages.businesses)}>
            {places.map((entry) => (
              <BusinessRow key={entry.id} entry={entry} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
