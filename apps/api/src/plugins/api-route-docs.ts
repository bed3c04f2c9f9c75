import { accountExportView } from "@plaza/contracts/users";
import { z } from "zod";

/** One tag per API module, in the order the documentation page lists them. */
export const API_TAGS = [
  {
    name: "Auth",
    description:
      "Sign-up, sign-in and sign-out (session cookie), email verification, password reset, sessions, two-factor",
  },
  { name: "Users", description: "Profiles, settings, account export and deletion" },
  { name: "Follows", description: "Following people and follow requests to private accounts" },
  { name: "Blocks", description: "Blocking people" },
  { name: "Posts", description: "Posts, feed, trending, likes and comments" },
  { name: "Uploads", description: "Uploads and stored objects (pictures, videos)" },
  { name: "Messaging", description: "Direct messages and the live-events WebSocket" },
  { name: "Notifications", description: "In-app notifications" },
  { name: "Push", description: "Web Push: the VAPID key and this device's push subscription" },
  { name: "Businesses", description: "Business profiles, verified check-ins, reviews and analytics" },
  { name: "Coupons", description: "Coupons and their redemptions" },
  { name: "Partnerships", description: "Businesses and creators together: invitations and subscriber perks" },
  { name: "Search", description: "Searching people, businesses and posts" },
  { name: "Places", description: "Place names for points, from an offline gazetteer" },
  { name: "Payments", description: "Tips, pay-per-view unlocks, subscriptions and the wallet (integer cents)" },
  { name: "Agreements", description: "The user agreement" },
  { name: "Reports", description: "Reporting content and resolving reports" },
  { name: "Admin", description: "Moderation and system status (superusers only)" },
  { name: "System", description: "Health checks" },
  { name: "Demo", description: "The demo town (only when DEMO_DATA is on)" },
] as const;

export type ApiTag = (typeof API_TAGS)[number]["name"];

/** What the document says about a route beyond its schemas. Route schemas (zod) stay the source of shapes. */
export interface RouteDoc {
  tag: ApiTag;
  summary: string;
  description?: string;
  /** Errors the route's own rules answer, with their reasons; validation, access and limits are added from its shape. */
  errors?: Partial<Record<number, string>>;
  /** A money call: the optional Idempotency-Key header is documented. */
  isIdempotent?: boolean;
  /** Takes a body that is not JSON (an upload), so it can answer 413 and 415 without a body schema. */
  takesRawBody?: boolean;
  /** Answers of routes that send no JSON (images, health checks, the WebSocket upgrade): documentation only. */
  responses?: Record<number, z.ZodType | { description: string; content: Record<string, { schema: z.ZodType }> }>;
}

type Entries = Record<string, Omit<RouteDoc, "tag">>;

function tagged(tag: ApiTag, entries: Entries): Record<string, RouteDoc> {
  return Object.fromEntries(Object.entries(entries).map(([key, doc]) => [key, { tag, ...doc }]));
}

const USER_NOT_FOUND = "The user does not exist, was deleted, or is hidden from you (blocked)";
const NOT_OWNER = "You do not own it";

/**
 * Summary, tag and route-specific errors of every documented route, keyed `METHOD /path` as Fastify registers
 * it. `api-docs.int.test.ts` fails when a registered route has no entry here or an entry has no route.
 */
