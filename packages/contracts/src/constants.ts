/**
 * Business constants and limits of docs/PRODUCT.md §9. Client and server read them from here only.
 */
export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_RATE_LIMIT = { max: 30, windowMs: 60_000 } as const;

export const LOCATION_RADIUS_MILES = { min: 1, max: 50, step: 1, default: 10 } as const;
export const COORDINATE_DECIMALS = 4;

export const POST_TITLE_MAX_LENGTH = 200;
export const POST_CONTENT_MAX_LENGTH = 2000;
export const POST_MAX_TAGS = 10;
/** Length of the content preview a locked post carries (docs/PRODUCT.md "Privacy"). */
export const LOCKED_PREVIEW_LENGTH = 80;

export const TIP_MINIMUM_DOLLARS = 1;
/** Tips one user may send in a rolling window (anti-spam: each tip notifies its receiver). */
export const TIP_RATE_LIMIT = { max: 10, windowMs: 60_000 } as const;
export const DEFAULT_SUBSCRIPTION_PRICE_CENTS = 1200;

export const FRIEND_ACTIVITY_SHOWN = 5;

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const DELETION_GRACE_DAYS = 7;
export const DELETION_GRACE_MS = DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 500;
export const PLACE_MAX_LENGTH = 100;
export const COUNTRY_CODE_LENGTH = 2;
export const CUSTOM_VISIBLE_USERS_MAX = 10;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Cursor pagination (docs/PRODUCT.md "Ground rules"). */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
export const NEXT_CURSOR_HEADER = "x-next-cursor";

/**
 * The page the server sends instead of index.html when the request carries a session cookie (built by
 * apps/web/vite.config.ts), and the <meta> name that marks it. The mark is a hint that the visitor is probably
 * signed in, so the first signed-in screen starts loading at once; the sign-in check still decides.
 */
export const SIGNED_IN_HTML_FILE = "index.signed-in.html";
export const SIGNED_IN_HINT_META = "plaza-signed-in";

/**
 * A cookie the web app keeps while the reader has a location filter on their feed (the filter itself is in the
 * browser's storage): the server then leaves the signed-in home to the browser, which knows the filter, instead of
 * rendering an unfiltered feed (apps/api/src/plugins/web-app.ts).
 */
export const LOCATION_FILTER_COOKIE = "plaza_location_filter";
