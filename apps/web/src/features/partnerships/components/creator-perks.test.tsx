import { spanishTexts } from "@plaza/contracts/i18n/texts-es";
import type { PerkView } from "@plaza/contracts/partnerships";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import spanish from "@/i18n/catalogs/es/partnerships.json";
import { withIntl } from "@/i18n/with-intl";
import { operationQuery } from "@/lib/api";
import { CreatorPerks } from "./creator-perks";

const CREATOR = "00000000-0000-4000-8000-0000000000c1";

const PERK: PerkView = {
  id: "00000000-0000-4000-8000-0000000000d1",
  title: "Free pastry",
  description: "",
  businessId: "00000000-0000-4000-8000-0000000000b1",
  businessName: "Ground Up Coffee",
  creatorId: CREATOR,
  discountType: "freeItem",
  discountValue: 0,
  expiresAt: null,
};

function render(locale: "en" | "es"): string {
  const client = new QueryClient();
  client.setQueryData(operationQuery("getUsersByUserIdPerks", { params: { path: { userId: CREATOR } } }).queryKey, [
    PERK,
  ]);
  const node = <CreatorPerks creatorId={CREATOR} />;
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath="/">{locale === "es" ? withIntl(node, "es", spanish, spanishTexts) : withIntl(node)}</Router>
    </QueryClientProvider>,
  );
}

describe("a creator's perks in the page's language (issue 49)", () => {
  it("keeps the contract's English discount text", () => {
    expect(render("en")).toContain("Subscribe to get Free item at Ground Up Coffee");
  });

  it("shows the contract's discount text in Spanish on a Spanish page (the business's name untouched)", () => {
    const html = render("es");
    expect(html).toContain(`${spanishTexts["Free item"]} en Ground Up Coffee`);
    expect(html).toContain("Artículo gratis");
    expect(html).not.toContain("Free item");
  });
});
