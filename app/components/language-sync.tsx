/**
 * SPEC §1 client-side language detection, after hydration: query string, cookie, local storage, session
 * storage, browser languages, html tag; the result is cached in local storage. The server already rendered
 * with ?lng, the cookie or Accept-Language, so this only moves the page when the browser remembers another
 * choice (then the page is re-requested with ?lng so server and client agree).
 */
import LanguageDetector from "i18next-browser-languagedetector";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { LOCALE_COOKIE, type Locale, matchLocale } from "~/lib/i18n";

const ORDER = ["querystring", "cookie", "localStorage", "sessionStorage", "navigator", "htmlTag"] as const;

export function LanguageSync({ locale }: { locale: Locale }) {
  const location = useLocation();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load and language
  useEffect(() => {
    const detector = new LanguageDetector(undefined, {
      order: [...ORDER],
      lookupQuerystring: "lng",
      lookupCookie: LOCALE_COOKIE,
      lookupLocalStorage: "i18nextLng",
      lookupSessionStorage: "i18nextLng",
      caches: ["localStorage"],
    });
    let detected: Locale | null = null;
    for (const name of ORDER) {
      const found = detector.detect([name]);
      const first = Array.isArray(found) ? found[0] : found;
      detected = matchLocale(first);
      if (detected) break;
    }
    const params = new URLSearchParams(location.search);
    if (detected && detected !== locale && !params.has("lng")) {
      params.set("lng", detected);
      navigate(`${location.pathname}?${params.toString()}${location.hash}`, {
        replace: true,
        preventScrollReset: true,
      });
      return;
    }
    detector.cacheUserLanguage(locale);
  }, [locale]);
  return null;
}
