import { urlOf } from "@/lib/api";

/** GET /api/events/{id}/calendar.ics: a plain link (the browser downloads or opens the calendar file). */
export const calendarUrl = (id: string) => urlOf("/api/events/{id}/calendar.ics", { params: { path: { id } } });
