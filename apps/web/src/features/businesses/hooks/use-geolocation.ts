import { LOCATION_FILTER_TEXTS } from "@plaza/contracts/location.texts";
import { useCallback, useState } from "react";

export interface BrowserPosition {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** Asks the browser for its position; errors carry the contract's messages (docs/PRODUCT.md §8). */
export function readBrowserPosition(): Promise<BrowserPosition> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(new Error(LOCATION_FILTER_TEXTS.geolocationUnsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
        }),
      () => reject(new Error(LOCATION_FILTER_TEXTS.geolocationFailed)),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
  });
}

export function useGeolocation() {
  const [position, setPosition] = useState<BrowserPosition | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLocating, setIsLocating] = useState(false);
  const locate = useCallback(async () => {
    setIsLocating(true);
    setError(null);
    try {
      const found = await readBrowserPosition();
      setPosition(found);
      return found;
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      return null;
    } finally {
      setIsLocating(false);
    }
  }, []);
  return { position, error, isLocating, locate };
}
