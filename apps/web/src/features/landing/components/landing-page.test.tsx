import type { Locale } from "@plaza/contracts/i18n.texts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import type { Catalog } from "@/i18n/catalogs";
import { catalog as arabic } from "@/i18n/catalogs/ar";
import { catalog as spanish } from "@/i18n/catalogs/es";
import { withIntl } from "@/i18n/with-intl";
import { LandingPage } from "./landing-page";

const render = (locale: Locale = "en", catalog?: Catalog) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <Router ssrPath="/">{withIntl(<LandingPage />, locale, catalog)}</Router>
    </QueryClientProvider>,
  );

describe("the landing page (issue 49)", () => {
  it("speaks English by default, with a language picker for the visitor", () => {
    const html = render();
    expect(html).toContain("Your neighbourhood, your people, your creators");
    expect(html).toContain("Get Started for Free");
    expect(html).toContain("Plaza brings local discovery, a social network and creator income together.");
    expect(html).toMatch(/<select[^>]*>.*<option value="es"/);
  });

  it("speaks the visitor's language", () => {
    expect(render("es", spanish)).toContain("Tu barrio, tu gente, tus creadores");
    expect(render("ar", arabic)).toContain("حيّك، وناسك، وصنّاع المحتوى لديك");
  });
});
