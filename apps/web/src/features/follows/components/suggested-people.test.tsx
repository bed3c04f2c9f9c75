import type { SuggestedUserView } from "@plaza/contracts/users";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import spanish from "@/i18n/catalogs/es/follows.json";
import { withIntl } from "@/i18n/with-intl";
import { suggestedUsersQuery } from "../api/suggested-users";
import { SuggestedPeople } from "./suggested-people";

const person = (id: string, followersCount: number, isNearby: boolean) =>
  ({
    id,
    username: `user${id}`,
    firstName: `Person ${id}`,
    lastName: null,
    profileImageUrl: null,
    profileType: "creator",
    isVerified: false,
    followersCount,
    isNearby,
    business: null,
  }) as unknown as SuggestedUserView;

const place = (id: string, distanceMeters: number | null) =>
  ({
    ...person(id, 0, true),
    profileType: "business",
    business: { id: `b${id}`, name: `Shop ${id}`, category: "cafe", logoImageUrl: null, distanceMeters },
  }) as unknown as SuggestedUserView;

function render(locale: "en" | "es"): string {
  const client = new QueryClient();
  client.setQueryData(suggestedUsersQuery(6).queryKey, [
    person("1", 1, true),
    person("2", 1234, false),
    place("3", 350),
    place("4", 4200),
    place("5", null),
  ]);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath="/">{withIntl(<SuggestedPeople />, locale, locale === "es" ? spanish : undefined)}</Router>
    </QueryClientProvider>,
  );
}

describe("suggested people (issue 49)", () => {
  it("keeps the English texts: followers counted, distances, near you", () => {
    const html = render("en");
    expect(html).toContain("1 follower<");
    expect(html).toContain("1,234 followers");
    expect(html).toContain("Near you");
    expect(html).toContain("350 m away");
    expect(html).toContain("4.2 km away");
    expect(html).toContain("In your city");
    expect(html).toContain("Businesses near you");
    expect(html).toContain("</svg>Follow</button>");
    expect(html).toContain("Creator");
  });

  it("speaks Spanish with Spanish numbers", () => {
    const html = render("es");
    expect(html).toContain("1 seguidor<");
    expect(html).toContain("1234 seguidores");
    expect(html).toContain("a 4,2 km");
    expect(html).toContain("En tu ciudad");
    expect(html).toContain("</svg>Seguir</button>");
  });
});
