import "leaflet/dist/leaflet.css";
import "./map.css";
import * as L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { defineMessages } from "react-intl";
import Supercluster from "supercluster";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useAppIntl } from "@/lib/use-app-intl";
import { useMapTiles } from "./map-config";

/**
 * The map chunk (Leaflet + supercluster), loaded only where a map is shown (lazy-maps.tsx), so the landing and
 * home bundles do not carry it. Markers are HTML (divIcon), so they and the picker work on a plain background
 * when the tile server is unreachable.
 */

// The same words as the contracts' MAP_TEXTS.
const messages = defineMessages<{
  searchThisArea: Record<string, never>;
  discoverMapLabel: Record<string, never>;
  cluster: { count: number };
}>({
  searchThisArea: { id: "shell.map.search-this-area", defaultMessage: "Search this area" },
  discoverMapLabel: { id: "shell.map.discover-label", defaultMessage: "Map of the businesses in this list" },
  cluster: { id: "shell.map.cluster", defaultMessage: "{count} places" },
});

export interface MapPoint {
  latitude: number;
  longitude: number;
}

export interface MapMarker extends MapPoint {
  id: string;
  label: string;
  /** Where a click on the marker's popup link goes. */
  href?: string;
}

/** The circle a map view covers: its centre and the distance to a corner (miles). */
export interface MapArea extends MapPoint {
  radiusMiles: number;
}

const METERS_PER_MILE = 1_609.344;
const WORLD_VIEW: [L.LatLngExpression, number] = [[20, 0], 2];

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );
}

