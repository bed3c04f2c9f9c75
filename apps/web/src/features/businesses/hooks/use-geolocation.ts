import { useCallback, useMemo, useState } from "react";
import { defineMessages, useIntl } from "react-intl";

export interface BrowserPosition {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** The messages of a failed position (as LOCATION_FILTER_TEXTS of the contract writes them in English). */
export interface GeolocationTexts {
  unsupported: string;
  failed: string;
}

const messages = defineMessages({
  unsupported: {
    id: "businesses.geolocation.unsupported",
    defaultMessage: "Geolocation is not supported by this browser.",
  },
  failed: {
    id: "businesses.geolocation.failed",
    defaultMessage: "Unable to retrieve your location. Please check your browser permissions.",
  },
});

/** The failure messages of `readBrowserPosition`, in the reader's language. */
export function useGeolocationTexts(): GeolocationTexts {
  const intl = useIntl();
  return useMemo(
    () => ({ unsupported: intl.formatMessage(messages.unsupported), failed: intl.formatMessage(messages.failed) }),
    [intl],
  );
}

/** Asks the browser for its position; errors carry the contract's messages (docs/PRODUCT.md §8). */
export function readBrowserPosition(texts: GeolocationTexts): Promise<BrowserPosition> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(new Error(texts.unsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
        }),
      () => reject(new Error(texts.failed)),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
  });
}

export function useGeolocation() {
  const texts = useGeolocationTexts();
  const [position, setPosition] = useState<BrowserPosition | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLocating, setIsLocating] = useState(false);
  const locate = useCallback(async () => {
    setIsLocating(true);
    setError(null);
    try {
      const found = await readBrowserPosition(texts);
      setPosition(found);
      return found;
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      return null;
    } finally {
      setIsLocating(false);
    }
  }, [texts]);
  return { position, error, isLocating, locate };
}
