import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import arCatalog from "@/i18n/catalogs/ar/shell.json";
import esCatalog from "@/i18n/catalogs/es/shell.json";
import { fullDateTime, timeAgo } from "./time-ago";

describe("timeAgo in the page's language", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const intlOf = (locale: "en" | "es" | "ar", messages: Record<string, string> | undefined) =>
    createIntl({ locale, defaultLocale: "en", messages });

  it("keeps the English words with an English intl", () => {
    const intl = intlOf("en", undefined);
    expect(timeAgo("2026-06-01T11:59:50Z", now, intl)).toBe("just now");
    expect(timeAgo("2026-06-01T11:59:00Z", now, intl)).toBe("1 minute ago");
    expect(timeAgo("2026-06-01T09:00:00Z", now, intl)).toBe("3 hours ago");
    expect(timeAgo("2026-05-29T12:00:00Z", now, intl)).toBe("3 days ago");
    expect(timeAgo("2025-05-01T12:00:00Z", now, intl)).toBe("1 year ago");
  });

  it("speaks Spanish", () => {
    const intl = intlOf("es", esCatalog);
    expect(timeAgo("2026-06-01T11:59:50Z", now, intl)).toBe("hace un momento");
    expect(timeAgo("2026-06-01T11:59:00Z", now, intl)).toBe("hace 1 minuto");
    expect(timeAgo("2026-06-01T09:00:00Z", now, intl)).toBe("hace 3 horas");
    expect(timeAgo("2025-05-01T12:00:00Z", now, intl)).toBe("hace 1 año");
    expect(fullDateTime("2026-06-01T12:00:00Z", intl)).toContain("2026");
    expect(fullDateTime("2026-06-01T12:00:00Z", intl)).toContain("junio");
  });

  it("speaks Arabic", () => {
    const intl = intlOf("ar", arCatalog);
    expect(timeAgo("2026-06-01T11:59:50Z", now, intl)).toBe("الآن");
    expect(timeAgo("2026-06-01T09:00:00Z", now, intl)).toBe(
      new Intl.RelativeTimeFormat("ar", { numeric: "always" }).format(-3, "hour"),
    );
    expect(timeAgo("2026-06-01T09:00:00Z", now, intl)).toContain("ساعات");
    expect(fullDateTime("2026-06-01T12:00:00Z", intl)).toContain("يونيو");
  });
});
