import { clearOfflineCache } from "@/lib/offline-cache";
import { paths } from "@/lib/paths";
import { LOGIN_REDIRECT_DELAY_MS } from "@/lib/ui-constants";

/** Sign-in is a full-page navigation (docs/PRODUCT.md §2). */
export function goToLogin(returnTo?: string): void {
  // The session is over: what was kept for offline reading goes with it.
  clearOfflineCache();
  const query = returnTo && returnTo !== "/" ? `?returnTo=${encodeURIComponent(returnTo)}` : "";
  window.location.href = `/api/login${query}`;
}

/** The landing page's sign-up buttons: the sign-in page opened on its Create account tab. */
export const SIGN_UP_PATH = paths.signUp;

export function goToSignUp(): void {
  window.location.href = SIGN_UP_PATH;
}

/** After an unauthorized answer: the toast shows, then the browser goes to sign-in after 500 ms. */
export function goToLoginSoon(): void {
  window.setTimeout(() => goToLogin(window.location.pathname), LOGIN_REDIRECT_DELAY_MS);
}

export function signOut(): void {
  clearOfflineCache();
  window.location.href = "/api/logout";
}
