/**
 * docs/product.md client-side language detection, after hydration: query string, cookie, local storage, session
 * storage, browser languages, html tag; the result is cached in local storage. The server already rendered
 * with ?lng, the cookie or Accept-Language, so this only moves the page when the browser remembers another
 * choice (then the page is re-requested with ?lng so server and client agree).
 */
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { LOCALE_COOKIE, LOCALE_STORAGE_KEY, type Locale, cookieValue, matchLocale } from "~/lib/i18n";

function storage(kind: "localStorage" | "sessionStorage"): string | null {
  try {
    return window[kind].getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The first supported language found, in docs/product.md order. */
function detectBrowserLocale(search: string): Locale | null {
  const candidates: (() => string | readonly string[] | null | undefined)[] = [
    () => new URLSearchParams(search).get("lng"),
    () => cookieValue(document.cookie, LOCALE_COOKIE),
    () => storage("localStorage"),
    () => storage("sessionStorage"),
    () => navigator.languages ?? [navigator.language],
    () => document.documentElement.lang,
  ];
  for (const read of candidates) {
    const found = read();
    for (const tag of Array.isArray(found) ? found : [found]) {
      const locale = matchLocale(tag as string | null | undefined);
      if (locale) return locale;
    }
  }
  return null;
}

export function LanguageSync({ locale }: { locale: Locale }) {
  const location = useLocation();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load and language
  useEffect(() => {
    // In a task of its own after hydration (storage reads can take a while on a phone).
    const id = window.setTimeout(() => {
      const detected = detectBrowserLocale(location.search);
      const params = new URLSearchParams(location.search);
      if (detected && detected !== locale && !params.has("lng")) {
        params.set("lng", detected);
        navigate(`${location.pathname}?${params.toString()}${location.hash}`, {
          replace: true,
          preventScrollReset: true,
        });
        return;
      }
      try {
        localStorage.setItem(LOCALE_STORAGE_KEY, locale);
      } catch {}
    }, 0);
    return () => window.clearTimeout(id);
  }, [locale]);
  return null;
}
