import type { BusinessView } from "@plaza/contracts/businesses";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import spanish from "@/i18n/catalogs/es/businesses.json";
import { withIntl } from "@/i18n/with-intl";
import { BusinessHoursTable, OpenStatus } from "./business-profile-details";
import { RatingSummary } from "./business-reviews";
import { StarRating } from "./star-rating";

const business = {
  hours: [{ open: "09:00", close: "17:00" }, null, null, null, null, { open: "18:00", close: "02:00" }, null],
  timeZone: "America/New_York",
  openStatus: { isOpen: false, until: null, opensAt: { weekday: 5, time: "18:00", inDays: 2 }, todayWeekday: 3 },
  averageRating: 4.5,
  totalReviews: 2,
  ratingCounts: { "1": 0, "2": 0, "3": 0, "4": 1, "5": 1 },
} as unknown as BusinessView;

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("business texts on screen (issue 49)", () => {
  it("read in English as before", () => {
    expect(text(renderToStaticMarkup(withIntl(<StarRating rating={4.25} reviewCount={1} />)))).toBe("4.3 (1 review)");
    expect(renderToStaticMarkup(withIntl(<StarRating rating={4} />))).toContain('aria-label="4.0 out of 5 stars"');
    expect(text(renderToStaticMarkup(withIntl(<OpenStatus business={business} />)))).toBe("Closed · opens Sat 18:00");
    const hours = text(renderToStaticMarkup(withIntl(<BusinessHoursTable business={business} />)));
    expect(hours).toContain("Monday 09:00–17:00 Tuesday Closed");
    expect(hours).toContain("Saturday 18:00–02:00");
    expect(hours).toContain("Times in America/New York");
    const summary = text(renderToStaticMarkup(withIntl(<RatingSummary business={business} />)));
    expect(summary).toContain("4.5");
    expect(summary).toContain("2 reviews 5 star 1 4 star 1");
  });

  it("read in Spanish with the Spanish catalog", () => {
    const render = (node: React.ReactNode) => text(renderToStaticMarkup(withIntl(node, "es", spanish)));
    expect(render(<StarRating rating={4.25} reviewCount={3} />)).toBe("4,3 (3 reseñas)");
    expect(render(<OpenStatus business={business} />)).toBe("Cerrado · abre el sáb a las 18:00");
    const hours = render(<BusinessHoursTable business={business} />);
    expect(hours).toContain("lunes 09:00–17:00 martes Cerrado");
    expect(render(<RatingSummary business={business} />)).toContain("2 reseñas 5 estrellas 1");
  });
});
