// Texts, constants and pure rules of social-links: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./social-links.ts, which re-exports all of this.

/** A social platform: key, display name, brand colour, example and the address rule of docs/PRODUCT.md §5. */
export interface SocialPlatform {
  key: string;
  name: string;
  color: string;
  placeholder: string;
  pattern: RegExp;
}

const web = (hostAndPath: string) => new RegExp(`^https?://(www\\.)?${hostAndPath}/?$`, "i");
const handle = "[A-Za-z0-9_.-]+";

export const SOCIAL_PLATFORMS: readonly SocialPlatform[] = [
  {
    key: "instagram",
    name: "Instagram",
    color: "#E4405F",
    placeholder: "https://instagram.com/username",
    pattern: web(`instagram\\.com/${handle}`),
  },
  {
    key: "facebook",
    name: "Facebook",
    color: "#1877F2",
    placeholder: "https://facebook.com/username",
    pattern: web(`facebook\\.com/${handle}`),
  },
  {
    key: "twitter",
    name: "X (Twitter)",
    color: "#000000",
    placeholder: "https://x.com/username",
    pattern: web(`(twitter|x)\\.com/${handle}`),
  },
  {
    key: "snapchat",
    name: "Snapchat",
    color: "#FFFC00",
    placeholder: "https://snapchat.com/add/username",
    pattern: web(`snapchat\\.com/add/${handle}`),
  },
  {
    key: "tiktok",
    name: "TikTok",
    color: "#000000",
    placeholder: "https://tiktok.com/@username",
    pattern: web(`tiktok\\.com/@${handle}`),
  },
  {
    key: "linkedin",
    name: "LinkedIn",
    color: "#0A66C2",
    placeholder: "https://linkedin.com/in/username",
    pattern: web(`linkedin\\.com/(in|company)/${handle}`),
  },
  {
    key: "youtube",
    name: "YouTube",
    color: "#FF0000",
    placeholder: "https://youtube.com/@channel",
    pattern: web(`youtube\\.com/(c/${handle}|channel/${handle}|@${handle})`),
  },
  {
    key: "twitch",
    name: "Twitch",
    color: "#9146FF",
    placeholder: "https://twitch.tv/username",
    pattern: web(`twitch\\.tv/${handle}`),
  },
  {
    key: "patreon",
    name: "Patreon",
    color: "#FF424D",
    placeholder: "https://patreon.com/username",
    pattern: web(`patreon\\.com/${handle}`),
  },
  {
    key: "onlyfans",
    name: "OnlyFans",
    color: "#00AFF0",
    placeholder: "https://onlyfans.com/username",
    pattern: web(`onlyfans\\.com/${handle}`),
  },
  {
    key: "spotify",
    name: "Spotify",
    color: "#1DB954",
    placeholder: "https://open.spotify.com/artist/id",
    pattern: web(`open\\.spotify\\.com/(artist|user|playlist)/${handle}`),
  },
  {
    key: "discord",
    name: "Discord",
    color: "#5865F2",
    placeholder: "https://discord.gg/invite",
    pattern: web(`(discord\\.gg/${handle}|discord(app)?\\.com/(invite/${handle}|users/\\d+))`),
  },
  {
    key: "telegram",
    name: "Telegram",
    color: "#26A5E4",
    placeholder: "https://t.me/username",
    pattern: web(`t\\.me/${handle}`),
  },
  {
    key: "whatsapp",
    name: "WhatsApp",
    color: "#25D366",
    placeholder: "https://wa.me/15551234567",
    pattern: web("wa\\.me/\\d+"),
  },
  {
    key: "weibo",
    name: "Weibo",
    color: "#E6162D",
    placeholder: "https://weibo.com/username",
    pattern: web(`weibo\\.com/${handle}`),
  },
  {
    key: "wechat",
    name: "WeChat",
    color: "#07C160",
    placeholder: "WeChat ID: username",
    pattern: /^((wechat id: ?)|(wechat: ?))?[A-Za-z][A-Za-z0-9_-]{4,29}$/i,
  },
  {
    key: "pinterest",
    name: "Pinterest",
    color: "#BD081C",
    placeholder: "https://pinterest.com/username",
    pattern: web(`pinterest\\.com/${handle}`),
  },
  {
    key: "behance",
    name: "Behance",
    color: "#1769FF",
    placeholder: "https://behance.net/username",
    pattern: web(`behance\\.net/${handle}`),
  },
  {
    key: "dribbble",
    name: "Dribbble",
    color: "#EA4C89",
    placeholder: "https://dribbble.com/username",
    pattern: web(`dribbble\\.com/${handle}`),
  },
  {
    key: "github",
    name: "GitHub",
    color: "#181717",
    placeholder: "https://github.com/username",
    pattern: web(`github\\.com/${handle}`),
  },
  {
    key: "reddit",
    name: "Reddit",
    color: "#FF4500",
    placeholder: "https://reddit.com/u/username",
    pattern: web(`reddit\\.com/u/${handle}`),
  },
  {
    key: "tumblr",
    name: "Tumblr",
    color: "#36465D",
    placeholder: "https://username.tumblr.com",
    pattern: /^https?:\/\/[A-Za-z0-9-]+\.tumblr\.com\/?$/i,
  },
  {
    key: "etsy",
    name: "Etsy",
    color: "#F16521",
    placeholder: "https://etsy.com/shop/shopname",
    pattern: web(`etsy\\.com/shop/${handle}`),
  },
];

export const platformByKey = new Map(SOCIAL_PLATFORMS.map((platform) => [platform.key, platform]));

/**
 * Checks one social link (docs/PRODUCT.md §5 "Social links"): empty values and unknown platforms are valid.
 * Returns the error message, or null when the value is acceptable.
 */
export function socialLinkError(platformKey: string, value: string): string | null {
  const trimmed = value.trim();
  const platform = platformByKey.get(platformKey);
  if (trimmed === "" || !platform) return null;
  return platform.pattern.test(trimmed) ? null : `Please enter a valid ${platform.name} URL`;
}

/**
 * The host a social link leads to (e.g. "instagram.com"), shown with the link so nobody follows a brand's icon to
 * another site unawares; null for a value that is not a web address (a WeChat id).
 */
export function socialLinkHost(value: string): string | null {
  // The authority ends where a browser ends it (it reads a backslash as a slash in http addresses).
  const authority = /^https?:\/\/([^/\\?#]*)/i.exec(value.trim())?.[1];
  if (!authority) return null;
  const host = authority
    .slice(authority.lastIndexOf("@") + 1)
    .replace(/:\d*$/, "")
    .toLowerCase();
  return host || null;
}
export type SocialLinks = Record<string, string>;
