import { EVENT_MESSAGES, EVENT_TEXTS } from "@plaza/contracts/events.texts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { withIntl } from "@/i18n/with-intl";
import { RsvpButtons, rsvpBlockedReason } from "./rsvp-buttons";

const NOW = Date.parse("2026-07-01T12:00:00Z");
const base = {
  isCancelled: false,
  endsAt: "2026-07-02T20:00:00.000Z",
  capacity: 10 as number | null,
  goingCount: 3,
  viewer: { rsvp: null, waitlistPosition: null, ticket: null, isHost: false, isAskedToCoHost: false } as {
    rsvp: "going" | "interested" | "waitlisted" | "not_going" | null;
    waitlistPosition: number | null;
    ticket: null;
    isHost: boolean;
    isAskedToCoHost: boolean;
  },
};

const render = (event: typeof base & { price?: number | null }, pendingAnswer: "going" | null = null) =>
  renderToStaticMarkup(
    withIntl(<RsvpButtons event={event} pendingAnswer={pendingAnswer} onAnswer={() => {}} now={NOW} />),
  );

/** The buttons as [label, pressed, disabled]. */
function buttons(html: string) {
  return [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)].map(([, attributes = "", label]) => [
    label,
    attributes.includes('aria-pressed="true"'),
    /\sdisabled=""/.test(attributes),
  ]);
}

describe("RsvpButtons", () => {
  test("a paid event: no Going to press until the ticket is bought (Get ticket), nor the full warning; Going once held", () => {
    const full = { ...base, capacity: 3, price: 12 };
    const html = render(full);
    expect(buttons(html)).toEqual([
      ["Interested", false, false],
      ["Not going", false, false],
    ]);
    expect(html).not.toContain(EVENT_TEXTS.full);
    expect(buttons(render({ ...full, viewer: { ...base.viewer, rsvp: "going" } }))[0]).toEqual(["Going", true, false]);
  });

  test("an open event: three answers, none pressed, all enabled", () => {
    expect(buttons(render(base))).toEqual([
      ["Going", false, false],
      ["Interested", false, false],
      ["Not going", false, false],
    ]);
  });

  test("the viewer's answer is pressed", () => {
    expect(buttons(render({ ...base, viewer: { ...base.viewer, rsvp: "interested" } }))[1]).toEqual([
      "Interested",
      true,
      false,
    ]);
  });

  test("waitlisted: the Going button reads Waitlisted — #N", () => {
    const html = render({
      ...base,
      goingCount: 10,
      viewer: { ...base.viewer, rsvp: "waitlisted", waitlistPosition: 2 },
    });
    expect(buttons(html)[0]).toEqual(["Waitlisted — #2", true, false]);
  });

  test("a full event warns that Going joins the waitlist", () => {
    expect(render({ ...base, goingCount: 10 })).toContain(EVENT_TEXTS.full);
    expect(render(base)).not.toContain(EVENT_TEXTS.full);
    // Someone already going holds their seat: no warning.
    expect(render({ ...base, goingCount: 10, viewer: { ...base.viewer, rsvp: "going" } })).not.toContain(
      EVENT_TEXTS.full,
    );
    // Someone already waitlisted knows it.
    expect(
      render({ ...base, goingCount: 10, viewer: { ...base.viewer, rsvp: "waitlisted", waitlistPosition: 1 } }),
    ).not.toContain(EVENT_TEXTS.full);
  });

  test("cancelled: every button off, with the reason", () => {
    const html = render({ ...base, isCancelled: true });
    expect(buttons(html).every(([, , disabled]) => disabled)).toBe(true);
    expect(html).toContain(EVENT_MESSAGES.cancelled);
  });

  test("over: every button off, with the reason", () => {
    const html = render({ ...base, endsAt: "2026-07-01T11:00:00.000Z" });
    expect(buttons(html).every(([, , disabled]) => disabled)).toBe(true);
    expect(html).toContain(EVENT_MESSAGES.past);
    expect(rsvpBlockedReason(base, NOW)).toBeNull();
  });

  test("while an answer is on its way, the buttons wait", () => {
    const html = render(base, "going");
    expect(buttons(html).every(([, , disabled]) => disabled)).toBe(true);
    expect(html).toContain('aria-busy="true"');
  });
});
