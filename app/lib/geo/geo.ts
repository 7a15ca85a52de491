/**
 * Places: coordinates as the product stores, checks and shows them. Shared by the report form, the merchant
 * profile, the maps, the open-data API (GeoJSON) and Open311. Plain functions, safe on server and client.
 */
import type { ReportType } from "@db/schema/enums";

/** A point in WGS 84 degrees. */
export type LatLng = { lat: number; lng: number };

/**
 * Reports about people (a theft, a police check) are shown to the public rounded to a grid of about 100 m, so a
 * pin cannot point at a house; every other type (a pole down, an outage) is shown where the reporter put it.
 * Moderators always see the exact place.
 */
export const ROUNDED_REPORT_TYPES: readonly ReportType[] = ["theft", "police_check"];

/** About 100 m: 0.001° of latitude is 111 m; 0.0015° of longitude is 105 m at Belgium's 51° N. */
const LAT_STEP = 0.001;
const LNG_STEP = 0.0015;

const snap = (value: number, step: number) => Number((Math.round(value / step) * step).toFixed(6));

/** The place the public sees for a report of this type (null when the report has none). */
export function publicReportPlace(
  type: string,
  lat: number | null | undefined,
  lng: number | null | undefined,
): (LatLng & { rounded: boolean }) | null {
  if (lat == null || lng == null) return null;
  if ((ROUNDED_REPORT_TYPES as readonly string[]).includes(type)) {
    return { lat: snap(lat, LAT_STEP), lng: snap(lng, LNG_STEP), rounded: true };
  }
  return { lat, lng, rounded: false };
}

/** A latitude or longitude typed or sent as text: a finite number within range, else null. */
export function parseCoordinate(raw: unknown, kind: "lat" | "lng"): number | null {
  if (typeof raw === "number") return inRange(raw, kind) ? raw : null;
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  if (!/^[-+]?\d{1,3}(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return inRange(value, kind) ? value : null;
}

function inRange(value: number, kind: "lat" | "lng") {
  return Number.isFinite(value) && Math.abs(value) <= (kind === "lat" ? 90 : 180);
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * How far from a municipality's centre a pin may be and still belong to it. Belgian municipalities are at most
 * about 15 km across; 25 km leaves room for a centre that is not in the middle. A pin further away is refused
 * with a message (it is almost always a slip of the finger or a stale location), never stored.
 */
export const MAX_KM_FROM_CENTRE = 25;

/** Where a municipality's maps open when it has no centre of its own: the middle of Belgium. */
export const DEFAULT_CENTRE: LatLng & { zoom: number } = { lat: 50.64, lng: 4.67, zoom: 8 };

/** A route to a pinned place on OpenStreetMap (no key, any phone); the start is left to the reader. */
export function routeToUrl(to: LatLng): string {
  return `https://www.openstreetmap.org/directions?route=%3B${to.lat.toFixed(6)}%2C${to.lng.toFixed(6)}`;
}

/** A search for an address on OpenStreetMap (no key, works for every visitor). */
export function addressSearchUrl(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

/**
 * Where a merchant's "Get directions" leads: a route to its pin when it set one on the map, else a search for
 * its address as typed, else nowhere (null: the button is shown disabled or left out).
 */
export function directionsUrl(place: {
  latitude: number | null;
  longitude: number | null;
  address: string | null;
}): string | null {
  if (place.latitude != null && place.longitude != null)
    return routeToUrl({ lat: place.latitude, lng: place.longitude });
  const address = place.address?.trim();
  return address ? addressSearchUrl(address) : null;
}
