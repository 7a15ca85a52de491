/**
 * A small map showing one place (a report's exact pin for its moderator; a merchant's place), with the
 * accuracy circle when the place came from a phone's location. Read-only: nothing on it needs the keyboard,
 * and the place is always written out beside it.
 */
import { useEffect, useRef } from "react";
import type { MapTiles } from "~/lib/geo/tiles";
import { useTranslation } from "~/lib/i18n/react";
import { markerIcon } from "./icons";
import { MapFrame } from "./map-frame";
import { useLeafletMap } from "./use-leaflet-map";

const ZOOM = 17;
const MAX_CIRCLE_M = 2000;

export function PinMap({
  lat,
  lng,
  accuracy = null,
  tiles,
  label,
  height = "h-56",
}: {
  lat: number;
  lng: number;
  accuracy?: number | null;
  tiles: MapTiles;
  label: string;
  height?: string;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLElement>(null);
  const leaflet = useLeafletMap(container, { lat, lng, zoom: ZOOM }, tiles);
  const { L, map } = leaflet;
  const name = t("map.pin");

  useEffect(() => {
    if (!L || !map) return;
    const marker = L.marker([lat, lng], { icon: markerIcon(L, "pin", name), keyboard: false, interactive: false });
    marker.addTo(map);
    const circle =
      accuracy && accuracy <= MAX_CIRCLE_M
        ? L.circle([lat, lng], { radius: accuracy, color: "#0e6b4c", weight: 1, fillOpacity: 0.1, interactive: false })
        : null;
    circle?.addTo(map);
    map.setView([lat, lng], map.getZoom());
    return () => {
      marker.remove();
      circle?.remove();
    };
  }, [L, map, lat, lng, accuracy, name]);

  return (
    <MapFrame
      containerRef={container}
      label={label}
      attribution={tiles.attribution}
      status={leaflet.status}
      tilesFailed={leaflet.tilesFailed}
      height={height}
    />
  );
}
