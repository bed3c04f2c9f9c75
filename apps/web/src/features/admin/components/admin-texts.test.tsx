import type { AdminStatsView, AdminUserView } from "@plaza/contracts/admin";
import { renderToStaticMarkup } from "react-dom/server";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import spanish from "@/i18n/catalogs/es/admin.json";
import { withIntl } from "@/i18n/with-intl";
import { AdminStatCards } from "./admin-stat-cards";
import { detailLabel, detailValue, formatBytes } from "./format";
import { UserStatusBadges } from "./user-status-badges";

const STATS: AdminStatsView = {
  totalUsers: 1234,
  totalPosts: 56,
  totalBusinesses: 7,
  suspendedUsers: 2,
  deletedUsers: 1,
  openReports: 3,
} as AdminStatsView;

const USER = {
  id: "00000000-0000-4000-8000-0000000000a1",
  username: "jess",
  email: "jess@example.com",
  firstName: "Jess",
  lastName: "H",
  profileType: "creator",
  bio: "",
  isVerified: true,
  isSuperuser: false,
  isSuspended: true,
  isDeleted: false,
  suspensionReason: null,
  suspendedUntil: null,
} as unknown as AdminUserView;

const english = createIntl({ locale: "en", defaultLocale: "en" });
const inSpanish = createIntl({ locale: "es", defaultLocale: "en", messages: spanish });

describe("the admin console's texts (issue 49)", () => {
  it("keeps its English", () => {
    const cards = renderToStaticMarkup(withIntl(<AdminStatCards stats={STATS} />));
    expect(cards).toContain("Total Users");
    expect(cards).toContain("1,234");
    const badges = renderToStaticMarkup(withIntl(<UserStatusBadges user={USER} />));
    expect(badges).toContain("Verified");
    expect(badges).toContain("Suspended");
  });

  it("speaks Spanish, with Spanish numbers", () => {
    const cards = renderToStaticMarkup(withIntl(<AdminStatCards stats={STATS} />, "es", spanish));
    expect(cards).toContain("Total de usuarios");
    expect(cards).toContain("1234");
    const badges = renderToStaticMarkup(withIntl(<UserStatusBadges user={USER} />, "es", spanish));
    expect(badges).toContain("Verificado");
    expect(badges).toContain("Suspendido");
  });

  it("formats log details and sizes for the page's language", () => {
    expect(detailLabel(english, "suspendUntil")).toBe("Suspend until");
    expect(detailLabel(english, "someNewKey")).toBe("Some new key");
    expect(detailLabel(inSpanish, "reason")).toBe("Motivo");
    expect(detailValue(english, true)).toBe("yes");
    expect(detailValue(inSpanish, false)).toBe("no");
    expect(detailValue(english, ["a", "b"])).toBe("a, b");
    expect(detailValue(english, { reason: "spam", closedReports: 2 })).toBe("Reason: spam; Closed reports: 2");
    expect(formatBytes(english, 1536)).toBe("1.5 KB");
    expect(formatBytes(english, 512)).toBe("512 B");
    expect(formatBytes(inSpanish, 1536)).toBe("1,5 KB");
  });
});
