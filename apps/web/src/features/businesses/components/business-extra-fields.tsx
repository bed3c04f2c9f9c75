import type { BusinessHours } from "@plaza/contracts/business-hours";
import { browserTimeZone } from "@plaza/contracts/business-hours.texts";
import { ACCEPTED_IMAGE_TYPES } from "@plaza/contracts/uploads.texts";
import { ImagePlus, Trash2 } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { UploadedPicture } from "@/components/ui/uploaded-picture";
import { useText } from "@/i18n/texts";
import { failureMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { uploadImage } from "@/lib/upload-file";
import { closedText, formatDayHours, weekdayName } from "../lib/business-texts";

const phrases = defineMessages<{
  preview: { label: string | number };
  uploading: { percent: string | number };
  overnightHint: { example: string | number };
  opens: { day: string | number };
  closes: { day: string | number };
}>({
  preview: { id: "businesses.form.picturePreview", defaultMessage: "{label} preview" },
  uploading: { id: "businesses.form.uploading", defaultMessage: "Uploading {percent}%" },
  overnightHint: {
    id: "businesses.form.overnightHint",
    defaultMessage: "A closing time before the opening time runs past midnight ({example}).",
  },
  opens: { id: "businesses.form.dayOpens", defaultMessage: "{day} opens" },
  closes: { id: "businesses.form.dayCloses", defaultMessage: "{day} closes" },
});
const messages = defineMessages({
  uploadFailed: { id: "businesses.form.uploadFailed", defaultMessage: "Upload failed" },
  change: { id: "businesses.form.changePicture", defaultMessage: "Change" },
  upload: { id: "businesses.form.uploadPicture", defaultMessage: "Upload" },
  remove: { id: "businesses.form.removePicture", defaultMessage: "Remove" },
  openingHours: { id: "businesses.form.openingHours", defaultMessage: "Opening hours" },
  sameTimes: { id: "businesses.form.sameTimes", defaultMessage: "Opening and closing times must differ" },
  logo: { id: "businesses.form.logo", defaultMessage: "Logo" },
  cover: { id: "businesses.form.cover", defaultMessage: "Cover picture" },
  timeZone: { id: "businesses.form.timeZone", defaultMessage: "Time zone" },
});

/** Logo, cover, hours and time zone of the business form (docs/PRODUCT.md "Local discovery"). */
export interface BusinessExtraValues {
  logoUrl: string | null;
  coverImageUrl: string | null;
  hours: BusinessHours | null;
  timeZone: string;
}

export function initialExtraValues(business: Partial<BusinessExtraValues> | null): BusinessExtraValues {
  return {
    logoUrl: business?.logoUrl ?? null,
    coverImageUrl: business?.coverImageUrl ?? null,
    hours: business?.hours ?? null,
    // A business that never gave its hours starts from the browser's zone (the owner is usually there).
    timeZone: business?.hours && business.timeZone ? business.timeZone : browserTimeZone(),
  };
}

const DEFAULT_DAY = { open: "09:00", close: "17:00" } as const;
const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** True when every open day has two valid, different times (the server checks the same rule). */
export function areHoursValid(hours: BusinessHours | null): boolean {
  return (hours ?? []).every(
    (day) => day === null || (TIME_PATTERN.test(day.open) && TIME_PATTERN.test(day.close) && day.open !== day.close),
  );
}

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** One picture of the business (logo or cover): pick, upload (own uploads only), preview, remove. */
function ImageField({
  label,
  value,
  onChange,
  shape,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  shape: "logo" | "cover";
}) {
  const intl = useIntl();
  const text = useText();
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const uploaded = await uploadImage(file, setProgress);
      onChange(uploaded.objectUrl);
    } catch (failure) {
      // The server's message (a contracts text) in the page's language.
      setError(text(failureMessage(failure, intl.formatMessage(messages.uploadFailed))));
    } finally {
      setProgress(null);
    }
  }
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <UploadedPicture
            src={value}
            alt={intl.formatMessage(phrases.preview, { label })}
            className={cn(
              "border bg-gray-100 object-cover",
              shape === "logo" ? "h-16 w-16 rounded-xl" : "h-16 w-32 rounded-md",
            )}
          />
        ) : (
          <div
            aria-hidden
            className={cn(
              "border border-dashed bg-gray-50",
              shape === "logo" ? "h-16 w-16 rounded-xl" : "h-16 w-32 rounded-md",
            )}
          />
        )}
        <label
          htmlFor={id}
          className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-3 text-sm font-medium hover:bg-gray-50 focus-within:ring-2 focus-within:ring-brand-500/40"
        >
          <ImagePlus aria-hidden className="h-4 w-4" />
          {progress !== null
            ? intl.formatMessage(phrases.uploading, { percent: Math.round(progress * 100) })
            : intl.formatMessage(value ? messages.change : messages.upload)}
          <input id={id} type="file" accept={ACCEPTED_IMAGE_TYPES} className="sr-only" onChange={pick} />
        </label>
        {value && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            <Trash2 aria-hidden /> {intl.formatMessage(messages.remove)}
          </Button>
        )}
      </div>
      {error && <p className="text-sm text-red-600">{error}</p>}
    </div>
  );
}