export const API_ROUTE_DOCS: Record<string, RouteDoc> = {
  ...tagged("Auth", {
    "POST /api/auth/register": {
      summary: "Create an account and sign in",
      description: "Sets the session cookie. An existing session of this browser ends.",
      errors: { 409: "The email or the username is already taken" },
    },
    "POST /api/auth/login": {
      summary: "Sign in",
      description: "Sets a new session cookie; the browser's previous session ends.",
      errors: { 401: "Wrong email or password", 429: "Too many failed attempts for this email" },
    },
    "POST /api/auth/logout": { summary: "Sign out (end this session)" },
    "GET /api/auth/user": { summary: "The signed-in user", errors: { 401: "Not signed in" } },
    "GET /api/auth/superuser": { summary: "Whether the signed-in user is a superuser" },
    "GET /api/login": { summary: "Go to the sign-in page (navigation)", description: "Keeps a safe `returnTo`." },
    "GET /api/logout": {
      summary: "Sign out and go to the landing page (navigation)",
      description: "A GET that ends the session, because sign-out is a navigation in the spec.",
    },
    "POST /api/auth/verify-email": {
      summary: "Verify the email address with the mailed link's token",
      errors: { 400: "The link is unknown, used, expired or for an address the account no longer has" },
    },
    "POST /api/auth/verify-email/resend": {
      summary: "Mail a new verification link (earlier links stop working)",
      errors: { 409: "The address is already verified" },
    },
    "POST /api/auth/password-reset": {
      summary: "Mail a password-reset link (1 hour)",
      description: "The same 202 whether or not the address has an account.",
    },
    "POST /api/auth/password-reset/confirm": {
      summary: "Set a new password with the mailed link's token",
      description: "Every session of the account ends.",
      errors: { 400: "The link is unknown, used or expired" },
    },
    "POST /api/auth/password": {
      summary: "Change the password",
      description: "The account's other sessions end.",
      errors: { 403: "Current password is incorrect" },
    },
    "POST /api/auth/email": {
      summary: "Change the email address (confirmation link to the new address)",
      errors: { 403: "Current password is incorrect", 409: "Another account has this address" },
    },
    "POST /api/auth/email/confirm": {
      summary: "Switch to the new email address with the mailed link's token",
      errors: { 400: "The link is unknown, used or expired", 409: "Another account took the address meanwhile" },
    },
    "GET /api/auth/sessions": { summary: "Where the account is signed in" },
    "DELETE /api/auth/sessions/:sessionId": {
      summary: "End one of the account's sessions",
      errors: { 404: "No such session of this account" },
    },
    "POST /api/auth/sessions/revoke-others": { summary: "End every session but this one" },
    "POST /api/auth/2fa/setup": {
      summary: "Start two-factor setup: a secret for an authenticator app",
      errors: { 409: "Two-factor sign-in is already on" },
    },
    "POST /api/auth/2fa/enable": {
      summary: "Turn two-factor sign-in on with the app's first code; returns 10 recovery codes",
      errors: { 400: "No setup started, or a wrong code", 409: "Two-factor sign-in is already on" },
    },
    "POST /api/auth/2fa/disable": {
      summary: "Turn two-factor sign-in off",
      errors: { 400: "Two-factor sign-in is not on", 403: "Wrong password or code" },
    },
  }),
  ...tagged("Users", {
    "GET /api/users/search": { summary: "Find people by username or name" },
    "GET /api/users/suggested": {
      summary: "People to follow for a new account (the viewer's city first, then the most followed)",
    },
    "GET /api/users/export": {
      summary: "Download everything the account holds (JSON file)",
      responses: { 200: accountExportView },
    },
    "PATCH /api/users/profile": {
      summary: "Edit the signed-in user's profile",
      errors: { 409: "The username is already taken" },
    },
    "PATCH /api/users/preferences": { summary: "Change notification, messaging and privacy preferences" },
    "PUT /api/profile/photo": { summary: "Set the profile photo (an uploaded image URL)" },
    "POST /api/users/delete": {
      summary: "Schedule the account's deletion (7-day grace period)",
      description: "Other sessions end; signing in again during the grace period can cancel it.",
    },
    "POST /api/users/cancel-deletion": {
      summary: "Cancel a scheduled deletion",
      errors: { 409: "No deletion is scheduled" },
    },
    "GET /api/users/:userId": { summary: "A user's profile", errors: { 404: USER_NOT_FOUND } },
    "PUT /api/users/:userId/social-links": {
      summary: "Replace the signed-in user's social links",
      errors: { 403: "Not your profile", 404: USER_NOT_FOUND },
    },
    "GET /api/users/:userId/followers": {
      summary: "People following a user",
      errors: { 403: "The account is private or limits who sees its content", 404: USER_NOT_FOUND },
    },
    "GET /api/users/:userId/following": {
      summary: "People a user follows",
      errors: { 403: "The account is private or limits who sees its content", 404: USER_NOT_FOUND },
    },
  }),
  ...tagged("Follows", {
    "POST /api/follows": {
      summary: "Follow someone (a request when the account is private)",
      errors: { 403: "A block stands between you", 404: USER_NOT_FOUND },
    },
    "DELETE /api/follows/:userId": { summary: "Unfollow someone (or withdraw a request)" },
    "GET /api/follows/status/:userId": { summary: "Whether you follow someone, or asked to" },
    "GET /api/follows/requests": { summary: "Follow requests waiting for your answer" },
    "POST /api/follows/requests/:userId/approve": {
      summary: "Approve a follow request",
      errors: { 404: "No such request" },
    },
    "DELETE /api/follows/requests/:userId": { summary: "Decline a follow request", errors: { 404: "No such request" } },
  }),
  ...tagged("Blocks", {
    "POST /api/blocks": { summary: "Block someone", errors: { 404: USER_NOT_FOUND } },
    "DELETE /api/blocks/:blockedId": { summary: "Unblock someone" },
    "GET /api/users/:userId/blocked": { summary: "The people you blocked", errors: { 403: "Not your block list" } },
  }),
  ...tagged("Posts", {
    "POST /api/posts": {
      summary: "Publish a post",
      errors: {
        400: "A pay-per-view price must be above 0, with at most 2 decimals",
        403: "Pay-per-view and subscriber posts are for creator profiles",
        429: "Posting too fast",
      },
    },
    "GET /api/posts/feed": { summary: "Home feed: posts of the people you follow and your own" },
    "GET /api/posts/trending": { summary: "Trending posts, optionally near a place" },
    "GET /api/posts/nearby": {
      summary: "Near you: posts anyone may see, made within a radius (miles, 1–50), newest first",
      description:
        "Public authors only, without blocks either way, deleted or suspended authors. Positions are stored on a ~500 m grid.",
    },
    "PATCH /api/posts/:id": {
      summary: "Edit your post: title, text, tags, place (type and price until someone paid)",
      errors: {
        403: "You are not the author, or a paid type needs a creator profile",
        404: "No such post",
        409: "People have paid for the post: its type and price are fixed",
      },
    },
    "GET /api/posts/:id": {
      summary: "One post (locked posts are redacted)",
      errors: { 403: "The author's content is not visible to you", 404: "No such post" },
    },
    "DELETE /api/posts/:id": {
      summary: "Delete your post",
      errors: { 403: "You are not the author", 404: "No such post", 409: "The post has purchases" },
    },
    "GET /api/users/:userId/posts": {
      summary: "A user's posts",
      errors: { 403: "The author's content is not visible to you", 404: USER_NOT_FOUND },
    },
    "POST /api/likes": {
      summary: "Like a post",
      errors: { 403: "Likes are off for this post, or it is not visible to you", 404: "No such post" },
    },
    "DELETE /api/likes/:postId": { summary: "Remove your like", errors: { 404: "No such post" } },
    "GET /api/posts/:id/comments": {
      summary: "Comments on a post",
      errors: { 403: "The post is not visible to you", 404: "No such post" },
    },
    "POST /api/posts/:id/comments": {
      summary: "Comment on a post",
      errors: { 403: "Comments are off for this post, or it is not visible to you", 404: "No such post" },
    },
    "PATCH /api/comments/:id": {
      summary: "Edit your comment",
      errors: { 403: "You are not the comment's author", 404: "No such comment" },
    },
    "DELETE /api/comments/:id": {
      summary: "Delete a comment (its author or the post's author)",
      errors: { 403: "You are neither the comment's nor the post's author", 404: "No such comment" },
    },
  }),
  ...tagged("Uploads", {
    "POST /api/objects/upload": {
      summary: "Get a one-time upload URL",
      errors: { 429: "Upload quota reached" },
    },
    "PUT /api/uploads/:uploadId": {
      summary: "Upload an image (raw bytes) to a one-time URL",
      description: "JPEG, PNG, WebP or GIF as the body (not JSON); stored as WebP without metadata.",
      takesRawBody: true,
      errors: {
        400: "The bytes are not a supported image",
        403: "The upload URL is invalid, expired or already used",
        404: "No such upload URL",
        413: "The image is too large",
      },
    },
    "GET /uploads/:file": {
      summary: "A stored object (image or video)",
      description:
        "Immutable: `Cache-Control: public, max-age=31536000, immutable` and an ETag (`If-None-Match` → 304). " +
        "One byte range per request (`Range: bytes=a-b`, `a-`, `-n`; `If-Range` honoured) → 206 with " +
        "Content-Range. With S3_PUBLIC_URL set, a 301 to the object's address on the CDN.",
      responses: {
        200: {
          description: "The whole object, typed by its key's extension",
          content: {
            "image/webp": { schema: z.string().describe("WebP bytes") },
            "video/mp4": { schema: z.string().describe("MP4 bytes") },
          },
        },
        206: {
          description: "The requested byte range (Content-Range: bytes a-b/size)",
          content: { "application/octet-stream": { schema: z.string().describe("Bytes of the object") } },
        },
        301: {
          description: "Served by the CDN in front of the object store (S3_PUBLIC_URL): Location is its address",
          content: { "text/plain": { schema: z.string() } },
        },
        304: {
          description: "Not modified (If-None-Match matches the ETag)",
          content: { "text/plain": { schema: z.string() } },
        },
        404: {
          description: "No such object",
          content: { "text/plain": { schema: z.string() } },
        },
        416: {
          description: "The range starts past the end (Content-Range: bytes */size)",
          content: { "text/plain": { schema: z.string() } },
        },
      },
    },
  }),
  ...tagged("Messaging", {
    "GET /api/conversations": { summary: "Your conversations, most recent activity first" },
    "GET /api/conversations/:id/messages": {
      summary: "Messages of a conversation",
      errors: { 404: "No such conversation, or you are not in it" },
    },
    "POST /api/messages": {
      summary: "Send a direct message",
      errors: {
        403: "A block, or the recipient's message settings, refuse it",
        404: "No such recipient",
        429: "Sending too fast",
      },
    },
    "POST /api/conversations/:id/mark-read": {
      summary: "Mark a conversation read",
      errors: { 404: "No such conversation, or you are not in it" },
    },
    "GET /api/messages/unread-count": { summary: "Unread messages, in total" },
    "GET /api/live": {
      summary: "Live events (WebSocket)",
      description:
        "Upgrade to a WebSocket carrying `message.created`, `unread.changed` and `notification.created` events " +
        "for the signed-in user (shapes in contracts/messaging). A foreign Origin is refused.",
      errors: { 403: "Cross-site request refused (Origin)", 404: "Not a WebSocket upgrade request" },
      responses: { 101: z.undefined().describe("Switching to the WebSocket protocol") },
    },
  }),
  ...tagged("Notifications", {
    "GET /api/notifications": { summary: "Your notifications, newest first" },
    "GET /api/notifications/unread-count": { summary: "Unread notifications" },
    "POST /api/notifications/read-all": { summary: "Mark every notification read" },
    "POST /api/notifications/:notificationId/read": {
      summary: "Mark one notification read",
      errors: { 404: "No such notification" },
    },
    "GET /api/notifications/unsubscribe": {
      summary: "The one-click unsubscribe link of a notification mail: a confirmation page (changes nothing)",
      description: "No session needed: the mailed random token decides. Answers an HTML page.",
      errors: { 400: "The token is unknown" },
      responses: { 200: { description: "Confirmation page", content: { "text/html": { schema: z.string() } } } },
    },
    "POST /api/notifications/unsubscribe": {
      summary: "One-click unsubscribe (RFC 8058): turns email notifications off",
      description:
        "What mail programs post (`List-Unsubscribe=One-Click`, form-encoded) and the confirmation page's button. No session: the token decides.",
      errors: { 400: "The token is unknown" },
      takesRawBody: true,
      responses: { 200: { description: "Done page", content: { "text/html": { schema: z.string() } } } },
    },
  }),
  ...tagged("Push", {
    "GET /api/push/public-key": {
      summary: "The server's VAPID public key (the applicationServerKey to subscribe with)",
    },
    "POST /api/push/subscriptions": {
      summary: "Receive pushes on this device (a browser PushSubscription)",
      description:
        "Saves the subscription for the signed-in user (an endpoint already known is taken over). While " +
        "`preferences.pushNotifications` is on, each notification is pushed to it, encrypted (RFC 8291). " +
        "At most 10 per account; the oldest goes. A 404 or 410 from the push service removes it.",
      errors: {
        400: "The endpoint is not an https URL on a public internet address",
        429: "Too many subscribe calls (20 per 10 minutes)",
      },
    },
    "DELETE /api/push/subscriptions": { summary: "Stop pushes to this device" },
  }),
  ...tagged("Businesses", {
    "POST /api/businesses": {
      summary: "Create your business",
      errors: { 403: "Only business profiles can create one", 409: "You already have a business" },
    },
    "GET /api/businesses": { summary: "Published businesses, newest or nearest first" },
    "GET /api/businesses/:id": { summary: "One business", errors: { 404: "No such business" } },
    "PATCH /api/businesses/:id": {
      summary: "Edit your business (publish it)",
      errors: { 403: NOT_OWNER, 404: "No such business", 409: "Publishing needs an active coupon" },
    },
    "GET /api/users/:userId/business": {
      summary: "The business a user owns",
      errors: { 404: "The user has no visible business" },
    },
    "GET /api/businesses/:id/visit-code": {
      summary: "The current visit code (owner)",
      errors: { 403: NOT_OWNER, 404: "No such business" },
    },
    "POST /api/businesses/:id/checkins": {
      summary: "Check in (and review) with the visit code, on site",
      errors: {
        403: "Your own business, too far away, or a wrong visit code",
        404: "No such business",
        409: "The business has no location, or you checked in less than an hour ago",
        429: "Too many attempts",
      },
    },
    "GET /api/businesses/:id/checkins": {
      summary: "Check-ins (owner) or reviews (everyone)",
      errors: { 404: "No such business" },
    },
    "GET /api/businesses/:id/reviews": {
      summary: "Verified reviews with owner replies, newest first (public)",
      errors: { 404: "No such business" },
    },
    "PUT /api/reviews/:id/reply": {
      summary: "Reply to a review of your business (or edit the reply)",
      errors: { 403: "Not the business owner", 404: "No such review" },
    },
    "DELETE /api/reviews/:id/reply": {
      summary: "Delete your reply to a review",
      errors: { 403: "Not the business owner", 404: "No such review, or it has no reply" },
    },
    "GET /api/businesses/:id/analytics": {
      summary: "Check-ins, reviews and redemptions per day (owner)",
      errors: { 403: NOT_OWNER, 404: "No such business" },
    },
    "GET /api/friend-activity": { summary: "Recent check-ins of the people you follow" },
  }),
  ...tagged("Partnerships", {
    "POST /api/partnerships": {
      summary: "Invite a creator to partner with your business (owner)",
      errors: {
        400: "Not a creator profile",
        403: "Not the business's owner",
        404: "No such business or creator",
        409: "A pending or accepted partnership of this pair exists",
      },
    },
    "GET /api/partnerships": { summary: "Your partnerships, as a business owner or as a creator" },
    "POST /api/partnerships/:id/accept": {
      summary: "Accept an invitation (the invited creator)",
      errors: { 403: "Not the invited creator", 404: "No such partnership", 409: "Already answered" },
    },
    "POST /api/partnerships/:id/decline": {
      summary: "Decline an invitation (the invited creator)",
      errors: { 403: "Not the invited creator", 404: "No such partnership", 409: "Already answered" },
    },
    "DELETE /api/partnerships/:id": {
      summary: "End a partnership or withdraw an invitation (either side); its perks stop at once",
      errors: { 403: "Not a side of this partnership", 404: "No such partnership", 409: "Already ended" },
    },
    "GET /api/users/:userId/perks": { summary: "A creator's live perks for their subscribers" },
    "GET /api/businesses/:id/partner-redemptions": {
      summary: "Perk redemptions per partner creator, groups under 5 people hidden (owner)",
      errors: { 403: NOT_OWNER, 404: "No such business" },
    },
  }),
  ...tagged("Coupons", {
    "POST /api/coupons": {
      summary: "Create a coupon for your business",
      errors: { 403: NOT_OWNER, 404: "No such business", 409: "The code is already used by another coupon" },
    },
    "PATCH /api/coupons/:id": {
      summary: "Edit a coupon",
      errors: {
        400: "A percentage discount is at most 100",
        403: NOT_OWNER,
        404: "No such coupon",
        409: "The code is taken, or the limit is below the redemptions so far",
      },
    },
    "DELETE /api/coupons/:id": { summary: "Delete a coupon", errors: { 403: NOT_OWNER, 404: "No such coupon" } },
    "GET /api/businesses/:id/coupons": { summary: "A business's coupons", errors: { 404: "No such business" } },
    "GET /api/coupons/active": { summary: "Coupons you can redeem now" },
    "POST /api/coupons/:id/redeem": {
      summary: "Redeem a coupon (after a verified check-in)",
      errors: {
        403: "A verified check-in at the business is required first",
        404: "No such coupon",
        409: "Already redeemed, sold out, expired or inactive",
      },
    },
    "GET /api/coupons/redemptions/mine": { summary: "Your redemptions" },
    "GET /api/coupons/:id/redemptions": {
      summary: "Redemptions of a coupon (owner)",
      errors: { 403: NOT_OWNER, 404: "No such coupon" },
    },
    "POST /api/coupon-redemptions/mark-used": {
      summary: "Mark a redemption code used (owner, at the counter)",
      errors: { 403: "You have no business", 404: "No such code at your business", 409: "Already used" },
    },
  }),
  ...tagged("Search", {
    "GET /api/search": {
      summary: "Search people, businesses (categories match by key or label) and posts (full-text)",
      description:
        "With type, only that list is filled; post results page by cursor (type=posts). Locked posts match by title and tags only.",
    },
  }),
  ...tagged("System", {
    "GET /api/config": {
      summary: "What the web app needs of the server's configuration (map tiles and their attribution)",
    },
  }),
  ...tagged("Places", {
    "GET /api/places/town": {
      summary: "Where a named town is (the most populous of that name): the centre of Near you without a position",
      errors: { 404: "No town of that name" },
    },
    "GET /api/places/reverse": {
      summary: "Name the town a point is in (offline gazetteer; nothing is sent to a third party)",
      errors: { 404: "No town within 50 km of this point" },
    },
  }),
  ...tagged("Payments", {
    "POST /api/tips": {
      summary: "Tip someone",
      description: "201 when the tip is made, 200 when an Idempotency-Key replays an earlier answer.",
      isIdempotent: true,
      errors: {
        400: "Under $1.00, or you cannot tip yourself",
        402: "The card was declined",
        403: "The user cannot receive tips (suspended or deleted), or a block stands between you",
        404: "No such user",
        409: "The Idempotency-Key was used with another body",
        429: "Tipping too fast",
      },
    },
    "POST /api/ppv-unlocks": {
      summary: "Unlock a pay-per-view post",
      description: "201 when unlocked, 200 when an Idempotency-Key replays an earlier answer.",
      isIdempotent: true,
      errors: {
        400: "Not a pay-per-view post, your own post, or the amount is not its price",
        402: "The card was declined",
        403: "A block, the author's content is not visible to you, or the author cannot be paid (suspended, not a creator)",
        404: "No such post",
        409: "The Idempotency-Key was used with another body",
      },
    },
    "POST /api/subscriptions": {
      summary: "Subscribe to a creator (monthly)",
      description: "201 when subscribed, 200 when an Idempotency-Key replays an earlier answer.",
      isIdempotent: true,
      errors: {
        400: "You cannot subscribe to yourself, or the account is not a creator",
        402: "The card was declined",
        403: "The creator is suspended, or a block stands between you",
        404: "No such creator",
        409: "The period could not be renewed, or the Idempotency-Key was used with another body",
      },
    },
    "GET /api/subscriptions": { summary: "Your subscriptions" },
    "GET /api/subscriptions/subscribers": { summary: "Your subscribers (as a creator), newest first" },
    "DELETE /api/subscriptions/:creatorId": {
      summary: "Cancel a subscription at the end of its period",
      errors: { 404: "No active subscription to this creator" },
    },
    "GET /api/subscriptions/status/:creatorId": { summary: "Whether you subscribe to a creator, and the price" },
    "PATCH /api/users/subscription-price": {
      summary: "Set your monthly subscription price (creators)",
      errors: { 403: "Only creators set a price" },
    },
    "GET /api/wallet": { summary: "Your balance, earnings by source and recent lines" },
    "GET /api/wallet/lines": { summary: "Your wallet lines, newest first" },
    "GET /api/wallet/spending": { summary: "What you paid others (tips, unlocks, subscriptions), newest first" },
  }),
  ...tagged("Agreements", {
    "GET /api/agreements/active": { summary: "The current user agreement", errors: { 404: "None published" } },
    "POST /api/agreements/accept": {
      summary: "Accept the user agreement",
      errors: { 404: "No such agreement", 409: "That version is no longer in force" },
    },
    "GET /api/agreements/acceptance": { summary: "Whether you accepted the current agreement" },
  }),
  ...tagged("Reports", {
    "POST /api/reports": {
      summary: "Report a post, comment, user, business or message",
      errors: { 404: "Nothing to report there", 409: "You already reported it", 429: "Reporting too fast" },
    },
    "GET /api/admin/reports": { summary: "Reports, open first (superusers)" },
    "POST /api/admin/reports/:reportId/resolve": {
      summary: "Resolve a report (and every open report of its target)",
      errors: { 404: "No such report", 409: "Already resolved" },
    },
  }),
  ...tagged("Admin", {
    "GET /api/admin/stats": { summary: "Counts of users, posts, businesses and open reports" },
    "GET /api/admin/users": { summary: "Users, filtered and searched" },
    "GET /api/admin/users/:userId": { summary: "One user", errors: { 404: "No such user" } },
    "POST /api/admin/users/:userId/suspend": {
      summary: "Suspend a user",
      errors: { 403: "Superusers cannot be suspended", 404: "No such user" },
    },
    "POST /api/admin/users/:userId/verify": {
      summary: "Give an account the verified badge",
      errors: { 404: "No such user" },
    },
    "DELETE /api/admin/users/:userId/verify": { summary: "Remove the verified badge", errors: { 404: "No such user" } },
    "POST /api/admin/users/:userId/unsuspend": { summary: "Lift a suspension", errors: { 404: "No such user" } },
    "DELETE /api/admin/users/:userId": {
      summary: "Delete a user (7-day grace, sessions end)",
      errors: { 403: "Superusers cannot be deleted", 404: "No such user", 409: "Already deleted" },
    },
    "GET /api/admin/posts": { summary: "Posts, newest first" },
    "DELETE /api/admin/posts/:postId": { summary: "Delete a post", errors: { 404: "No such post" } },
    "GET /api/admin/logs": { summary: "The moderation log" },
    "GET /api/admin/location-stats": { summary: "Where users are (groups below 5 merged)" },
    "GET /api/admin/system": { summary: "Database size and kind, table counts, jobs and the active agreement" },
    "POST /api/admin/agreements": {
      summary: "Publish a new user agreement version",
      errors: { 409: "The version already exists" },
    },
  }),
  ...tagged("Demo", {
    "GET /api/demo/accounts": {
      summary: "Demo accounts to try on the sign-in page",
      errors: { 404: "Demo data is off, or the demo town is not in the database" },
    },
  }),
  ...tagged("System", {
    "GET /healthz": {
      summary: "Liveness: the process answers",
      responses: { 200: z.object({ status: z.literal("ok") }) },
    },
    "GET /readyz": {
      summary: "Readiness: the database answers",
      responses: {
        200: z.object({ status: z.literal("ready") }),
        503: z.object({ status: z.literal("database unavailable") }).describe("The database does not answer"),
      },
    },
  }),
};
