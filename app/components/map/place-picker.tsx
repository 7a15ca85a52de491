/**
 * An optional place on a map for a form (a report; a merchant's profile): a pin put by tapping or clicking the
 * map and moved by dragging it, by keyboard (pan the map with the arrow keys, then "Put the pin in the middle of
 * the map"), or from "Use my location" (accuracy kept); "Remove the pin" takes it away. Hidden inputs latitude,
 * longitude and accuracy carry it; the line under the map says where the pin is, so the person sees it before
 * sending. Without JavaScript the form simply sends no pin.
 */
import type * as Leaflet from "leaflet";
import { useEffect, useId, useRef, useState } from "react";
import type { LatLng } from "~/lib/geo/geo";
import type { MapTiles, MapView } from "~/lib/geo/tiles";
import { useTranslation } from "~/lib/i18n/react";
import type { TFunction } from "~/lib/i18n/translator";
import { markerIcon } from "./icons";
import { MapFrame } from "./map-frame";
import { type GeoState, useGeolocation } from "./use-geolocation";
import { type LeafletMapState, useLeafletMap } from "./use-leaflet-map";

type Pin = LatLng & { accuracy: number | null };

/** The zoom a pin is shown at once it is set from the person's location or given. */
const PIN_ZOOM = 17;
/** An accuracy circle is drawn up to this radius (metres); a wider one would only cover the town. */
const MAX_CIRCLE_M = 2000;

/** Keeps the pin marker (and the accuracy circle) on the map in step with `pin`; a click or a drag moves it. */
function usePinMarker(leaflet: LeafletMapState, pin: Pin | null, onMove: (to: LatLng) => void, name: string) {
  const marker = useRef<Leaflet.Marker | null>(null);
  const circle = useRef<Leaflet.Circle | null>(null);
  const moveRef = useRef(onMove);
  moveRef.current = onMove;

  const L = leaflet.L;
  const map = leaflet.map;

  useEffect(() => {
    if (!map) return;
    const click = (e: Leaflet.LeafletMouseEvent) => moveRef.current(e.latlng.wrap());
    map.on("click", click);
    return () => {
      map.off("click", click);
    };
  }, [map]);

  useEffect(() => {
    if (!L || !map) return;
    circle.current?.remove();
    circle.current = null;
    if (!pin) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (marker.current) marker.current.setLatLng([pin.lat, pin.lng]);
    else {
      // Not focusable: the buttons under the map are the keyboard's way to set and remove it.
      marker.current = L.marker([pin.lat, pin.lng], {
        draggable: true,
        keyboard: false,
        autoPan: true,
        icon: markerIcon(L, "pin", name),
      })
        .on("dragend", (e) => moveRef.current((e.target as Leaflet.Marker).getLatLng().wrap()))
        .addTo(map);
    }
    if (pin.accuracy && pin.accuracy <= MAX_CIRCLE_M) {
      circle.current = L.circle([pin.lat, pin.lng], {
        radius: pin.accuracy,
        color: "#0e6b4c",
        weight: 1,
        fillOpacity: 0.1,
        interactive: false,
      }).addTo(map);
    }
  }, [L, map, pin, name]);
}

function geoMessage(t: TFunction, state: GeoState): string {
  switch (state.step) {
    case "idle":
      return "";
    case "found":
      return state.accuracy === null
        ? t("map.geo.found")
        : t("map.geo.foundAccuracy", { metres: String(Math.round(state.accuracy)) });
    default:
      return t(`map.geo.${state.step}`);
  }
}

const coordinate = (n: number) => n.toFixed(5);

