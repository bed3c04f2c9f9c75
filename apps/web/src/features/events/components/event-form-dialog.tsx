import type { EventView } from "@plaza/contracts/events";
import {
  EVENT_CATEGORIES,
  EVENT_CATEGORY_LABELS,
  EVENT_FORM_TEXTS,
  EVENT_TEXTS,
  EVENT_VISIBILITIES,
  EVENT_VISIBILITY_LABELS,
  type EventScope,
} from "@plaza/contracts/events.texts";
import { priceFeeText } from "@plaza/contracts/payments.texts";
import { LocateFixed } from "lucide-react";
import { useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { usePaymentsConfig } from "@/lib/app-config";
import { useCreateEvent } from "../api/create-event";
import { useUpdateEvent } from "../api/update-event";
import { CoverField } from "./event-cover-field";
import { emptyEventForm, eventFormOf, eventFormSchema } from "./event-form-values";
import { NativeSelect } from "./native-select";
import { ScopeChoice } from "./scope-choice";

export interface OwnBusiness {
  id: string;
  name: string;
}

const REPEAT_LABELS = {
  none: EVENT_TEXTS.repeatNone,
  DAILY: EVENT_TEXTS.repeatDaily,
  WEEKLY: EVENT_TEXTS.repeatWeekly,
  MONTHLY: EVENT_TEXTS.repeatMonthly,
} as const;

/** Every IANA zone the browser knows, with `current` first in the list if it is missing (e.g. "UTC"). */
function timeZoneChoices(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/**
 * Create or edit an event: title, description, start and end (wall clocks of the chosen zone, the browser's by
 * default), category, visibility, capacity, place (the viewer's business, or a named place with its position),
 * cover picture, and on create a repetition with a count. Editing an occurrence of a series asks which ones change.
 */
export function EventFormDialog({
  isOpen,
  onOpenChange,
  event,
  businesses,
  onSaved,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The event to edit; a new one without. */
  event?: EventView;
  businesses: OwnBusiness[];
  onSaved: (saved: EventView) => void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{event ? EVENT_FORM_TEXTS.editTitle : EVENT_FORM_TEXTS.createTitle}</DialogTitle>
          <DialogDescription className="sr-only">
            {event ? EVENT_FORM_TEXTS.editTitle : EVENT_FORM_TEXTS.createTitle}
          </DialogDescription>
        </DialogHeader>
        {isOpen && <EventForm event={event} businesses={businesses} onSaved={onSaved} />}
      </DialogContent>
    </Dialog>
  );
}

function EventForm({
  event,
  businesses,
  onSaved,
}: {
  event?: EventView;
  businesses: OwnBusiness[];
  onSaved: (saved: EventView) => void;
}) {
  const create = useCreateEvent();
  const update = useUpdateEvent(event?.id ?? "");
  const [scope, setScope] = useState<EventScope>("this");
  const schema = useMemo(() => eventFormSchema(event ? "edit" : "create"), [event]);
  const form = useZodForm(schema, {
    defaultValues: event ? eventFormOf(event) : emptyEventForm(new Date(), businesses[0]?.id ?? null),
  });
  const placeKind = useWatch({ control: form.control, name: "placeKind" });
  const repeat = useWatch({ control: form.control, name: "repeat" });
  const timeZone = useWatch({ control: form.control, name: "timeZone" });
  const payments = usePaymentsConfig();
  const priceHint = `${EVENT_FORM_TEXTS.priceHint}. ${priceFeeText(payments?.provider === "stripe")}.`;
  const zones = useMemo(() => timeZoneChoices(timeZone), [timeZone]);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const pending = create.isPending || update.isPending;
  const fallback = "Could not save the event.";

  const submit = (body: ReturnType<typeof schema.parse>) => {
    if (event) {
      update.mutate(
        { body, scope },
        {
          onSuccess: (saved) => {
            toast({ title: EVENT_TEXTS.saved });
            onSaved(saved);
          },
          onError: (error) => applyServerError(form, error, fallback),
        },
      );
      return;
    }
    create.mutate(body as Parameters<typeof create.mutate>[0], {
      onSuccess: (saved) => {
        toast({ title: EVENT_TEXTS.created });
        onSaved(saved);
      },
      onError: (error) => applyServerError(form, error, fallback),
    });
  };

  return (
    <Form form={form} onSubmit={submit} pending={pending} aria-label={event ? "Edit event" : "Create event"}>
      <div className="space-y-4">
        <FormField name="title" id="event-title" label="Title">
          {(field) => <Input maxLength={200} {...field} />}
        </FormField>
        <FormField name="description" id="event-description" label="Description">
          {(field) => <Textarea rows={4} {...field} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="startsAt" id="event-starts" label="Starts">
            {(field) => <Input type="datetime-local" {...field} />}
          </FormField>
          <FormField name="endsAt" id="event-ends" label="Ends">
            {(field) => <Input type="datetime-local" {...field} />}
          </FormField>
        </div>
        <FormField name="timeZone" id="event-zone" label="Time zone" description={EVENT_FORM_TEXTS.timeZoneHint}>
          {(field) => (
            <NativeSelect {...field}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField name="category" id="event-category" label="Category">
            {(field) => (
              <NativeSelect {...field}>
                {EVENT_CATEGORIES.map((value) => (
                  <option key={value} value={value}>
                    {EVENT_CATEGORY_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField name="visibility" id="event-visibility" label="Who can see it">
            {(field) => (
              <NativeSelect {...field}>
                {EVENT_VISIBILITIES.map((value) => (
                  <option key={value} value={value}>
                    {EVENT_VISIBILITY_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField name="capacity" id="event-capacity" label="Capacity" description={EVENT_TEXTS.noCapacity}>
            {(field) => <Input type="number" inputMode="numeric" min={1} {...field} />}
          </FormField>
          <FormField name="price" id="event-price" label={EVENT_FORM_TEXTS.priceLabel} description={priceHint}>
            {(field) => <Input type="number" inputMode="decimal" min={1} step="0.01" {...field} />}
          </FormField>
        </div>
        <PlaceFields businesses={businesses} placeKind={placeKind} setValue={form.setValue} />
        <CoverField
          uploadProgress={uploadProgress}
          onUploadProgress={setUploadProgress}
          value={useWatch({ control: form.control, name: "coverUrl" })}
          onChange={(url) => form.setValue("coverUrl", url, { shouldDirty: true })}
        />
        {!event && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="repeat" id="event-repeat" label="Repeats">
              {(field) => (
                <NativeSelect {...field}>
                  {(Object.keys(REPEAT_LABELS) as (keyof typeof REPEAT_LABELS)[]).map((value) => (
                    <option key={value} value={value}>
                      {REPEAT_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            {repeat !== "none" && (
              <FormField name="repeatCount" id="event-repeat-count" label={EVENT_TEXTS.repeatCount}>
                {(field) => <Input type="number" inputMode="numeric" min={1} max={52} {...field} />}
              </FormField>
            )}
          </div>
        )}
        {event?.seriesId && (
          <ScopeChoice legend={EVENT_TEXTS.editSeriesScope} value={scope} onChange={setScope} name="edit-scope" />
        )}
        <FormMessage />
        <div className="flex justify-end">
          <FormSubmit
            disabled={uploadProgress !== null}
            pendingLabel={event ? EVENT_FORM_TEXTS.saving : EVENT_FORM_TEXTS.publishing}
          >
            {event ? EVENT_FORM_TEXTS.save : EVENT_FORM_TEXTS.publish}
          </FormSubmit>
        </div>
      </div>
    </Form>
  );
}

type SetValue = ReturnType<typeof useZodForm<ReturnType<typeof eventFormSchema>>>["setValue"];

/** The viewer's business, or another place: its name, address and position (typed, or the device's). */
function PlaceFields({
  businesses,
  placeKind,
  setValue,
}: {
  businesses: OwnBusiness[];
  placeKind: "business" | "address";
  setValue: SetValue;
}) {
  const [locating, setLocating] = useState(false);
  const [positionProblem, setPositionProblem] = useState<string | null>(null);
  const locate = () => {
    if (!("geolocation" in navigator)) {
      setPositionProblem(EVENT_FORM_TEXTS.positionUnavailable);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setPositionProblem(null);
        setValue("place.latitude", position.coords.latitude.toFixed(6), { shouldDirty: true });
        setValue("place.longitude", position.coords.longitude.toFixed(6), { shouldDirty: true });
      },
      () => {
        setLocating(false);
        setPositionProblem(EVENT_FORM_TEXTS.positionUnavailable);
      },
      { timeout: 10_000 },
    );
  };
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium">Place</legend>
      {businesses.length > 0 && (
        <FormField name="placeKind" id="event-place-kind" label="Where" labelClassName="sr-only">
          {(field) => (
            <NativeSelect {...field}>
              <option value="business">{EVENT_TEXTS.placeBusiness}</option>
              <option value="address">{EVENT_TEXTS.placeAddress}</option>
            </NativeSelect>
          )}
        </FormField>
      )}
      {placeKind === "business" && businesses.length > 0 ? (
        <FormField name="businessId" id="event-business" label="Business">
          {(field) => (
            <NativeSelect {...field}>
              {businesses.map((business) => (
                <option key={business.id} value={business.id}>
                  {business.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField name="place.name" id="event-place-name" label="Place name">
              {(field) => <Input {...field} />}
            </FormField>
            <FormField name="place.address" id="event-place-address" label="Address">
              {(field) => <Input autoComplete="street-address" {...field} />}
            </FormField>
          </div>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <FormField name="place.latitude" id="event-latitude" label="Latitude">
              {(field) => <Input inputMode="decimal" {...field} />}
            </FormField>
            <FormField name="place.longitude" id="event-longitude" label="Longitude">
              {(field) => <Input inputMode="decimal" {...field} />}
            </FormField>
            <Button
              type="button"
              variant="outline"
              className="col-span-2 sm:col-span-1"
              onClick={locate}
              disabled={locating}
            >
              <LocateFixed aria-hidden /> {EVENT_FORM_TEXTS.useMyPosition}
            </Button>
          </div>
          {positionProblem && <p className="text-sm text-amber-800">{positionProblem}</p>}
        </>
      )}
    </fieldset>
  );
}
