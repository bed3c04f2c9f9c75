import { useSyncExternalStore } from "react";
import { defineMessages } from "react-intl";

/** The theme a person chose in Settings: follow the system, or always light or dark. */
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_LABELS = defineMessages({
  system: { id: "shell.theme.system", defaultMessage: "Same as the device" },
  light: { id: "shell.theme.light", defaultMessage: "Light" },
  dark: { id: "shell.theme.dark", defaultMessage: "Dark" },
});

const STORAGE_KEY = "plaza.theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

function isTheme(value: string | null): value is Theme {
  return value !== null && (THEMES as readonly string[]).includes(value);
}

/** The chosen theme, kept in this browser (a device setting, like the system's own). */
export function readTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isTheme(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

/** Sets `data-theme` on the root element, which index.css reads: "system" follows prefers-color-scheme. */
function paint(theme: Theme): void {
  const isDark = theme === "dark" || (theme === "system" && window.matchMedia(DARK_QUERY).matches);
  document.documentElement.dataset.theme = isDark ? "dark" : "light";
}

/** Held for the page's life: a MediaQueryList nobody references may be collected, and its listener with it. */
let systemScheme: MediaQueryList | null = null;

/** Paints the chosen theme before the first render and follows the system's changes while "system" is chosen. */
export function startTheme(): void {
  paint(readTheme());
  systemScheme = window.matchMedia(DARK_QUERY);
  systemScheme.addEventListener("change", () => paint(readTheme()));
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Private modes may refuse storage: the choice then lasts for this page only.
  }
  paint(theme);
  for (const listener of listeners) listener();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readTheme,
    () => "system",
  );
}
