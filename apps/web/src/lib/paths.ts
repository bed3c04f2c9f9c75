import type { SearchType } from "@plaza/contracts/search";

const segment = (id: string) => encodeURIComponent(id);

/**
 * Every in-app URL (the route table of docs/PRODUCT.md §2 lives in app/router.tsx). Links and navigate() calls build
 * their targets here, so a renamed route changes in one place.
 */
export const paths = {
  home: "/",
  login: "/login",
  /** Sign-in, then back to `path` (a same-site path; the home page needs no returnTo). */
  loginReturningTo: (path: string) => (path === "/" ? "/login" : `/login?returnTo=${encodeURIComponent(path)}`),
  signUp: "/login?tab=register",
  forgotPassword: "/forgot-password",
  userAgreement: "/user-agreement",
  privacy: "/privacy",
  discover: "/discover",
  activity: "/activity",
  coupons: "/coupons",
  wallet: "/wallet",
  settings: "/settings",
  admin: "/admin",
  businessDashboard: "/business-dashboard",
  messages: "/messages",
  conversation: (conversationId: string) => `/messages/${segment(conversationId)}`,
  profile: (userId: string) => `/profile/${segment(userId)}`,
  business: (businessId: string) => `/business/${segment(businessId)}`,
  post: (postId: string) => `/posts/${segment(postId)}`,
  events: "/events",
  event: (eventId: string) => `/events/${segment(eventId)}`,
  /** The host's view of an event: guests, waitlist and the door's scanner. */
  eventManage: (eventId: string) => `/events/${segment(eventId)}/manage`,
  /** A payment that needs its payer (a renewal's 3-D Secure, a return from a bank's page): notifications link here. */
  pay: (paymentId: string) => `/pay/${segment(paymentId)}`,
  /** A moderation notice with its appeal form: its notification and mail link here. */
  notice: (noticeId: string) => `/notices/${segment(noticeId)}`,
  /** The search page; without a query it opens empty, `type` picks its tab. */
  search: (query = "", type: SearchType | null = null) => {
    if (!query) return "/search";
    return `/search?q=${encodeURIComponent(query)}${type ? `&type=${type}` : ""}`;
  },
} as const;
