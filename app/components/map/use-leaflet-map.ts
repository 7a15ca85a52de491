/**
 * A Leaflet map in a container, created in the browser only: Leaflet is imported inside the effect, so the
 * server never runs it and pages without a map never download it. The view and the tiles are the page's for
 * its whole life. A tile that fails to load is noted (the page says so; everything else keeps working), and a
 * map that cannot load at all is "failed" (the page's list or form stays the way to do everything).
 */
import type * as Leaflet from "leaflet";
import { type RefObject, useEffect, useRef, useState } from "react";
import type { MapTiles, MapView } from "~/lib/geo/tiles";
import { useTranslation } from "~/lib/i18n/react";

export type LeafletApi = typeof Leaflet;
export type LeafletMapState =
  | { status: "loading" | "failed"; L?: undefined; map?: undefined }
  | { status: "ready"; L: LeafletApi; map: Leaflet.Map };

export function useLeafletMap(
  container: RefObject<HTMLElement | null>,
  view: MapView,
  tiles: MapTiles,
  options: { clusters?: boolean } = {},
): LeafletMapState & { tilesFailed: boolean } {
  const { t } = useTranslation();
  const [state, setState] = useState<LeafletMapState>({ status: "loading" });
  const [tilesFailed, setTilesFailed] = useState(false);
  // Fixed for the page's life: the map is made once.
  const initial = useRef({ view, tiles, clusters: !!options.clusters, t });

  useEffect(() => {
    const { view, tiles, clusters, t } = initial.current;
    let map: Leaflet.Map | undefined;
    let cancelled = false;
    (async () => {
      try {
        const mod = await import("./leaflet.client");
        const L = clusters ? await mod.loadClusters() : mod.default;
        if (cancelled || !container.current) return;
        map = L.map(container.current, {
          center: [view.lat, view.lng],
          zoom: view.zoom,
          attributionControl: false,
          zoomControl: false,
          keyboardPanDelta: 100,
        });
        L.control.zoom({ zoomInTitle: t("map.zoomIn"), zoomOutTitle: t("map.zoomOut") }).addTo(map);
        L.tileLayer(tiles.url, { maxZoom: 19 })
          .on("tileerror", () => setTilesFailed(true))
          .addTo(map);
        // Leaflet's own words are English: the popup's close button gets ours.
        map.on("popupopen", (e) => {
          const close = e.popup.getElement()?.querySelector(".leaflet-popup-close-button");
          close?.setAttribute("aria-label", t("map.closePopup"));
          close?.setAttribute("title", t("map.closePopup"));
        });
        setState({ status: "ready", L, map });
      } catch {
        if (!cancelled) setState({ status: "failed" });
      }
    })();
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [container]);

  return { ...state, tilesFailed };
}
