import { type ComponentProps, lazy, Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";

/** The map chunk is fetched the first time a map is shown (the landing and home bundles stay without Leaflet). */
const MapViews = {
  MarkersMap: lazy(() => import("./map-views").then((module) => ({ default: module.MarkersMap }))),
  PinMap: lazy(() => import("./map-views").then((module) => ({ default: module.PinMap }))),
};

export type { MapArea, MapMarker, MapPoint } from "./map-views";

type MarkersMapProps = ComponentProps<typeof MapViews.MarkersMap>;
type PinMapProps = ComponentProps<typeof MapViews.PinMap>;

function MapSkeleton({ className }: { className?: string }) {
  return <Skeleton className={cn("rounded-lg", className)} />;
}

export function MarkersMap(props: MarkersMapProps) {
  return (
    <Suspense fallback={<MapSkeleton className={props.className} />}>
      <MapViews.MarkersMap {...props} />
    </Suspense>
  );
}

export function PinMap(props: PinMapProps) {
  return (
    <Suspense fallback={<MapSkeleton className={props.className} />}>
      <MapViews.PinMap {...props} />
    </Suspense>
  );
}
