import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { catalog as spanishMessages } from "@/i18n/catalogs/es";
import { withIntl } from "@/i18n/with-intl";
import { PendingApprovalBanner } from "./pending-approval-banner";

const render = (user: { status: "active" | "pending"; isLimited: boolean }, spanish = false) =>
  renderToStaticMarkup(
    spanish
      ? withIntl(<PendingApprovalBanner user={user} />, "es", spanishMessages)
      : withIntl(<PendingApprovalBanner user={user} />),
  );

describe("the account's state banner", () => {
  it("tells a pending account it waits, a limited one that only its followers see its posts, others nothing", () => {
    expect(render({ status: "pending", isLimited: false })).toContain("Waiting for approval.");
    const limited = render({ status: "active", isLimited: true });
    expect(limited).toContain('data-testid="limited-account-banner"');
    expect(limited).toContain("your posts are shown only to your followers");
    expect(render({ status: "active", isLimited: true }, true)).toContain("Tu cuenta está limitada.");
    expect(render({ status: "active", isLimited: false })).toBe("");
  });
});