/** Seven rows, Monday first: open or closed, and opening/closing times (a close before the open runs overnight). */
function HoursEditor({
  hours,
  onChange,
}: {
  hours: BusinessHours | null;
  onChange: (hours: BusinessHours | null) => void;
}) {
  const intl = useIntl();
  const days: BusinessHours = hours ?? Array.from({ length: 7 }, () => null);
  const setDay = (index: number, day: BusinessHours[number]) => {
    const next = days.map((entry, position) => (position === index ? day : entry));
    onChange(next.every((entry) => entry === null) && hours === null ? null : next);
  };
  return (
    <fieldset className="space-y-2 rounded-lg border p-3" data-testid="hours-editor">
      <legend className="px-1 text-sm font-medium">{intl.formatMessage(messages.openingHours)}</legend>
      <p className="text-xs text-gray-500">
        {intl.formatMessage(phrases.overnightHint, {
          example: formatDayHours(intl, { open: "18:00", close: "02:00" }),
        })}
      </p>
      {Array.from({ length: 7 }, (_, index) => {
        const day = days[index] ?? null;
        const name = weekdayName(intl, index);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the seven days of the week, in a fixed order
          <div key={index} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <label className="flex w-32 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={day !== null}
                onChange={(event) => setDay(index, event.target.checked ? { ...DEFAULT_DAY } : null)}
                className="h-4 w-4 accent-brand-600"
              />
              {name}
            </label>
            {day ? (
              <span className="flex w-full max-w-80 items-center gap-1 sm:w-auto sm:flex-1">
                <Input
                  type="time"
                  aria-label={intl.formatMessage(phrases.opens, { day: name })}
                  value={day.open}
                  onChange={(event) => setDay(index, { ...day, open: event.target.value })}
                  className="h-11 min-w-0 flex-1 px-2 md:h-9"
                />
                <span aria-hidden>–</span>
                <Input
                  type="time"
                  aria-label={intl.formatMessage(phrases.closes, { day: name })}
                  value={day.close}
                  onChange={(event) => setDay(index, { ...day, close: event.target.value })}
                  className="h-11 min-w-0 flex-1 px-2 md:h-9"
                />
              </span>
            ) : (
              <span className="text-sm text-gray-500">{closedText(intl)}</span>
            )}
          </div>
        );
      })}
      {!areHoursValid(hours) && <p className="text-sm text-red-600">{intl.formatMessage(messages.sameTimes)}</p>}
    </fieldset>
  );
}

export function BusinessExtraFields({
  values,
  onChange,
}: {
  values: BusinessExtraValues;
  onChange: (values: BusinessExtraValues) => void;
}) {
  const intl = useIntl();
  const set = <Key extends keyof BusinessExtraValues>(key: Key, value: BusinessExtraValues[Key]) =>
    onChange({ ...values, [key]: value });
  return (
    <>
      <ImageField
        label={intl.formatMessage(messages.logo)}
        shape="logo"
        value={values.logoUrl}
        onChange={(url) => set("logoUrl", url)}
      />
      <ImageField
        label={intl.formatMessage(messages.cover)}
        shape="cover"
        value={values.coverImageUrl}
        onChange={(url) => set("coverImageUrl", url)}
      />
      <HoursEditor hours={values.hours} onChange={(hours) => set("hours", hours)} />
      <div className="space-y-1">
        <Label htmlFor="business-time-zone">{intl.formatMessage(messages.timeZone)}</Label>
        <select
          id="business-time-zone"
          value={values.timeZone}
          onChange={(event) => set("timeZone", event.target.value)}
          className="flex h-11 w-full min-w-0 rounded-lg border border-gray-300 bg-surface px-3 text-base text-gray-900 sm:text-sm md:h-10"
        >
          {timeZones(values.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