const pinIcon = (label: string) =>
  L.divIcon({
    className: "",
    html: `<span class="plaza-pin" role="img" aria-label="${escapeHtml(label)}"></span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 28],
    popupAnchor: [0, -26],
  });

const clusterIcon = (count: number, label: string) =>
  L.divIcon({
    className: "",
    html: `<span class="plaza-cluster" role="img" aria-label="${escapeHtml(label)}">${count}</span>`,
    iconSize: [36, 36],
    iconAnchor: [18, 18],
  });

/** A Leaflet map in `container` with the configured tiles and plain-text attribution. */
function useLeafletMap(tiles: { tileUrl: string; attribution: string } | null) {
  const containerRef = useRef<HTMLElement | null>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const created = L.map(container, { zoomControl: true, attributionControl: true }).setView(...WORLD_VIEW);
    created.attributionControl.setPrefix(false);
    // A map opened in a dialog or a hidden column gets its size late: redraw whenever the box changes.
    const resize = new ResizeObserver(() => created.invalidateSize({ pan: false }));
    resize.observe(container);
    setMap(created);
    return () => {
      resize.disconnect();
      created.remove();
      setMap(null);
    };
  }, []);
  useEffect(() => {
    if (!map || !tiles) return;
    const layer = L.tileLayer(tiles.tileUrl, { attribution: escapeHtml(tiles.attribution), maxZoom: 19 }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, tiles]);
  return { containerRef, map };
}

/** Markers of a list, clustered (supercluster), with "Search this area" once the viewer moved the map. */
export function MarkersMap(props: {
  markers: MapMarker[];
  onSearchArea?: (area: MapArea) => void;
  className?: string;
}) {
  const intl = useAppIntl();
  const tiles = useMapTiles();
  const { containerRef, map } = useLeafletMap(tiles);
  const [hasMoved, setHasMoved] = useState(false);
  const isFitting = useRef(false);
  const { markers } = props;

  // Fit the view to the markers whenever the list changes (a new search keeps its own view), and again when the
  // map gets its size (a map first rendered hidden, behind the phone's List/Map switch, has none).
  const markerKey = markers.map((marker) => marker.id).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit when the set of markers changes, not on every render
  useEffect(() => {
    if (!map || markers.length === 0 || hasMoved) return;
    const fit = () => {
      const size = map.getSize();
      if (size.x === 0 || size.y === 0) return;
      isFitting.current = true;
      const bounds = L.latLngBounds(markers.map((marker) => [marker.latitude, marker.longitude] as L.LatLngTuple));
      map.fitBounds(bounds, { padding: [32, 32], maxZoom: 15, animate: false });
      isFitting.current = false;
    };
    fit();
    map.on("resize", fit);
    return () => {
      map.off("resize", fit);
    };
  }, [map, markerKey, hasMoved]);

  useEffect(() => {
    if (!map) return;
    const moved = () => {
      if (!isFitting.current) setHasMoved(true);
    };
    map.on("dragend", moved);
    map.on("zoomstart", moved);
    return () => {
      map.off("dragend", moved);
      map.off("zoomstart", moved);
    };
  }, [map]);

  useEffect(() => {
    if (!map) return;
    // Supercluster measures its radius against the tile extent: with Leaflet's 256 px tiles, an extent of 256 makes
    // it screen pixels. Markers closer than 48 px join a cluster, so no two 36 px markers overlap (each keeps the
    // touch target a finger needs, WCAG 2.5.8).
    const index = new Supercluster<{ marker: MapMarker }>({ radius: 48, extent: 256, maxZoom: 18 });
    index.load(
      markers.map((marker) => ({
        type: "Feature",
        properties: { marker },
        geometry: { type: "Point", coordinates: [marker.longitude, marker.latitude] },
      })),
    );
    const layer = L.layerGroup().addTo(map);
    const render = () => {
      layer.clearLayers();
      const bounds = map.getBounds();
      const box: [number, number, number, number] = [
        Math.max(-180, bounds.getWest()),
        Math.max(-85, bounds.getSouth()),
        Math.min(180, bounds.getEast()),
        Math.min(85, bounds.getNorth()),
      ];
      for (const feature of index.getClusters(box, Math.round(map.getZoom()))) {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties as {
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
          marker?: MapMarker;
        };
        if (properties.cluster && properties.cluster_id !== undefined) {
          const clusterId = properties.cluster_id;
          L.marker([latitude, longitude], {
            icon: clusterIcon(
              properties.point_count ?? 0,
              intl.formatMessage(messages.cluster, { count: properties.point_count ?? 0 }),
            ),
            keyboard: true,
          })
            .on("click", () =>
              map.setView([latitude, longitude], Math.min(index.getClusterExpansionZoom(clusterId), 18)),
            )
            .addTo(layer);
        } else if (properties.marker) {
          const { marker } = properties;
          const popup = marker.href
            ? `<a href="${escapeHtml(marker.href)}" dir="auto" class="font-semibold underline">${escapeHtml(marker.label)}</a>`
            : `<span dir="auto">${escapeHtml(marker.label)}</span>`;
          L.marker([latitude, longitude], { icon: pinIcon(marker.label), title: marker.label, keyboard: true })
            .bindPopup(popup)
            .addTo(layer);
        }
      }
    };
    render();
    map.on("moveend", render);
    return () => {
      map.off("moveend", render);
      layer.remove();
    };
  }, [map, markers, intl]);

  const searchArea = () => {
    if (!map || !props.onSearchArea) return;
    const centre = map.getCenter().wrap();
    const corner = map.getBounds().getNorthEast();
    const radiusMiles = Math.min(500, Math.max(0.1, map.distance(centre, corner) / METERS_PER_MILE));
    setHasMoved(false);
    props.onSearchArea({
      latitude: Number(centre.lat.toFixed(6)),
      longitude: Number(centre.lng.toFixed(6)),
      radiusMiles: Number(radiusMiles.toFixed(2)),
    });
  };

  return (
    <div className={cn("relative isolate overflow-hidden rounded-lg border bg-gray-100", props.className)}>
      <section
        ref={containerRef}
        // Leaflet lays out its controls and panes left to right: the map stays so in a right-to-left page.
        dir="ltr"
        className="h-full w-full"
        data-testid="markers-map"
        aria-label={intl.formatMessage(messages.discoverMapLabel)}
      />
      {props.onSearchArea && hasMoved && (
        <div className="pointer-events-none absolute inset-x-0 top-2 z-[1000] flex justify-center">
          <Button type="button" size="sm" className="pointer-events-auto shadow" onClick={searchArea}>
            {intl.formatMessage(messages.searchThisArea)}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * One place on a map. With `onChange` it is a picker: a click on the map puts the pin there, and the pin can be
 * dragged (keyboard users keep the coordinate fields and "Use current location").
 */
export function PinMap(props: {
  value: MapPoint | null;
  onChange?: (point: MapPoint) => void;
  label: string;
  className?: string;
  zoom?: number;
}) {
  const tiles = useMapTiles();
  const { containerRef, map } = useLeafletMap(tiles);
  const markerRef = useRef<L.Marker | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const isPicker = props.onChange !== undefined;
  const { value, label, zoom = 15 } = props;

  useEffect(() => {
    if (!map || !isPicker) return;
    const pick = (event: L.LeafletMouseEvent) => {
      const point = event.latlng.wrap();
      onChange.current?.({ latitude: Number(point.lat.toFixed(6)), longitude: Number(point.lng.toFixed(6)) });
    };
    map.on("click", pick);
    return () => {
      map.off("click", pick);
    };
  }, [map, isPicker]);

  useEffect(() => {
    if (!map) return;
    if (!value) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const position: L.LatLngTuple = [value.latitude, value.longitude];
    if (!markerRef.current) {
      const marker = L.marker(position, { icon: pinIcon(label), draggable: isPicker, title: label, keyboard: false });
      marker.on("dragend", () => {
        const point = marker.getLatLng().wrap();
        onChange.current?.({ latitude: Number(point.lat.toFixed(6)), longitude: Number(point.lng.toFixed(6)) });
      });
      markerRef.current = marker.addTo(map);
      map.setView(position, Math.max(map.getZoom(), zoom), { animate: false });
    } else {
      markerRef.current.setLatLng(position);
      if (!map.getBounds().contains(position)) map.panTo(position, { animate: false });
    }
  }, [map, value, label, isPicker, zoom]);

  return (
    <div className={cn("isolate overflow-hidden rounded-lg border bg-gray-100", props.className)}>
      <section
        ref={containerRef}
        dir="ltr"
        className={cn("h-full w-full", isPicker && "cursor-crosshair")}
        data-testid={isPicker ? "location-picker-map" : "pin-map"}
        aria-label={label}
      />
    </div>
  );
}
