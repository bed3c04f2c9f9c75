// Texts, constants and pure rules of an event's door (CONTRACT.md "Fourth round" → "Events": the host's view of
// who comes, and ticket check-in). No zod: the schemas are in ./event-door.ts, which re-exports all of this.

/** The lists of the host's view: `?status=` of GET /api/events/{id}/attendees. */
export const ATTENDEE_STATUSES = ["going", "waitlisted", "interested"] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];

/**
 * When the door is open: tickets are admitted from this long before the start until the end (people queue early;
 * a scan after the end is a mistake, not a guest).
 */
export const DOOR_OPENS_BEFORE_START_MS = 3 * 60 * 60 * 1000;

/** A ticket's code as typed at the door: letters and digits, dashes and spaces ignored, case-insensitive. */
export const TICKET_CODE_MAX = 64;

export const DOOR_MESSAGES = {
  codeRequired: "Type the ticket's code",
  codeTooLong: "A ticket code is at most 64 characters",
  unknownCode: "No ticket has this code",
  otherEvent: "This ticket is for another event",
  notGoing: "This ticket is not valid any more: its holder is not going",
  notHost: "Only the event's hosts can see its guests and admit them",
  cancelled: "This event is cancelled: nobody is admitted",
  notOpenYet: "The door opens 3 hours before the start",
  over: "This event is over: the door is closed",
  invalidStatus: "Status is going, waitlisted or interested",
} as const;

export const DOOR_TEXTS = {
  manage: "Manage guests",
  manageTitle: (title: string) => `Guests · ${title}`,
  back: "Back to the event",
  tabs: { going: "Going", waitlisted: "Waitlist", interested: "Interested" } satisfies Record<AttendeeStatus, string>,
  empty: {
    going: "Nobody is going yet",
    waitlisted: "Nobody is on the waitlist",
    interested: "Nobody is interested yet",
  } satisfies Record<AttendeeStatus, string>,
  admittedCount: (admitted: number, going: number) => `${admitted} of ${going} admitted`,
  admitted: "Admitted",
  notAdmitted: "Not admitted yet",
  waitlistPosition: (position: number) => `#${position} in line`,
  scanner: "Check in",
  scannerHint: "Scan a ticket's QR code, or type its code.",
  startCamera: "Scan with camera",
  stopCamera: "Stop camera",
  cameraUnavailable: "This browser can't use the camera here: type the code instead.",
  cameraDenied: "The camera is not allowed: type the code instead.",
  codeLabel: "Ticket code",
  admit: "Admit",
  admitting: "Checking...",
  firstTime: "Admitted",
  alreadyAdmitted: (time: string) => `Already admitted at ${time}`,
  loadMore: "Show more",
  notHostTitle: "Only hosts can manage guests",
  ticketTitle: "Your ticket",
  ticketHint: "Show this code at the door.",
  ticketCodeLabel: "Code",
} as const;

/** "7:02 PM" in the event's zone: when a guest was admitted, as the door reads it. */
export function admittedTimeText(admittedAt: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(
    new Date(admittedAt),
  );
}
