import { MAP_TEXTS } from "@plaza/contracts/map.texts";
import { cn } from "@/lib/cn";
import { type MapPoint, PinMap } from "./lazy-maps";

/**
 * A map to set a place by clicking it or dragging its pin (forms keep their coordinate fields and "Use current
 * location" beside it). `onChange` gets the new point; the form fills its place fields from it.
 */
export function LocationPicker(props: {
  value: MapPoint | null;
  onChange: (point: MapPoint) => void;
  className?: string;
}) {
  return (
    <div className="space-y-1">
      <PinMap
        value={props.value}
        onChange={props.onChange}
        label={MAP_TEXTS.pickerLabel}
        className={cn("h-48 w-full sm:h-56", props.className)}
      />
      <p className="text-xs text-gray-500">{MAP_TEXTS.pickerHint}</p>
    </div>
  );
}
