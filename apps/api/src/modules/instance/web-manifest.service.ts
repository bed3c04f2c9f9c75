import type { AppContext } from "../../app-context";
import { readInstanceSettings } from "./instance.service";

/** The icons of the installed app (apps/web/public/icons). */
const ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
  { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

/** The longest short_name a home screen shows whole. */
const SHORT_NAME_LENGTH = 12;

/**
 * GET /manifest.webmanifest: the installable app (W3C Web App Manifest), named and described as the instance is, in
 * its language; served by the API rather than as a file so a renamed town installs under its own name.
 */
export async function webManifest(context: AppContext): Promise<Record<string, unknown>> {
  const settings = await readInstanceSettings(context);
  return {
    id: "/",
    name: settings.name,
    short_name:
      settings.name.length > SHORT_NAME_LENGTH ? settings.name.slice(0, SHORT_NAME_LENGTH).trim() : settings.name,
    description: settings.description,
    lang: settings.locale,
    dir: settings.locale === "ar" ? "rtl" : "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: "#4f46e5",
    background_color: "#ffffff",
    categories: ["social", "lifestyle"],
    icons: ICONS,
  };
}
