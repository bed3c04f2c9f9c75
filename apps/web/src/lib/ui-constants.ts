/**
 * Values of the web app's screens only (polling, toasts, photo cropping, how many items a card shows). Product
 * rules and limits that the server also enforces live in `@plaza/contracts/constants`.
 */
export const UNREAD_COUNT_POLL_MS = 30_000;
export const LOGIN_REDIRECT_DELAY_MS = 500;

export const TIP_PLACEHOLDER = "10.00";

export const ACTIVE_COUPONS_SHOWN = 3;
export const RECENT_CHECKINS_SHOWN = 5;

export const PHOTO_CROP_CANVAS_PX = 400;
export const PHOTO_CROP_QUALITY = 0.9;
export const PHOTO_ZOOM = { min: 0.5, max: 3, step: 0.1, default: 1 } as const;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ["F8"] as const;

export const COPYRIGHT_YEAR = 2024;
