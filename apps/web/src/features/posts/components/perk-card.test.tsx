import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { catalog as spanishMessages, texts as spanishTexts } from "@/i18n/catalogs/es";
import { withIntl } from "@/i18n/with-intl";
import { PerkCard } from "./perk-card";

const PERK = {
  id: "00000000-0000-4000-8000-0000000000c1",
  title: "Free pastry",
  businessId: "00000000-0000-4000-8000-0000000000b1",
  businessName: "Casa Lupe",
  discountType: "freeItem",
  discountValue: 0,
} as const;

const render = (locale?: "es") =>
  renderToStaticMarkup(
    withIntl(
      <Router ssrPath="/">
        <PerkCard perk={PERK} authorName="Maya" />
      </Router>,
      locale,
      locale ? spanishMessages : undefined,
      locale ? spanishTexts : undefined,
    ),
  );

describe("perk card: the offer's words (contracts' discountText) in the page's language", () => {
  it("reads as the contract writes it in English", () => {
    expect(render()).toContain("Free item at Casa Lupe");
  });

  it("translates the offer on a Spanish page", () => {
    const html = render("es");
    expect(html).toContain("Artículo gratis en Casa Lupe");
    expect(html).not.toContain("Free item");
  });
});
