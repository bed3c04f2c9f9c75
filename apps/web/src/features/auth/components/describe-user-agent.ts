import { defineMessage, defineMessages, type IntlShape } from "react-intl";

const messages = defineMessages({
  browserOnSystem: defineMessage<{ browser: string; system: string }>({
    id: "auth.userAgent.browserOnSystem",
    defaultMessage: "{browser} on {system}",
  }),
  unknown: { id: "auth.userAgent.unknown", defaultMessage: "Unknown browser" },
});

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

/** "Chrome on macOS" from a User-Agent header (first match wins: Edge and Opera also say Chrome), in `intl`'s language. */
export function describeUserAgent(intl: IntlShape, userAgent: string | null): string {
  if (!userAgent) return intl.formatMessage(messages.unknown);
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return intl.formatMessage(messages.browserOnSystem, { browser, system });
  return browser ?? system ?? intl.formatMessage(messages.unknown);
}
