/**
 * Map tiles: the address template, its key and the credit line the admin settings hold. Plain functions, safe
 * on server and client: the settings form validates with them, the server fills the key in before a page gets
 * the template, the content security policy admits the template's host for images, and the map shows the credit.
 */
import { DEFAULT_CENTRE } from "./geo";

/** OpenStreetMap's own tiles: free for light use with their credit line (their tile usage policy). */
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
/** The credit line: plain text where `[words](https://…)` becomes a link. */
export const DEFAULT_ATTRIBUTION = "© [OpenStreetMap contributors](https://www.openstreetmap.org/copyright)";

export const TILE_URL_MAX = 500;
export const ATTRIBUTION_MAX = 300;

/** The placeholders Leaflet fills in a tile address, and ours: {key}, the tile provider's key from the settings. */
const PLACEHOLDERS = new Set(["s", "z", "x", "y", "r", "key"]);
const REQUIRED = ["{z}", "{x}", "{y}"];

/** What a tile page gets: the template with its key filled in, and the credit line. */
export type MapTiles = { url: string; attribution: string };

/** A map's starting view: a municipality's centre and zoom (or the default). */
export type MapView = { lat: number; lng: number; zoom: number };

/**
 * Why a tile address template cannot be used (a translation key of the admin namespace), or null when it can:
 * https only, {z}, {x} and {y} present, no other placeholder than {s}, {r} and {key}, {s} only as the first part
 * of the host name (a.tile…, b.tile…), no user name or password in it.
 */
export function tileTemplateError(template: string): string | null {
  const placeholders = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  if (placeholders.some((p) => !PLACEHOLDERS.has(p)) || /[{}]/.test(template.replace(/\{[^{}]*\}/g, ""))) {
    return "admin:settings.tileUrlPlaceholder";
  }
  if (!REQUIRED.every((p) => template.includes(p))) return "admin:settings.tileUrlXyz";
  if (!/^https:\/\//i.test(template)) return "admin:settings.tileUrlHttps";
  const hostPart = template.slice("https://".length).split(/[/?#]/, 1)[0];
  if (/\{(?!s\})/.test(hostPart) || (hostPart.includes("{s}") && !hostPart.startsWith("{s}."))) {
    return "admin:settings.tileUrlHost";
  }
  let url: URL;
  try {
    url = new URL(sample(template));
  } catch {
    return "admin:settings.tileUrlInvalid";
  }
  // A plain host name (it goes into the content security policy as it is), no user name or password.
  if (url.username || url.password || !/^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?$/.test(url.host)) {
    return "admin:settings.tileUrlInvalid";
  }
  return null;
}

/** The template with every placeholder given a harmless value, to check it as a URL. */
function sample(template: string): string {
  return template.replace(/\{(s|z|x|y|r|key)\}/g, (_m, p: string) => (p === "s" ? "a" : p === "r" ? "" : "0"));
}

/**
 * The content security policy source that admits the template's tiles: `https://host[:port]`, or
 * `https://*.host` when the template picks a subdomain with {s}. Null for an unusable template.
 */
export function tileImageSource(template: string): string | null {
  if (tileTemplateError(template)) return null;
  const url = new URL(sample(template));
  const anySubdomain = template.slice("https://".length).startsWith("{s}.");
  return `https://${anySubdomain ? `*.${url.host.split(".").slice(1).join(".")}` : url.host}`;
}

/** The tile server's name as people read it ("tile.openstreetmap.org"; "*.tile.example.org" with {s}). */
export function tileHostName(template: string): string {
  return (tileImageSource(template) ?? "").replace(/^https:\/\//, "");
}

/** The template a browser gets: {key} replaced by the key (encoded); the rest left for Leaflet. */
export function tileUrlWithKey(template: string, key: string): string {
  return template.replaceAll("{key}", encodeURIComponent(key));
}

type AttributionPart = { text: string; href?: string };

/** The credit line as text and links: `[words](https://…)` is a link (http or https only), the rest text. */
export function attributionParts(text: string): AttributionPart[] {
  const parts: AttributionPart[] = [];
  let last = 0;
  for (const m of text.matchAll(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ text: m[1], href: m[2] });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Why a credit line cannot be used: a link to anything but an http(s) address. Null when it can. */
export function attributionError(text: string): string | null {
  const withoutLinks = text.replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, "");
  return /\]\(/.test(withoutLinks) ? "admin:settings.attributionLink" : null;
}

/** Where a municipality's maps open: its centre and zoom, or the middle of Belgium when it has none. */
export function mapViewOf(town: {
  centerLat: number | null;
  centerLng: number | null;
  mapZoom: number | null;
}): MapView {
  if (town.centerLat == null || town.centerLng == null) return { ...DEFAULT_CENTRE };
  return { lat: town.centerLat, lng: town.centerLng, zoom: town.mapZoom ?? TOWN_ZOOM };
}

/** A town's zoom when it has a centre but no zoom of its own: the town and its edges. */
const TOWN_ZOOM = 13;
