import { EVENT_MESSAGES, TICKET_CODE_PATTERN } from "@plaza/contracts/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

describe("tickets of a free event", () => {
  it("everyone going holds a ticket with a code; leaving voids it, coming back gives a new one", async () => {
    const { client: host } = await buildUser(harness.app);
    const event = await buildEvent(host, { capacity: 1 });
    expect(event).toMatchObject({ price: null, viewer: { ticket: null } });
    const { client: guest } = await buildUser(harness.app);
    const { client: late } = await buildUser(harness.app);
    const ticketUrl = `/api/events/${event.id}/ticket`;
    const none = await guest.get(ticketUrl);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(EVENT_MESSAGES.noTicket);

    await guest.put(`/api/events/${event.id}/rsvp`, { status: "going" });
    const view = (await guest.get(`/api/events/${event.id}`)).json();
    expect(view.viewer.ticket).toEqual({ id: expect.any(String), code: expect.stringMatching(TICKET_CODE_PATTERN) });
    const { code } = (await guest.get(ticketUrl)).json();
    expect(code).toBe(view.viewer.ticket.code);
    // Someone else's view shows no ticket; waitlisted people hold none.
    await late.put(`/api/events/${event.id}/rsvp`, { status: "going" });
    expect((await late.get(`/api/events/${event.id}`)).json().viewer).toMatchObject({
      rsvp: "waitlisted",
      ticket: null,
    });
    expect((await late.get(ticketUrl)).statusCode).toBe(404);

    // Leaving voids the ticket and the promoted person gets one.
    await guest.put(`/api/events/${event.id}/rsvp`, { status: "not_going" });
    expect((await guest.get(ticketUrl)).statusCode).toBe(404);
    const promoted = (await late.get(ticketUrl)).json().code;
    expect(promoted).toMatch(TICKET_CODE_PATTERN);
    expect(promoted).not.toBe(code);
    await late.put(`/api/events/${event.id}/rsvp`, { status: "interested" });
    await guest.put(`/api/events/${event.id}/rsvp`, { status: "going" });
    const again = (await guest.get(ticketUrl)).json().code;
    expect(again).toMatch(TICKET_CODE_PATTERN);
    expect(again).not.toBe(code);
  });
});
