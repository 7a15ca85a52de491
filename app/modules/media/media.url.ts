/**
 * The addresses of uploaded images, shared by the server and the <Picture> component:
 * `/media/<hash>-<width>.<ext>`. The hash names one upload's content and never changes, so every variant is
 * cached for a year. Every upload has each width in MEDIA_WIDTHS and each format (never enlarged: a small
 * original's "1280" variant is the original's own width).
 */
export const MEDIA_WIDTHS = [320, 640, 1280] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];
export const MEDIA_FORMATS = ["avif", "webp", "jpeg"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

const EXT: Record<MediaFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };
export const CONTENT_TYPES: Record<MediaFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

const FILE = /^([0-9a-f]{32})-(\d{2,4})\.(avif|webp|jpg)$/;

/** The file name part of a media address: its hash, width and format, or null. */
export function parseMediaFile(file: string): { hash: string; width: MediaWidth; format: MediaFormat } | null {
  const m = FILE.exec(file);
  if (!m) return null;
  const width = Number(m[2]);
  if (!(MEDIA_WIDTHS as readonly number[]).includes(width)) return null;
  const format = (m[3] === "jpg" ? "jpeg" : m[3]) as MediaFormat;
  return { hash: m[1], width: width as MediaWidth, format };
}

/** The hash of a stored image address (`/media/…`, relative or on this site's origin), or null. */
export function mediaHashOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const path = url.startsWith("/") ? url : null;
  if (!path?.startsWith("/media/")) return null;
  return parseMediaFile(path.slice("/media/".length))?.hash ?? null;
}

const ANY_SPELLING = /^\/media\/([0-9a-f]{32})-\d{2,4}\.(?:avif|webp|jpg)$/;

/**
 * What an image address names once spelled the way a browser resolves it (dot segments, `%2e`, backslashes,
 * percent-escapes, any case, `?…`, `#…`, absolute or protocol-relative): `{ hash }` when it is an upload's
 * address, on this site or any other host; `{ hash: null }` when it is under this site's /media/ but names no
 * upload; null when it is an image elsewhere. `isSiteHost` says which host names are this site's.
 */
export function mediaReference(
  url: string | null | undefined,
  isSiteHost: (hostname: string) => boolean,
): { hash: string | null } | null {
  if (!url) return null;
  const base = "http://relative.invalid/";
  let parsed: URL;
  try {
    parsed = new URL(url.trim(), base);
  } catch {
    return null;
  }
  let path = parsed.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    /* an escape that is not UTF-8 names no upload; the path is judged as written */
  }
  path = path.replace(/\\/g, "/").toLowerCase();
  const upload = ANY_SPELLING.exec(path);
  if (upload) return { hash: upload[1] };
  const onSite = parsed.href.startsWith(base) || isSiteHost(parsed.hostname);
  return onSite && path.startsWith("/media/") ? { hash: null } : null;
}

/**
 * Whether an image is fetched from another site: anything but a path on this site. Loading one tells that
 * site who is looking, and when.
 */
export function isOutsideImage(url: string): boolean {
  return !/^\/(?![/\\])/.test(url);
}

export function mediaUrl(hash: string, width: MediaWidth, format: MediaFormat): string {
  return `/media/${hash}-${width}.${EXT[format]}`;
}

/** What a form stores in image_url for an upload: the largest JPEG, readable by any consumer. */
export function storedMediaUrl(hash: string): string {
  return mediaUrl(hash, 1280, "jpeg");
}

/** A srcset of one format over every width. */
export function mediaSrcSet(hash: string, format: MediaFormat): string {
  return MEDIA_WIDTHS.map((w) => `${mediaUrl(hash, w, format)} ${w}w`).join(", ");
}
