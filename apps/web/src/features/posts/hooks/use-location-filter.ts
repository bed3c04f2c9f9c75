import { LOCATION_FILTER_COOKIE, LOCATION_RADIUS_MILES } from "@plaza/contracts/constants";
import type { LocationFilterType, LocationFilterValue, LocationQuery } from "@plaza/contracts/location";
import { useSyncExternalStore } from "react";
import { usePlaceName } from "@/lib/place-name";

const STORAGE_KEY = "plaza.locationFilter";

/** The saved filter, or null (no filter). A broken saved value counts as no filter. */
export function readLocationFilter(): LocationFilterValue | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as LocationFilterValue;
    if (value.type === "radius") {
      return Number.isFinite(value.latitude) && Number.isFinite(value.longitude) && Number.isFinite(value.radius)
        ? value
        : null;
    }
    return ["city", "state", "country"].includes(value.type) && typeof value.text === "string" ? value : null;
  } catch {
    return null;
  }
}

/**
 * Keeps LOCATION_FILTER_COOKIE while a filter is saved, so the server leaves the home to the browser, which knows
 * the filter (apps/api/src/plugins/web-app.ts). Run at start too: a filter saved before the cookie existed.
 */
export function syncLocationFilterCookie(): void {
  const hasCookie = document.cookie.split("; ").some((entry) => entry.startsWith(`${LOCATION_FILTER_COOKIE}=`));
  const hasFilter = readLocationFilter() !== null;
  if (hasCookie === hasFilter) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  const lifetime = hasFilter ? "Max-Age=31536000" : "Max-Age=0";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain marker cookie; the Cookie Store API is not in every browser
  document.cookie = `${LOCATION_FILTER_COOKIE}=1; Path=/; ${lifetime}; SameSite=Lax${secure}`;
}

/**
 * Saves the filter (null clears it) and reloads the page, as docs/PRODUCT.md §2 says choosing a filter does; the
 * feed reads the saved value on load.
 */
export function applyLocationFilter(value: LocationFilterValue | null): void {
  if (value) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  else window.localStorage.removeItem(STORAGE_KEY);
  syncLocationFilterCookie();
  window.location.reload();
}

/** The filter as the feed's query (docs/PRODUCT.md §3: city, state, country; or a radius around a point). */
export function locationQueryOf(value: LocationFilterValue | null): LocationQuery {
  if (!value) return {};
  if (value.type === "radius") return { latitude: value.latitude, longitude: value.longitude, radius: value.radius };
  return { [value.type]: value.text };
}

export function useLocationQuery(): LocationQuery {
  // Read once per page load: a change reloads the page anyway. A page rendered on the server has no filter (the
  // server renders no home that has one).
  const value = useSyncExternalStore(
    () => () => {},
    () => window.localStorage.getItem(STORAGE_KEY),
    () => null,
  );
  return value ? locationQueryOf(readLocationFilter()) : {};
}

/* The location filter dialog's open state, so Quick Actions' "Find Nearby" can open it in radius mode. */
let dialogState: { isOpen: boolean; initialType: LocationFilterType | null } = { isOpen: false, initialType: null };
const listeners = new Set<() => void>();

function setDialogState(next: typeof dialogState): void {
  dialogState = next;
  for (const listener of listeners) listener();
}

export const openLocationFilterDialog = (initialType: LocationFilterType | null = null) =>
  setDialogState({ isOpen: true, initialType });

export function useLocationFilterDialog() {
  const state = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => dialogState,
    () => dialogState,
  );
  return {
    ...state,
    setOpen: (isOpen: boolean) => setDialogState({ isOpen, initialType: isOpen ? state.initialType : null }),
  };
}

/** The town at a radius filter's centre, null for other filters or until it is known. */
export function useRadiusCentreName(value: LocationFilterValue | null): string | null {
  const place = usePlaceName(
    value?.type === "radius" ? { latitude: value.latitude, longitude: value.longitude } : null,
  );
  return value?.type === "radius" ? (place.data?.city ?? null) : null;
}

/** The next radius to widen an empty radius search to, or null when it is already the widest. */
export function widerRadius(value: LocationFilterValue): number | null {
  if (value.type !== "radius" || value.radius >= LOCATION_RADIUS_MILES.max) return null;
  return Math.min(LOCATION_RADIUS_MILES.max, Math.max(value.radius * 2, value.radius + 5));
}
