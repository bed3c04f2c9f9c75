import { BUSINESS_TOASTS } from "@plaza/contracts/businesses";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addSessionCookie, registerViaApi } from "./support/accounts";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/** Where the business stands; the customer's browser reports a position 50 m away. */
const SHOP = { latitude: 48.8584, longitude: 2.2945 };
const CUSTOMER_POSITION = { latitude: 48.85885, longitude: 2.2945 };

let server: RunningServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

async function signedInContext(sessionCookie: string): Promise<BrowserContext> {
  const context = await launchBrowser();
  contexts.push(context);
  await addSessionCookie(context, server.baseUrl, sessionCookie);
  return context;
}

describe("local discovery in the browser", () => {
  test("an owner creates a business and a coupon and publishes; a customer checks in with the code and redeems", {
    timeout: 150_000,
  }, async () => {
    // --- The owner sets up the business on the dashboard.
    const owner = await registerViaApi(server.baseUrl, { profileType: "business", firstName: "Olive" });
    const ownerContext = await signedInContext(owner.sessionCookie);
    const { page: dashboard, errors: ownerErrors } = await newPage(ownerContext);
    await dashboard.goto(`${server.baseUrl}/business-dashboard`, { waitUntil: "networkidle" });
    await dashboard.getByRole("heading", { name: "Create Your Business Profile" }).waitFor();
    await dashboard.getByRole("button", { name: "Create Business Profile" }).click();
    const createDialog = dashboard.getByRole("dialog");
    const createButton = createDialog.getByRole("button", { name: "Create Business" });
    expect(await createButton.isDisabled()).toBe(true);
    await createDialog.getByLabel("Business name").fill("Le Petit Cafe");
    await createDialog.getByRole("combobox", { name: "Category" }).click();
    await dashboard.getByRole("option", { name: "Beauty & Wellness" }).waitFor();
    await dashboard.getByRole("option", { name: "Cafe" }).click();
    await createDialog.getByLabel("Latitude").fill(String(SHOP.latitude));
    await createDialog.getByLabel("Longitude").fill(String(SHOP.longitude));
    expect(await createButton.isDisabled()).toBe(false);
    await createButton.click();
    await dashboard.getByText("Business profile created successfully!").first().waitFor();
    await dashboard.getByRole("heading", { name: "Business Dashboard" }).waitFor();
    await dashboard.getByText("Draft", { exact: true }).waitFor();
    await dashboard
      .getByText("Your business profile is not published yet. Create at least one coupon to make it visible to users.")
      .waitFor();
    expect(await dashboard.getByRole("button", { name: "Publish Business" }).count()).toBe(0);

    await dashboard.getByRole("tab", { name: "Coupons" }).click();
    await dashboard.getByText("No coupons yet").waitFor();
    await dashboard.getByRole("button", { name: "Create Coupon" }).click();
    const couponDialog = dashboard.getByRole("dialog");
    // A disabled Create button says what is missing.
    await couponDialog.getByText("To save, add a title and the discount value.").waitFor();
    await couponDialog.getByLabel("Title").fill("Free croissant");
    await couponDialog.getByText("To save, add the discount value.").waitFor();
    // A free item has no value to give: the field goes and the button is ready.
    await couponDialog.getByRole("combobox", { name: "Discount type" }).click();
    await dashboard.getByRole("option", { name: "Free item" }).click();
    await couponDialog.getByText("To save, add the discount value.").waitFor({ state: "detached" });
    expect(await couponDialog.getByLabel("Discount value").count()).toBe(0);
    expect(await couponDialog.getByRole("button", { name: "Create Coupon" }).isEnabled()).toBe(true);
    await couponDialog.getByRole("combobox", { name: "Discount type" }).click();
    await dashboard.getByRole("option", { name: "Percentage off" }).click();
    await couponDialog.getByText("To save, add the discount value.").waitFor();
    await couponDialog.getByLabel("Discount value").fill("15");
    await couponDialog.getByLabel("Max redemptions").fill("10");
    await couponDialog.getByRole("button", { name: "Create Coupon" }).click();
    await dashboard.getByText("Coupon created successfully!").first().waitFor();
    await dashboard.getByText("Redeemed: 0 / 10").waitFor();

    await dashboard.getByRole("button", { name: "Publish Business" }).click();
    await dashboard.getByRole("alertdialog").getByText("Publish Business Profile").waitFor();
    await dashboard.getByRole("alertdialog").getByRole("button", { name: "Publish" }).click();
    await dashboard.getByText("Business profile published successfully!").first().waitFor();
    await dashboard.getByText("Published", { exact: true }).waitFor();

    await dashboard.getByRole("tab", { name: "Overview" }).click();
    const visitCode = (await dashboard.getByTestId("visit-code").textContent())?.trim() ?? "";
    expect(visitCode).toMatch(/^\d{6}$/);
    await dashboard.getByRole("img", { name: `QR code for check-in code ${visitCode}` }).waitFor();
    await screenshot(dashboard, "business-dashboard");

    // --- The customer, standing 50 m away, checks in with the code and redeems the coupon.
    const customer = await registerViaApi(server.baseUrl, { firstName: "Carl" });
    const customerContext = await signedInContext(customer.sessionCookie);
    await customerContext.grantPermissions(["geolocation"], { origin: server.baseUrl });
    await customerContext.setGeolocation(CUSTOMER_POSITION);
    const { page: discover, errors: customerErrors } = await newPage(customerContext);
    await discover.goto(`${server.baseUrl}/discover`, { waitUntil: "networkidle" });
    await discover.getByText("Le Petit Cafe").first().waitFor();
    // Location tracking is off by default: the list asks for the position only when the customer says so.
    await discover.getByRole("button", { name: "Show nearest first" }).click();
    await discover.getByText("50 m").waitFor();
    // Before a check-in the card says why it can't be redeemed yet, instead of a Redeem button that fails.
    await discover
      .getByTestId("redeem-blocked-reason")
      .getByText("You need a verified check-in at this business in the last 24 hours to redeem this coupon")
      .first()
      .waitFor();
    expect(await discover.getByRole("button", { name: "Redeem" }).count()).toBe(0);

    await discover.getByRole("button", { name: "Check In" }).click();
    const checkInDialog = discover.getByRole("dialog");
    await checkInDialog.getByRole("button", { name: "Share my location" }).click();
    await checkInDialog.getByText("Location found").waitFor();
    const wrongCode = visitCode === "000000" ? "111111" : "000000";
    await checkInDialog.getByLabel("Step 2: visit code").fill(wrongCode);
    await checkInDialog.getByRole("button", { name: "Check In" }).click();
    await checkInDialog
      .getByRole("alert")
      .getByText(/Visit code check failed/)
      .waitFor();
    await checkInDialog.getByLabel("Step 2: visit code").fill(visitCode);
    await checkInDialog.getByRole("button", { name: "5 stars" }).click();
    await checkInDialog.getByLabel("Review").fill("Best croissants in town");
    await checkInDialog.getByRole("button", { name: "Check In" }).click();
    await discover.getByText("Checked in! Your visit is verified.").first().waitFor();
    // The check-in says which coupon it unlocked, and where to redeem it.
    await discover.getByText(BUSINESS_TOASTS.couponUnlocked("Free croissant")).first().waitFor();

    await discover.getByRole("button", { name: "Redeem" }).click();
    const personalCode = (await discover.getByTestId("personal-code").textContent())?.trim() ?? "";
    expect(personalCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{6}$/);
    // One code to show: the personal till code replaces the coupon's own code on the redeemed card.
    const redeemedCard = discover.getByTestId("coupon-card").filter({ has: discover.getByTestId("personal-code") });
    await redeemedCard.getByText("Your one-time code — show it at the till").waitFor();
    expect(await redeemedCard.getByTestId("coupon-code").count()).toBe(0);
    await screenshot(discover, "discover-after-redeem");

    // --- Search finds the business; its profile offers Check In and lists the coupon with the customer's code.
    const searchBox = discover.getByRole("searchbox", { name: "Search" });
    await searchBox.fill("petit");
    // The dropdown's link: the page behind it also links "Le Petit Cafe" now (its account speaks as the business).
    await searchBox
      .locator("xpath=ancestor::form")
      .getByRole("link", { name: /Le Petit Cafe/ })
      .click();
    await discover.waitForURL(/\/business\/[0-9a-f-]{36}$/);
    await discover.getByRole("button", { name: "Check In" }).waitFor();
    await discover.getByRole("tab", { name: "Coupons" }).click();
    await discover.getByText("Free croissant").waitFor();
    await discover.getByText(personalCode).waitFor();

    // --- The dashboard's QR code leads to the profile with the check-in open and the code filled in.
    await discover.goto(`${discover.url()}?visitCode=${visitCode}`, { waitUntil: "networkidle" });
    expect(await discover.getByRole("dialog").getByLabel("Step 2: visit code").inputValue()).toBe(visitCode);
    await discover.keyboard.press("Escape");

    // --- Back at the till, the owner sees the redemption and marks it used.
    await dashboard.reload({ waitUntil: "networkidle" });
    await dashboard.getByRole("tab", { name: "Coupons" }).click();
    await dashboard.getByText("Redeemed: 1 / 10").waitFor();
    await dashboard.getByRole("button", { name: "Show redemptions" }).click();
    await dashboard.getByText(personalCode).waitFor();
    // The till form: an empty code is refused with the contract's text, a code typed in lower case is found.
    const till = dashboard.getByRole("form", { name: "Mark a customer's code used" });
    await till.getByRole("button", { name: "Mark used" }).click();
    await till.getByText("Enter the customer's code").waitFor();
    await till.getByLabel("Customer code").fill(personalCode.toLowerCase());
    await till.getByRole("button", { name: "Mark used" }).click();
    await dashboard.getByText("Used", { exact: true }).waitFor();
    await dashboard.getByRole("tab", { name: "Reviews" }).click();
    await dashboard.getByText("Best croissants in town").waitFor();
    await dashboard.getByText("Verified visit").waitFor();
    // Analytics: each chart has a y-axis from 0 and dated x-axis labels, and its numbers as a table (today's
    // check-in counted); the figure is named by a one-sentence summary.
    await dashboard.getByRole("tab", { name: "Analytics" }).click();
    const checkInsChart = dashboard.getByRole("figure", { name: /^Check-ins per day over the last 30 days: 1 in all/ });
    const drawing = checkInsChart.getByTestId("bar-chart-drawing");
    const yTicks = drawing.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value");
    await yTicks.first().waitFor();
    expect(await yTicks.allTextContents()).toContain("0");
    const xTicks = drawing.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value");
    expect(await xTicks.count()).toBeGreaterThan(2);
    expect(await xTicks.first().textContent()).toMatch(/^[A-Z][a-z]+ \d+$/);
    const table = dashboard.getByRole("table", { name: /^Check-ins per day/ });
    expect(await table.getByRole("cell").last().textContent()).toBe("1");
    for (const width of [390, 1280]) {
      await dashboard.setViewportSize({ width, height: 900 });
      await drawing.locator(".recharts-bar-rectangle").first().waitFor();
      // Nothing sticks out of the screen (the screen-reader table is clipped to 1 px and does not count; the tab
      // strip scrolls sideways on a phone, as the layout test allows a scroller's content).
      const outside = await dashboard.evaluate(
        (limit) =>
          [...document.querySelectorAll("body *")]
            .filter((element) => {
              if (element.closest(".sr-only") || element.getBoundingClientRect().right <= limit + 1) return false;
              for (let parent = element.parentElement; parent; parent = parent.parentElement) {
                if (["auto", "scroll"].includes(getComputedStyle(parent).overflowX)) return false;
              }
              return true;
            })
            .slice(-3)
            .map((element) => `${element.tagName}.${element.getAttribute("class") ?? ""}`),
        width,
      );
      expect(outside).toEqual([]);
      expect(await dashboard.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(dashboard, `dashboard-analytics-${width}`);
    }
    // The business's place is named, not given as coordinates.
    await dashboard.getByRole("tab", { name: "Overview" }).click();
    await dashboard.getByTestId("place-name").waitFor();
    expect(await dashboard.getByTestId("place-name").textContent()).toBe("Paris, France");

    const expectedRefusals = [/status of 403 \(Forbidden\)/, /status of 403/];
    expect(customerErrors.filter((entry) => !expectedRefusals.some((pattern) => pattern.test(entry)))).toEqual([]);
    // Before the business exists, GET /api/users/{id}/business answers 404 (the dashboard then offers to create one).
    const noBusinessYet = /status of 404 \(Not Found\) \(https?:\/\/[^/]+\/api\/users\/[0-9a-f-]+\/business\)$/;
    expect(ownerErrors.filter((entry) => !noBusinessYet.test(entry))).toEqual([]);
  });
});
