import { defineMessages } from "react-intl";
import { cn } from "@/lib/cn";
import { useAppIntl } from "@/lib/use-app-intl";
import { type MapPoint, PinMap } from "./lazy-maps";

// The same words as the contracts' MAP_TEXTS.
const messages = defineMessages({
  label: { id: "shell.map.picker-label", defaultMessage: "Location on the map" },
  hint: { id: "shell.map.picker-hint", defaultMessage: "Click the map or drag the pin to set the place." },
});

/**
 * A map to set a place by clicking it or dragging its pin (forms keep their coordinate fields and "Use current
 * location" beside it). `onChange` gets the new point; the form fills its place fields from it.
 */
export function LocationPicker(props: {
  value: MapPoint | null;
  onChange: (point: MapPoint) => void;
  className?: string;
}) {
  const intl = useAppIntl();
  return (
    <div className="space-y-1">
      <PinMap
        value={props.value}
        onChange={props.onChange}
        label={intl.formatMessage(messages.label)}
        className={cn("h-48 w-full sm:h-56", props.className)}
      />
      <p className="text-xs text-gray-500">{intl.formatMessage(messages.hint)}</p>
    </div>
  );
}
