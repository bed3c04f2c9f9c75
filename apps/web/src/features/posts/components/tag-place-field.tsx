import { useQuery } from "@tanstack/react-query";
import { MapPin, X } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { api, queryKeyRoot } from "@/lib/api";

const messages = defineMessages({
  label: { id: "posts.tagPlace.label", defaultMessage: "Tag a place" },
  remove: { id: "posts.tagPlace.remove", defaultMessage: "Remove place" },
  nearbyPlaceholder: {
    id: "posts.tagPlace.nearbyPlaceholder",
    defaultMessage: "Nearby places below, or search by name",
  },
  searchPlaceholder: { id: "posts.tagPlace.searchPlaceholder", defaultMessage: "Search a business by name" },
  places: { id: "posts.tagPlace.places", defaultMessage: "Places" },
});

export interface TaggedPlace {
  id: string;
  name: string;
}

/** How far around the post's point the composer suggests places (miles). */
const NEARBY_RADIUS_MILES = 1;

/**
 * "Tag a place" in the composer: the businesses near the post's point, or found by name; the chosen one links the
 * post to it, and its pictures then show on that business's Photos tab.
 */
export function TagPlaceField({
  value,
  onChange,
  point,
}: {
  value: TaggedPlace | null;
  onChange: (place: TaggedPlace | null) => void;
  point: { latitude: number; longitude: number } | null;
}) {
  const intl = useIntl();
  const [search, setSearch] = useState("");
  const text = search.trim();
  const nearby = useQuery({
    queryKey: [...queryKeyRoot("getBusinesses"), "tag-nearby", point?.latitude, point?.longitude],
    queryFn: () =>
      api.get("/api/businesses", {
        params: {
          query: {
            latitude: point?.latitude,
            longitude: point?.longitude,
            radius: NEARBY_RADIUS_MILES,
            sort: "distance",
            limit: 5,
          },
        },
      }),
    enabled: point !== null && value === null,
  });
  const found = useQuery({
    queryKey: [...queryKeyRoot("getSearch"), "tag-place", text],
    queryFn: () => api.get("/api/search", { params: { query: { type: "businesses", limit: 5, q: text } } }),
    enabled: text.length >= 2 && value === null,
  });
  const choices: TaggedPlace[] = (text.length >= 2 ? (found.data?.businesses ?? []) : (nearby.data ?? [])).map(
    (business) => ({ id: business.id, name: business.name }),
  );

  if (value) {
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium">{intl.formatMessage(messages.label)}</p>
        <p className="flex items-center gap-2 text-sm" data-testid="tagged-place">
          <MapPin aria-hidden className="h-4 w-4 shrink-0 text-brand-700" />
          <span className="min-w-0 wrap-anywhere">{value.name}</span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onChange(null)}
            aria-label={intl.formatMessage(messages.remove)}
          >
            <X aria-hidden />
          </Button>
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-1.5">
      <label htmlFor="post-place" className="text-sm font-medium">
        {intl.formatMessage(messages.label)}
      </label>
      <Input
        id="post-place"
        value={search}
        placeholder={intl.formatMessage(point ? messages.nearbyPlaceholder : messages.searchPlaceholder)}
        onChange={(event) => setSearch(event.target.value)}
      />
      {choices.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={intl.formatMessage(messages.places)}>
          {choices.map((place) => (
            <li key={place.id}>
              <Button type="button" variant="outline" size="sm" onClick={() => onChange(place)}>
                <MapPin aria-hidden /> <span className="max-w-48 truncate">{place.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
