import { z } from "zod";
import { ATTENDEE_STATUSES, DOOR_MESSAGES, TICKET_CODE_MAX } from "./event-door.texts";
import { pageQuery } from "./pagination";
import { userSummaryView } from "./users";

export * from "./event-door.texts";

/** GET /api/events/{id}/attendees (hosts): one list of the host's view, a page at a time. */
export const attendeesQuery = pageQuery.extend({
  status: z.enum(ATTENDEE_STATUSES, DOOR_MESSAGES.invalidStatus).default("going"),
});
export type AttendeesQuery = z.infer<typeof attendeesQuery>;

/** A person in the host's view: who, their answer, their place in line (waitlisted) and when they came in. */
export const attendeeView = z.object({
  user: userSummaryView,
  status: z.enum(ATTENDEE_STATUSES),
  waitlistPosition: z.number().int().nullable(),
  admittedAt: z.string().nullable(),
  answeredAt: z.string(),
});
export type AttendeeView = z.infer<typeof attendeeView>;
/** One page of attendees: a JSON array; the next page's cursor travels in the X-Next-Cursor header. */
export const attendeePage = z.array(attendeeView);

/** GET /api/events/{id}/attendees/counts (hosts): the tabs' counts and how many came in. */
export const attendeeCountsView = z.object({
  going: z.number().int(),
  waitlisted: z.number().int(),
  interested: z.number().int(),
  admitted: z.number().int(),
});
export type AttendeeCountsView = z.infer<typeof attendeeCountsView>;

/** POST /api/events/{id}/admissions (hosts): a ticket's code, scanned or typed at the door. */
export const admissionBody = z.object({
  code: z
    .string(DOOR_MESSAGES.codeRequired)
    .trim()
    .min(1, DOOR_MESSAGES.codeRequired)
    .max(TICKET_CODE_MAX, DOOR_MESSAGES.codeTooLong),
});
export type AdmissionBody = z.infer<typeof admissionBody>;

/** The door's answer: whose ticket, when they were admitted, and whether this scan was the first. */
export const admissionView = z.object({
  name: z.string(),
  admittedAt: z.string(),
  firstTime: z.boolean(),
});
export type AdmissionView = z.infer<typeof admissionView>;
