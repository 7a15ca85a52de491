/** Languages, namespaces and the translator used on both sides. */

export const LOCALES = ["en", "nl", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const NAMESPACES = ["common", "site", "account", "merchant", "admin", "mail"] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** Namespaces the browser never needs (email texts): not fetched by pages. */
export const SERVER_ONLY_NAMESPACES: readonly Namespace[] = ["mail"];
/** The language cookie: read by the server, written by the language switch, the one cookie the page cache allows. */
export const LOCALE_COOKIE = "i18next";
/** Where the browser remembers the chosen language (the name i18next's detector used, so choices carry over). */
export const LOCALE_STORAGE_KEY = "i18nextLng";
/** Intl locale tags: Belgian/Dutch platform. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-GB", nl: "nl-BE", fr: "fr-BE" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Picks a supported locale from a tag such as "nl-BE" or "fr". */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : null;
}

export type Messages = Record<Namespace, Record<string, unknown>>;

/** One cookie's value from a Cookie header (or document.cookie); a malformed value reads as absent. */
export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k !== name) continue;
    try {
      return decodeURIComponent(v.join("="));
    } catch {
      return null;
    }
  }
  return null;
}
