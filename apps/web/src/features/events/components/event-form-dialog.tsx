import type { EventView } from "@plaza/contracts/events";
import { EVENT_CATEGORIES, EVENT_VISIBILITIES, type EventScope } from "@plaza/contracts/events.texts";
import { LocateFixed } from "lucide-react";
import { useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import { useIntl } from "react-intl";
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
import { messages, REPEAT_LABELS } from "./event-form-dialog.messages";
import { emptyEventForm, eventFormOf, eventFormSchema } from "./event-form-values";
import { categoryMessages, visibilityMessages } from "./event-labels";
import { NativeSelect } from "./native-select";
import { ScopeChoice } from "./scope-choice";

export interface OwnBusiness {
  id: string;
  name: string;
}

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
  const intl = useIntl();
  const title = intl.formatMessage(event ? messages.editTitle : messages.createTitle);
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">{title}</DialogDescription>
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
  const intl = useIntl();
  const create = useCreateEvent();
  const update = useUpdateEvent(event?.id ?? "");
  const [scope, setScope] = useState<EventScope>("this");
  const schema = useMemo(
    () =>
      eventFormSchema(event ? "edit" : "create", {
        startRequired: intl.formatMessage(messages.startRequired),
        endRequired: intl.formatMessage(messages.endRequired),
        businessRequired: intl.formatMessage(messages.businessRequired),
        countRequired: intl.formatMessage(messages.countRequired),
      }),
    [event, intl],
  );
  const form = useZodForm(schema, {
    defaultValues: event ? eventFormOf(event) : emptyEventForm(new Date(), businesses[0]?.id ?? null),
  });
  const placeKind = useWatch({ control: form.control, name: "placeKind" });
  const repeat = useWatch({ control: form.control, name: "repeat" });
  const timeZone = useWatch({ control: form.control, name: "timeZone" });
  const payments = usePaymentsConfig();
  const priceHint = intl.formatMessage(
    payments?.provider === "stripe" ? messages.priceHintCardFees : messages.priceHintNoFees,
  );
  const zones = useMemo(() => timeZoneChoices(timeZone), [timeZone]);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const pending = create.isPending || update.isPending;
  const fallback = intl.formatMessage(messages.saveFailed);

  const submit = (body: ReturnType<typeof schema.parse>) => {
    if (event) {
      update.mutate(
        { body, scope },
        {
          onSuccess: (saved) => {
            toast({ title: intl.formatMessage(messages.saved) });
            onSaved(saved);
          },
          onError: (error) => applyServerError(form, error, fallback),
        },
      );
      return;
    }
    create.mutate(body as Parameters<typeof create.mutate>[0], {
      onSuccess: (saved) => {
        toast({ title: intl.formatMessage(messages.created) });
        onSaved(saved);
      },
      onError: (error) => applyServerError(form, error, fallback),
    });
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      pending={pending}
      aria-label={intl.formatMessage(event ? messages.editTitle : messages.createTitle)}
    >
      <div className="space-y-4">
        <FormField name="title" id="event-title" label={intl.formatMessage(messages.title)}>
          {(field) => <Input maxLength={200} {...field} />}
        </FormField>
        <FormField name="description" id="event-description" label={intl.formatMessage(messages.description)}>
          {(field) => <Textarea rows={4} {...field} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="startsAt" id="event-starts" label={intl.formatMessage(messages.starts)}>
            {(field) => <Input type="datetime-local" {...field} />}
          </FormField>
          <FormField name="endsAt" id="event-ends" label={intl.formatMessage(messages.ends)}>
            {(field) => <Input type="datetime-local" {...field} />}
          </FormField>
        </div>
        <FormField
          name="timeZone"
          id="event-zone"
          label={intl.formatMessage(messages.timeZone)}
          description={intl.formatMessage(messages.timeZoneHint)}
        >
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
          <FormField name="category" id="event-category" label={intl.formatMessage(messages.category)}>
            {(field) => (
              <NativeSelect {...field}>
                {EVENT_CATEGORIES.map((value) => (
                  <option key={value} value={value}>
                    {intl.formatMessage(categoryMessages[value])}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField name="visibility" id="event-visibility" label={intl.formatMessage(messages.visibility)}>
            {(field) => (
              <NativeSelect {...field}>
                {EVENT_VISIBILITIES.map((value) => (
                  <option key={value} value={value}>
                    {intl.formatMessage(visibilityMessages[value])}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            name="capacity"
            id="event-capacity"
            label={intl.formatMessage(messages.capacity)}
            description={intl.formatMessage(messages.noCapacity)}
          >
            {(field) => <Input type="number" inputMode="numeric" min={1} {...field} />}
          </FormField>
          <FormField
            name="price"
            id="event-price"
            label={intl.formatMessage(messages.priceLabel)}
            description={priceHint}
          >
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
            <FormField name="repeat" id="event-repeat" label={intl.formatMessage(messages.repeats)}>
              {(field) => (
                <NativeSelect {...field}>
                  {(Object.keys(REPEAT_LABELS) as (keyof typeof REPEAT_LABELS)[]).map((value) => (
                    <option key={value} value={value}>
                      {intl.formatMessage(REPEAT_LABELS[value])}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            {repeat !== "none" && (
              <FormField name="repeatCount" id="event-repeat-count" label={intl.formatMessage(messages.repeatCount)}>
                {(field) => <Input type="number" inputMode="numeric" min={1} max={52} {...field} />}
              </FormField>
            )}
          </div>
        )}
        {event?.seriesId && (
          <ScopeChoice
            legend={intl.formatMessage(messages.editSeriesScope)}
            value={scope}
            onChange={setScope}
            name="edit-scope"
          />
        )}
        <FormMessage />
        <div className="flex justify-end">
          <FormSubmit
            disabled={uploadProgress !== null}
            pendingLabel={intl.formatMessage(event ? messages.saving : messages.publishing)}
          >
            {intl.formatMessage(event ? messages.save : messages.publish)}
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
  const intl = useIntl();
  const [locating, setLocating] = useState(false);
  const [positionProblem, setPositionProblem] = useState<string | null>(null);
  const locate = () => {
    if (!("geolocation" in navigator)) {
      setPositionProblem(intl.formatMessage(messages.positionUnavailable));
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
        setPositionProblem(intl.formatMessage(messages.positionUnavailable));
      },
      { timeout: 10_000 },
    );
  };
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium">{intl.formatMessage(messages.place)}</legend>
      {businesses.length > 0 && (
        <FormField
          name="placeKind"
          id="event-place-kind"
          label={intl.formatMessage(messages.where)}
          labelClassName="sr-only"
        >
          {(field) => (
            <NativeSelect {...field}>
              <option value="business">{intl.formatMessage(messages.placeBusiness)}</option>
              <option value="address">{intl.formatMessage(messages.placeAddress)}</option>
            </NativeSelect>
          )}
        </FormField>
      )}
      {placeKind === "business" && businesses.length > 0 ? (
        <FormField name="businessId" id="event-business" label={intl.formatMessage(messages.business)}>
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
            <FormField name="place.name" id="event-place-name" label={intl.formatMessage(messages.placeName)}>
              {(field) => <Input {...field} />}
            </FormField>
            <FormField name="place.address" id="event-place-address" label={intl.formatMessage(messages.address)}>
              {(field) => <Input autoComplete="street-address" {...field} />}
            </FormField>
          </div>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <FormField name="place.latitude" id="event-latitude" label={intl.formatMessage(messages.latitude)}>
              {(field) => <Input inputMode="decimal" {...field} />}
            </FormField>
            <FormField name="place.longitude" id="event-longitude" label={intl.formatMessage(messages.longitude)}>
              {(field) => <Input inputMode="decimal" {...field} />}
            </FormField>
            <Button
              type="button"
              variant="outline"
              className="col-span-2 sm:col-span-1"
              onClick={locate}
              disabled={locating}
            >
              <LocateFixed aria-hidden /> {intl.formatMessage(messages.useMyPosition)}
            </Button>
          </div>
          {positionProblem && <p className="text-sm text-amber-800">{positionProblem}</p>}
        </>
      )}
    </fieldset>
  );
}
