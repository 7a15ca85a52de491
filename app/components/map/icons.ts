/**
 * Marker icons as inline SVG in L.divIcon (no image files, so no broken image paths after bundling). Each
 * marker's accessible name is text inside it (visually hidden): a focused marker is a button named by it.
 */
import type * as Leaflet from "leaflet";

type L = typeof Leaflet;

const DROP =
  '<svg viewBox="0 0 24 32" aria-hidden="true" focusable="false"><path fill="currentColor" stroke="#fff" stroke-width="1.5" d="M12 1C6.2 1 1.5 5.6 1.5 11.3 1.5 19 12 31 12 31s10.5-12 10.5-19.7C22.5 5.6 17.8 1 12 1z"/><circle cx="12" cy="11.2" r="4" fill="#fff"/></svg>';
const RING =
  '<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><circle cx="16" cy="16" r="13" fill="currentColor" fill-opacity=".22" stroke="currentColor" stroke-width="3"/><circle cx="16" cy="16" r="3.5" fill="currentColor"/></svg>';

/** Escapes text for the icon's HTML (names come from translations and the reporters' own words). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type MarkerKind = "pin" | "urgent" | "info" | "approx";

/** A drop for an exact place (the pin, a report), a ring for a rounded one; `name` is what a screen reader says. */
export function markerIcon(L: L, kind: MarkerKind, name: string): Leaflet.DivIcon {
  const ring = kind === "approx";
  return L.divIcon({
    className: `map-marker map-marker--${kind}`,
    html: `${ring ? RING : DROP}<span class="map-sr-only">${escapeHtml(name)}</span>`,
    iconSize: ring ? [32, 32] : [30, 40],
    iconAnchor: ring ? [16, 16] : [15, 40],
    popupAnchor: ring ? [0, -14] : [0, -36],
  });
}

/** A cluster: the count, and for a screen reader what it is and what opening it does. */
export function clusterIcon(L: L, count: number, name: string): Leaflet.DivIcon {
  const size = count < 10 ? 36 : count < 100 ? 42 : 50;
  return L.divIcon({
    className: "map-cluster",
    html: `<span aria-hidden="true">${count}</span><span class="map-sr-only">${escapeHtml(name)}</span>`,
    iconSize: [size, size],
  });
}