export function PlacePicker({
  legend,
  view,
  tiles,
  defaultValue = null,
  error,
  fallbackHint,
  mapLabel,
}: {
  legend: string;
  /** Where the map opens (the town's centre and zoom); a given pin is shown close up instead. */
  view: MapView;
  tiles: MapTiles;
  defaultValue?: Pin | null;
  /** The server's message about the place, translated. */
  error?: string | null;
  /** What else the person can do when their location is not available ("describe the place below"). */
  fallbackHint?: string;
  mapLabel: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const container = useRef<HTMLElement>(null);
  const middleRef = useRef<HTMLButtonElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [pin, setPin] = useState<Pin | null>(defaultValue);
  const start = defaultValue ? { lat: defaultValue.lat, lng: defaultValue.lng, zoom: PIN_ZOOM } : view;
  const leaflet = useLeafletMap(container, start, tiles);
  const geo = useGeolocation();
  usePinMarker(leaflet, pin, (to) => setPin({ lat: to.lat, lng: to.lng, accuracy: null }), t("map.pin"));

  useEffect(() => setHydrated(true), []);
  // The person's location becomes the pin, with its accuracy, and the map goes there.
  useEffect(() => {
    if (geo.state.step !== "found") return;
    const { lat, lng, accuracy } = geo.state;
    setPin({ lat, lng, accuracy });
    leaflet.map?.setView([lat, lng], Math.max(leaflet.map.getZoom(), PIN_ZOOM));
  }, [geo.state, leaflet.map]);
  // A form reset (after a successful submit) takes the pin away.
  useEffect(() => {
    const form = rootRef.current?.form;
    if (!form) return;
    const onReset = () => {
      setPin(null);
      geo.reset();
    };
    form.addEventListener("reset", onReset);
    return () => form.removeEventListener("reset", onReset);
  }, [geo.reset]);

  const putInMiddle = () => {
    if (!leaflet.map) return;
    const c = leaflet.map.getCenter().wrap();
    setPin({ lat: c.lat, lng: c.lng, accuracy: null });
    geo.reset();
  };
  const remove = () => {
    setPin(null);
    geo.reset();
    middleRef.current?.focus();
  };
  const failedGeo = ["denied", "unavailable", "timeout", "unsupported"].includes(geo.state.step);
  const errorId = `${id}-error`;

  return (
    <fieldset ref={rootRef} aria-describedby={error ? `${id}-hint ${errorId}` : `${id}-hint`}>
      <legend className="label">{legend}</legend>
      <p id={`${id}-hint`} className="mb-2 text-xs text-slate-600">
        {t("map.pickHint")}
      </p>
      <MapFrame
        containerRef={container}
        label={mapLabel}
        attribution={tiles.attribution}
        status={leaflet.status}
        tilesFailed={leaflet.tilesFailed}
        height="h-64 sm:h-80"
      >
        {leaflet.status === "ready" && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-1/2 z-[500] -translate-x-1/2 -translate-y-1/2 text-2xl leading-none font-light text-slate-900"
          >
            +
          </span>
        )}
      </MapFrame>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          ref={middleRef}
          type="button"
          className="btn-secondary"
          onClick={putInMiddle}
          disabled={leaflet.status !== "ready"}
        >
          {t("map.pinMiddle")}
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={geo.locate}
          disabled={!hydrated || geo.state.step === "locating"}
        >
          {t("map.useLocation")}
        </button>
        {pin && (
          <button type="button" className="btn-ghost text-red-700 hover:bg-red-50" onClick={remove}>
            {t("map.removePin")}
          </button>
        )}
      </div>
      <p role="status" className="mt-2 text-sm text-slate-800" data-testid="pin-status">
        {pin
          ? t(pin.accuracy ? "map.pinAtAccuracy" : "map.pinAt", {
              lat: coordinate(pin.lat),
              lng: coordinate(pin.lng),
              metres: String(Math.round(pin.accuracy ?? 0)),
            })
          : t("map.noPin")}
      </p>
      <p aria-live="polite" className={`text-sm empty:hidden ${failedGeo ? "mt-1 text-amber-800" : "text-slate-700"}`}>
        {geoMessage(t, geo.state)}
        {failedGeo && fallbackHint ? ` ${fallbackHint}` : ""}
      </p>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      <input type="hidden" name="latitude" value={pin ? pin.lat.toFixed(6) : ""} />
      <input type="hidden" name="longitude" value={pin ? pin.lng.toFixed(6) : ""} />
      <input type="hidden" name="accuracy" value={pin?.accuracy != null ? String(Math.round(pin.accuracy)) : ""} />
    </fieldset>
  );
}
