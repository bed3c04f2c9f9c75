import { addressPlace, createEventBody, type EventView, updateEventBody } from "@plaza/contracts/events";
import { EVENT_FORM_TEXTS, RECURRENCE_COUNT_MAX, RECURRENCE_FREQUENCIES } from "@plaza/contracts/events.texts";
import { z } from "zod";
import { browserTimeZone, instantToLocal, localToInstant } from "./event-time";

export const REPEAT_CHOICES = ["none", ...RECURRENCE_FREQUENCIES] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];

/**
 * What the form holds: text as typed (start and end as `datetime-local` wall clocks of `timeZone`, numbers as
 * text). Field names follow the request body, so the server's field errors land on the same fields.
 */
export const eventFormValues = z.object({
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  category: z.string(),
  visibility: z.string(),
  capacity: z.string(),
  price: z.string(),
  placeKind: z.enum(["business", "address"]),
  businessId: z.string(),
  place: z.object({ name: z.string(), address: z.string(), latitude: z.string(), longitude: z.string() }),
  coverUrl: z.string().nullable(),
  repeat: z.enum(REPEAT_CHOICES),
  repeatCount: z.string(),
});
export type EventFormValues = z.infer<typeof eventFormValues>;

const numberOrNaN = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The request body the values make (not yet checked). */
export function bodyOf(values: EventFormValues) {
  const place =
    values.placeKind === "business"
      ? { businessId: values.businessId }
      : {
          name: values.place.name,
          address: values.place.address,
          latitude: numberOrNaN(values.place.latitude),
          longitude: numberOrNaN(values.place.longitude),
        };
  return {
    title: values.title,
    description: values.description,
    startsAt: localToInstant(values.startsAt, values.timeZone) ?? "",
    endsAt: localToInstant(values.endsAt, values.timeZone) ?? "",
    timeZone: values.timeZone,
    place,
    category: values.category,
    coverUrl: values.coverUrl,
    visibility: values.visibility,
    capacity: values.capacity.trim() === "" ? null : Number(values.capacity),
    price: values.price.trim() === "" ? null : Number(values.price),
    recurrence: values.repeat === "none" ? null : `FREQ=${values.repeat};COUNT=${values.repeatCount.trim()}`,
  };
}

/** Where a body's issue shows in the form. */
function fieldOf(path: PropertyKey[], values: EventFormValues): string {
  const [head, next] = path.map(String);
  if (head === "place") {
    if (values.placeKind === "business") return "businessId";
    return next ? `place.${next}` : "place.name";
  }
  if (head === "recurrence") return "repeatCount";
  return head ?? "title";
}

/**
 * The form's schema: the values become the request body, checked by the contract's own schema (createEventBody or
 * updateEventBody), each issue put back on the field it came from. Its output is the body to send.
 */
/** The form's own error messages, in the viewer's language (English by default). */
export type EventFormErrorTexts = Record<
  "startRequired" | "endRequired" | "businessRequired" | "countRequired",
  string
>;

export function eventFormSchema(mode: "create" | "edit", texts: EventFormErrorTexts = EVENT_FORM_TEXTS) {
  const contract = mode === "create" ? createEventBody : updateEventBody;
  return eventFormValues.transform((values, context) => {
    const body = bodyOf(values);
    const early: [string, string][] = [];
    if (!values.startsAt) early.push(["startsAt", texts.startRequired]);
    if (!values.endsAt) early.push(["endsAt", texts.endRequired]);
    if (values.placeKind === "business" && !values.businessId) early.push(["businessId", texts.businessRequired]);
    // The place's own rules name its field (the body's union only says "choose a place").
    if (values.placeKind === "address") {
      const place = addressPlace.safeParse(body.place);
      for (const issue of place.success ? [] : place.error.issues) {
        early.push([`place.${String(issue.path[0] ?? "name")}`, issue.message]);
      }
    }
    if (values.repeat !== "none") {
      const count = Number(values.repeatCount);
      if (!Number.isInteger(count) || count < 1 || count > RECURRENCE_COUNT_MAX) {
        early.push(["repeatCount", texts.countRequired]);
      }
    }
    if (mode === "edit") {
      const { recurrence: _recurrence, ...editable } = body;
      const result = contract.safeParse(editable);
      return finish(result, early, values, context, texts);
    }
    return finish(contract.safeParse(body), early, values, context, texts);
  });
}

function finish<T>(
  result: { success: true; data: T } | { success: false; error: z.ZodError },
  early: [string, string][],
  values: EventFormValues,
  context: z.RefinementCtx,
  texts: EventFormErrorTexts,
): T {
  const seen = new Set<string>();
  for (const [path, message] of early) {
    seen.add(path);
    context.addIssue({ code: "custom", path: path.split("."), message });
  }
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path, values);
      if (issue.path.length === 1 && issue.path[0] === "place" && early.some(([path]) => path.startsWith("place."))) {
        continue;
      }
      if (seen.has(field)) continue;
      seen.add(field);
      const message = field === "businessId" ? texts.businessRequired : issue.message;
      context.addIssue({ code: "custom", path: field.split("."), message });
    }
  }
  if (seen.size > 0) return z.NEVER;
  return (result as { data: T }).data;
}

/** An empty form: starts tomorrow at 18:00 for two hours, in the browser's zone. */
export function emptyEventForm(now: Date, businessId: string | null): EventFormValues {
  const timeZone = browserTimeZone();
  const tomorrow = instantToLocal(new Date(now.getTime() + 86_400_000).toISOString(), timeZone).slice(0, 10);
  return {
    title: "",
    description: "",
    startsAt: `${tomorrow}T18:00`,
    endsAt: `${tomorrow}T20:00`,
    timeZone,
    category: "community",
    visibility: "public",
    capacity: "",
    price: "",
    placeKind: businessId ? "business" : "address",
    businessId: businessId ?? "",
    place: { name: "", address: "", latitude: "", longitude: "" },
    coverUrl: null,
    repeat: "none",
    repeatCount: "4",
  };
}

/** The form of an existing event: its wall clock in its own zone. */
export function eventFormOf(event: EventView): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    startsAt: instantToLocal(event.startsAt, event.timeZone),
    endsAt: instantToLocal(event.endsAt, event.timeZone),
    timeZone: event.timeZone,
    category: event.category,
    visibility: event.visibility,
    capacity: event.capacity === null ? "" : String(event.capacity),
    price: event.price === null ? "" : event.price.toFixed(2),
    placeKind: event.place.businessId ? "business" : "address",
    businessId: event.place.businessId ?? "",
    place: {
      name: event.place.name,
      address: event.place.address,
      latitude: event.place.latitude === null ? "" : String(event.place.latitude),
      longitude: event.place.longitude === null ? "" : String(event.place.longitude),
    },
    coverUrl: event.coverUrl,
    repeat: "none",
    repeatCount: "4",
  };
}
