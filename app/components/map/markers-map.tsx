/**
 * A map of places (a town's reports; merchants): one marker per place, each a button named for what it is that
 * opens a popup with a link to the same item in the page's list; more than CLUSTER_ABOVE markers are grouped
 * into clusters (leaflet.markercluster) that zoom in when opened. The page's list stays the way to reach every
 * item without the map.
 */
import type * as Leaflet from "leaflet";
import { useEffect, useRef } from "react";
import type { MapTiles, MapView } from "~/lib/geo/tiles";
import { clusterIcon, type MarkerKind, markerIcon } from "./icons";
import { MapFrame } from "./map-frame";
import { type LeafletApi, useLeafletMap } from "./use-leaflet-map";

/** Above this many markers they are clustered; below, each is on the map on its own. */
const CLUSTER_ABOVE = 200;

export type MapMarker = {
  id: string;
  lat: number;
  lng: number;
  kind: MarkerKind;
  /** What a screen reader says for the marker (and the title a mouse shows). */
  name: string;
  popup: { title: string; lines: string[]; link: { href: string; text: string } };
};

function popupContent(marker: MapMarker): HTMLElement {
  const box = document.createElement("div");
  const title = document.createElement("p");
  title.className = "font-semibold";
  title.textContent = marker.popup.title;
  box.append(title);
  for (const line of marker.popup.lines) {
    const p = document.createElement("p");
    p.textContent = line;
    box.append(p);
  }
  const link = document.createElement("a");
  link.className = "map-popup-link";
  link.href = marker.popup.link.href;
  link.textContent = marker.popup.link.text;
  box.append(link);
  return box;
}

/**
 * A marker opened by keyboard (Enter) puts the focus on its popup's link; Escape in the popup closes it and
 * gives the focus back to the marker.
 */
function bindPopup(map: Leaflet.Map, marker: Leaflet.Marker, content: HTMLElement) {
  marker.bindPopup(content);
  marker.on("popupopen", () => {
    const icon = marker.getElement();
    if (icon && document.activeElement === icon) content.querySelector("a")?.focus();
  });
  content.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    e.stopPropagation();
    map.closePopup();
    marker.getElement()?.focus();
  });
}

/**
 * Markers grouped into clusters, each a button named by its count that zooms in when opened (click or Enter).
 * Opened by keyboard, the cluster is gone once the map has zoomed: the focus goes back to the map, from where
 * Tab reaches the markers now shown.
 */
function clusterGroup(L: LeafletApi, map: Leaflet.Map, clusterName: (n: number) => string) {
  const group = L.markerClusterGroup({
    showCoverageOnHover: false,
    iconCreateFunction: (cluster) => clusterIcon(L, cluster.getChildCount(), clusterName(cluster.getChildCount())),
  });
  group.on("clusterkeypress", (e) => {
    if ((e as Leaflet.LeafletKeyboardEvent).originalEvent?.key !== "Enter") return;
    map.once("zoomend", () => map.getContainer().focus({ preventScroll: true }));
  });
  return group;
}

function addMarkers(L: LeafletApi, map: Leaflet.Map, markers: MapMarker[], clusterName: (n: number) => string) {
  const layer: Leaflet.LayerGroup = markers.length > CLUSTER_ABOVE ? clusterGroup(L, map, clusterName) : L.layerGroup();
  for (const m of markers) {
    const marker = L.marker([m.lat, m.lng], { icon: markerIcon(L, m.kind, m.name), title: m.name, keyboard: true });
    bindPopup(map, marker, popupContent(m));
    layer.addLayer(marker);
  }
  layer.addTo(map);
  // The map opens on the town; when some markers lie outside that view, it widens to show them all.
  const bounds = L.latLngBounds(markers.map((m) => [m.lat, m.lng] as [number, number]));
  if (markers.length && !map.getBounds().contains(bounds)) map.fitBounds(bounds.pad(0.1), { maxZoom: map.getZoom() });
  return layer;
}

export function MarkersMap({
  markers,
  view,
  tiles,
  label,
  clusterName,
  describedBy,
}: {
  markers: MapMarker[];
  view: MapView;
  tiles: MapTiles;
  label: string;
  clusterName: (count: number) => string;
  describedBy?: string;
}) {
  const container = useRef<HTMLElement>(null);
  const leaflet = useLeafletMap(container, view, tiles, { clusters: markers.length > CLUSTER_ABOVE });
  const nameRef = useRef(clusterName);
  nameRef.current = clusterName;

  useEffect(() => {
    if (leaflet.status !== "ready") return;
    const layer = addMarkers(leaflet.L, leaflet.map, markers, (n) => nameRef.current(n));
    return () => {
      layer.remove();
    };
  }, [leaflet.status, leaflet.L, leaflet.map, markers]);

  return (
    <MapFrame
      containerRef={container}
      label={label}
      attribution={tiles.attribution}
      status={leaflet.status}
      tilesFailed={leaflet.tilesFailed}
      describedBy={describedBy}
    />
  );
}
