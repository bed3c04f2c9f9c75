import { EVENT_FORM_TEXTS, EVENT_MESSAGES } from "@plaza/contracts/events.texts";
import { describe, expect, test } from "vitest";
import { type EventFormValues, eventFormSchema } from "./event-form-values";

const values: EventFormValues = {
  title: "Run club",
  description: "",
  startsAt: "2026-03-29T10:00",
  endsAt: "2026-03-29T11:30",
  timeZone: "Europe/Berlin",
  category: "sports",
  visibility: "public",
  capacity: "",
  price: "",
  placeKind: "address",
  businessId: "",
  place: { name: "Harbour steps", address: "Quay 1", latitude: "41.1", longitude: "-8.6" },
  coverUrl: null,
  repeat: "WEEKLY",
  repeatCount: "6",
};

/** The issues as { field: message }. */
function issuesOf(input: EventFormValues, mode: "create" | "edit" = "create") {
  const result = eventFormSchema(mode).safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the event form's schema", () => {
  test("makes the request body: times read on the chosen zone's clock, a weekly RRULE with its count", () => {
    const result = eventFormSchema("create").parse(values);
    expect(result).toMatchObject({
      title: "Run club",
      startsAt: "2026-03-29T08:00:00.000Z",
      endsAt: "2026-03-29T09:30:00.000Z",
      timeZone: "Europe/Berlin",
      place: { name: "Harbour steps", address: "Quay 1", latitude: 41.1, longitude: -8.6 },
      capacity: null,
      price: null,
      recurrence: "FREQ=WEEKLY;COUNT=6",
    });
  });

  test("the same wall clock in another zone is another instant", () => {
    const result = eventFormSchema("create").parse({ ...values, timeZone: "America/New_York", repeat: "none" }) as {
      startsAt: string;
      recurrence: string | null;
    };
    expect(result.startsAt).toBe("2026-03-29T14:00:00.000Z");
    expect(result.recurrence).toBeNull();
  });

  test("the contract's rules, on the fields they concern", () => {
    expect(issuesOf({ ...values, endsAt: "2026-03-29T09:00" })).toEqual({ endsAt: EVENT_MESSAGES.endBeforeStart });
    expect(issuesOf({ ...values, title: " " })).toEqual({ title: "Title is required" });
    expect(issuesOf({ ...values, capacity: "0" })).toEqual({ capacity: "Capacity must be at least 1" });
    expect(issuesOf({ ...values, startsAt: "" })).toMatchObject({ startsAt: EVENT_FORM_TEXTS.startRequired });
    expect(issuesOf({ ...values, repeatCount: "60" })).toEqual({ repeatCount: EVENT_FORM_TEXTS.countRequired });
    expect(issuesOf({ ...values, place: { ...values.place, latitude: "" } })).toHaveProperty("place.latitude");
    expect(issuesOf({ ...values, placeKind: "business" })).toEqual({ businessId: EVENT_FORM_TEXTS.businessRequired });
  });

  test("an edit sends no recurrence", () => {
    const result = eventFormSchema("edit").parse(values);
    expect(result).not.toHaveProperty("recurrence");
    expect(result.startsAt).toBe("2026-03-29T08:00:00.000Z");
  });
});
