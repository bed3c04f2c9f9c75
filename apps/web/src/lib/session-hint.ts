import { SIGNED_IN_HINT_META } from "@plaza/contracts/constants";

/**
 * Whether the server sent the signed-in variant of the page (it does when the request carried a session cookie,
 * apps/api/src/plugins/web-app.ts). Only a hint: the session may have ended; the sign-in check decides.
 */
export function looksSignedIn(): boolean {
  return typeof document !== "undefined" && document.querySelector(`meta[name="${SIGNED_IN_HINT_META}"]`) !== null;
}
