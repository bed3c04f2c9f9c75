// The web app's route table (docs/PRODUCT.md §2 "Routes"): which page paths exist, for whom. The web app's router
// (apps/web/src/app/router.tsx) renders exactly these, and the server (apps/api/src/plugins/web-app.ts) answers any
// other page path with 404 (the app's not-found screen, with the status a link checker or a search engine reads).
// No zod: the router imports it on the first screen.

/** Every page path pattern, in wouter's syntax (`:name` is one path segment). */
export const WEB_ROUTES = {
  landing: "/",
  login: "/login",
  profile: "/profile/:userId",
  business: "/business/:businessId",
  post: "/posts/:postId",
  userAgreement: "/user-agreement",
  /** The user agreement under the name people type (Plaza has no separate terms page). */
  terms: "/terms",
  privacy: "/privacy",
  verifyEmail: "/verify-email",
  confirmEmail: "/confirm-email",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  discover: "/discover",
  events: "/events",
  event: "/events/:eventId",
  /** The host's view of an event (guests, waitlist, the door's scanner). */
  eventManage: "/events/:eventId/manage",
  analytics: "/analytics",
  businessDashboard: "/business-dashboard",
  settings: "/settings",
  messages: "/messages",
  conversation: "/messages/:conversationId",
  admin: "/admin",
  wallet: "/wallet",
  coupons: "/coupons",
  pay: "/pay/:paymentId",
  activity: "/activity",
  search: "/search",
  /** A moderation notice its person received, with the appeal form. */
  notice: "/notices/:noticeId",
} as const;

/** The pages a signed-out visitor sees (any other path shows the not-found screen, or sign-in: GUARDED_PATH_PREFIXES). */
export const SIGNED_OUT_ROUTES = [
  WEB_ROUTES.landing,
  WEB_ROUTES.login,
  WEB_ROUTES.profile,
  WEB_ROUTES.business,
  WEB_ROUTES.post,
  WEB_ROUTES.userAgreement,
  WEB_ROUTES.terms,
  WEB_ROUTES.privacy,
  WEB_ROUTES.verifyEmail,
  WEB_ROUTES.confirmEmail,
  WEB_ROUTES.forgotPassword,
  WEB_ROUTES.resetPassword,
  WEB_ROUTES.events,
  WEB_ROUTES.event,
] as const;
export type SignedOutRoute = (typeof SIGNED_OUT_ROUTES)[number];

/** The pages a signed-in user sees (`/login` sends them home). */
export const SIGNED_IN_ROUTES = [
  WEB_ROUTES.landing,
  WEB_ROUTES.login,
  WEB_ROUTES.profile,
  WEB_ROUTES.business,
  WEB_ROUTES.post,
  WEB_ROUTES.userAgreement,
  WEB_ROUTES.terms,
  WEB_ROUTES.privacy,
  WEB_ROUTES.verifyEmail,
  WEB_ROUTES.confirmEmail,
  WEB_ROUTES.resetPassword,
  WEB_ROUTES.discover,
  WEB_ROUTES.events,
  WEB_ROUTES.event,
  WEB_ROUTES.eventManage,
  WEB_ROUTES.analytics,
  WEB_ROUTES.businessDashboard,
  WEB_ROUTES.settings,
  WEB_ROUTES.messages,
  WEB_ROUTES.conversation,
  WEB_ROUTES.admin,
  WEB_ROUTES.wallet,
  WEB_ROUTES.coupons,
  WEB_ROUTES.pay,
  WEB_ROUTES.activity,
  WEB_ROUTES.search,
  WEB_ROUTES.notice,
] as const;
export type SignedInRoute = (typeof SIGNED_IN_ROUTES)[number];

/** Paths a signed-out visitor is sent to sign-in from, and back after it. */
export const GUARDED_PATH_PREFIXES = [
  WEB_ROUTES.businessDashboard,
  WEB_ROUTES.settings,
  WEB_ROUTES.messages,
  WEB_ROUTES.admin,
  WEB_ROUTES.wallet,
  WEB_ROUTES.coupons,
  WEB_ROUTES.activity,
  // A renewal's "confirm your payment" mail links to /pay/{id}.
  "/pay",
  // A moderation notice's mail links to /notices/{id}.
  "/notices",
] as const;

/** Signed-in pages under a signed-out one: a signed-out visitor is sent to sign-in from exactly these. */
export const GUARDED_ROUTES = [WEB_ROUTES.eventManage] as const;

/** Whether a signed-out visitor on `path` is sent to sign-in (a guarded prefix or anything under it, or a guarded route). */
export function isGuardedPath(path: string): boolean {
  return (
    GUARDED_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ||
    GUARDED_ROUTES.some((pattern) => matchesRoute(pattern, path))
  );
}

/**
 * Whether `path` matches the route `pattern` as wouter matches it: case-insensitive, a trailing slash allowed, each
 * `:name` one non-empty segment.
 */
export function matchesRoute(pattern: string, path: string): boolean {
  const wanted = pattern.split("/").filter(Boolean);
  const given = (path.endsWith("/") && path !== "/" ? path.slice(0, -1) : path).split("/");
  given.shift();
  if (path === "/") given.length = 0;
  if (wanted.length !== given.length) return false;
  return wanted.every((segment, index) => {
    const part = given[index] ?? "";
    if (part === "") return false;
    return segment.startsWith(":") || segment.toLowerCase() === part.toLowerCase();
  });
}

/**
 * Whether the web app has a page at `path` for this visitor: a signed-out visitor's pages, and the signed-in pages
 * that send them to sign-in first; signed in, the signed-in pages. Anything else is the not-found screen.
 */
export function isKnownWebPath(path: string, viewer: "signed-out" | "signed-in"): boolean {
  const matchesAny = (routes: readonly string[]) => routes.some((pattern) => matchesRoute(pattern, path));
  if (viewer === "signed-in") return matchesAny(SIGNED_IN_ROUTES);
  return matchesAny(SIGNED_OUT_ROUTES) || (isGuardedPath(path) && matchesAny(SIGNED_IN_ROUTES));
}
