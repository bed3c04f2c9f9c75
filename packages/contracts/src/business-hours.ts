import { z } from "zod";
import { canonicalTimeZone, HOURS_MESSAGES, isValidTimeZone } from "./business-hours.texts";

export * from "./business-hours.texts";

const clockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, HOURS_MESSAGES.timeFormat);

export const dayHours = z
  .object({ open: clockTime, close: clockTime })
  .strict()
  .refine((day) => day.open !== day.close, { message: HOURS_MESSAGES.sameTimes, path: ["close"] })
  .refine((day) => day.open !== "24:00", { message: HOURS_MESSAGES.timeFormat, path: ["open"] });

export const businessHours = z.array(dayHours.nullable(), HOURS_MESSAGES.sevenDays).length(7, HOURS_MESSAGES.sevenDays);

export const timeZone = z
  .string(HOURS_MESSAGES.timeZone)
  .trim()
  .refine(isValidTimeZone, HOURS_MESSAGES.timeZone)
  .transform((name) => canonicalTimeZone(name) ?? name);
