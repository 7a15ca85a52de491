/**
 * Leaflet and its styles: imported only by `import()` inside an effect (use-leaflet-map.ts), so only pages that
 * show a map download it, after they are on screen, and the server never runs it.
 */
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./map.css";

export default L;

/** Marker clustering (leaflet.markercluster extends the global L that Leaflet's own bundle sets). */
export async function loadClusters(): Promise<typeof L> {
  await import("leaflet.markercluster");
  await import("leaflet.markercluster/dist/MarkerCluster.css");
  return L;
}
