/**
 * The map tiles as pages and the content security policy use them: the admin's template with the maps key filled
 * in (a stored template that no longer passes the checks falls back to OpenStreetMap's), and the image source the
 * policy admits. Read through getSettings' short cache, so a saved change applies within seconds everywhere.
 */
import {
  DEFAULT_ATTRIBUTION,
  DEFAULT_TILE_URL,
  type MapTiles,
  tileImageSource,
  tileTemplateError,
  tileUrlWithKey,
} from "~/lib/geo/tiles";
import { log } from "~/lib/log.server";
import { getSettings } from "./settings.server";

const FALLBACK: MapTiles = { url: DEFAULT_TILE_URL, attribution: DEFAULT_ATTRIBUTION };

/**
 * What a page with a map gets. The key travels to the browser inside the address (each tile request carries it):
 * tile providers' keys are public by nature and are restricted to the site's address at the provider.
 */
export async function mapTiles(): Promise<MapTiles> {
  try {
    const s = await getSettings();
    if (tileTemplateError(s.mapsTileUrl)) return FALLBACK;
    return { url: tileUrlWithKey(s.mapsTileUrl, s.mapsApiKey), attribution: s.mapsAttribution };
  } catch (err) {
    log("warn", "map settings not read; OpenStreetMap's tiles used", { err });
    return FALLBACK;
  }
}

/** The tile host as a content security policy source (`https://tile.openstreetmap.org`). */
export async function tileSource(): Promise<string> {
  const { url } = await mapTiles();
  return tileImageSource(url) ?? (tileImageSource(DEFAULT_TILE_URL) as string);
}
