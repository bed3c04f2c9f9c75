import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import esCatalog from "@/i18n/catalogs/es/shell.json";
import { withIntl } from "@/i18n/with-intl";
import { ApiError } from "@/lib/api-client";
import { dismiss, type ToastItem, toastFailure, useToast } from "./use-toast";

let seen: readonly ToastItem[] = [];
function Probe() {
  seen = useToast().toasts;
  return null;
}

/** The toasts in the store right now, read through the hook the Toaster uses. */
function currentToasts(): readonly ToastItem[] {
  renderToStaticMarkup(<Probe />);
  return seen;
}

const apiError = (status: number, message?: string) =>
  new ApiError(status, `${status}: x`, message === undefined ? null : { message });

describe("toastFailure", () => {
  afterEach(() => dismiss());

  it("shows the server's sentence under 'Error'", () => {
    toastFailure(apiError(403, "You cannot follow this user"), "Failed to update follow status");
    const [shown] = currentToasts();
    expect(shown).toMatchObject({ description: "You cannot follow this user", variant: "destructive" });
    // The default title is a message, shown in the page's language.
    expect(renderToStaticMarkup(withIntl(shown?.title))).toBe("Error");
    expect(renderToStaticMarkup(withIntl(shown?.title, "es", esCatalog))).toBe("Error");
  });

  it("falls back to the given text, and takes a title of its own", () => {
    toastFailure(new Error("offline"), "Failed to block user.", "Block failed");
    expect(currentToasts()[0]).toMatchObject({ title: "Block failed", description: "Failed to block user." });
  });

  it("has no description without a server sentence or a fallback", () => {
    toastFailure(apiError(500), undefined, "Tip failed");
    expect(currentToasts()[0]).toMatchObject({ title: "Tip failed", description: undefined });
  });

  it("shows nothing for a 401 (the session handler signs the page out)", () => {
    toastFailure(apiError(401, "Unauthorized"), "Failed");
    expect(currentToasts().filter((item) => item.open)).toHaveLength(0);
  });
});
