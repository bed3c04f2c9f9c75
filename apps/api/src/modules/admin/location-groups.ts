import { LOCATION_ANALYTICS_MIN_GROUP, type LocationGroupView, OTHER_LOCATIONS_LABEL } from "@plaza/contracts/admin";

export interface LocationCount {
  label: string;
  /** Different people behind the group (users in it, or authors of its posts). */
  people: number;
  /** What the bar shows: people, or posts for post charts. */
  count: number;
}

/** Bars per chart. */
export const LOCATION_BARS_MAX = 10;

/**
 * Turns raw location counts into chart bars that never reveal a small group (docs/PRODUCT.md "Admin and moderation"):
 * groups of at least 5 people are shown by name with their count, the top ones first; every other group is
 * merged into one "Other places" bar, whose count is shown only when it too covers at least 5 people
 * (otherwise null, which the screen shows as "fewer than 5").
 */
export function toLocationGroups(rows: LocationCount[], barsMax = LOCATION_BARS_MAX): LocationGroupView[] {
  const sorted = [...rows].sort((left, right) => right.count - left.count || left.label.localeCompare(right.label));
  const shown: LocationGroupView[] = [];
  let mergedPeople = 0;
  let mergedCount = 0;
  let mergedGroups = 0;
  for (const row of sorted) {
    if (row.people >= LOCATION_ANALYTICS_MIN_GROUP && shown.length < barsMax) {
      shown.push({ label: row.label, count: row.count, isMerged: false });
    } else {
      mergedPeople += row.people;
      mergedCount += row.count;
      mergedGroups += 1;
    }
  }
  if (mergedGroups > 0) {
    shown.push({
      label: OTHER_LOCATIONS_LABEL,
      count: mergedPeople >= LOCATION_ANALYTICS_MIN_GROUP ? mergedCount : null,
      isMerged: true,
    });
  }
  return shown;
}
