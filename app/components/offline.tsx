import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";

const PAGES = "pages-v1";

/**
 * When a page was saved, in the reader's language. Shown only after hydration (never rendered on the server), so
 * the browser's own Intl is enough: the shared formatters live in the public pages' chunk, which the landing page
 * does not load.
 */
const savedTime = (iso: string, lng: string) =>
  new Date(iso).toLocaleString(lng, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Brussels" });

/** The pages this device kept for offline reading (the service worker's page cache), as links. */
export function OfflinePages() {
  const { t, i18n } = useTranslation();
  const [pages, setPages] = useState<{ url: string; savedAt: string; title: string }[] | null>(null);
  useEffect(() => {
    if (!("caches" in window)) return setPages([]);
    (async () => {
      const cache = await caches.open(PAGES);
      const list = [];
      for (const request of await cache.keys()) {
        const hit = await cache.match(request);
        if (!hit) continue;
        const title = /<title>([^<]*)<\/title>/.exec(await hit.text())?.[1] ?? new URL(request.url).pathname;
        const doc = new DOMParser().parseFromString(title, "text/html");
        list.push({
          url: request.url,
          savedAt: hit.headers.get("X-Saved-At") ?? "",
          title: doc.body.textContent ?? "",
        });
      }
      setPages(list);
    })().catch(() => setPages([]));
  }, []);
  if (pages === null) return null;
  if (pages.length === 0) return <p className="text-slate-700">{t("offline.none")}</p>;
  return (
    <ul className="space-y-2">
      {pages.map((p) => (
        <li key={p.url}>
          <a className="font-medium text-brand-700 underline" href={p.url}>
            {p.title}
          </a>{" "}
          {p.savedAt && <span className="text-sm text-slate-700">({savedTime(p.savedAt, i18n.language)})</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * Registers the service worker (production builds only) and tells it the page's language; on a page the
 * service worker served from its store while offline, says so and when it was saved.
 */
export function OfflineSupport() {
  const { t, i18n } = useTranslation();
  const [savedAt, setSavedAt] = useState<string | null>(null);
  useEffect(() => {
    setSavedAt(document.querySelector('meta[name="saved-at"]')?.getAttribute("content") ?? null);
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .register("/sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then((reg) => reg.active?.postMessage({ type: "lang", lang: document.documentElement.lang }))
      .catch(() => {
        /* without a service worker the site works as before, online */
      });
  }, []);
  if (!savedAt) return null;
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
      {t("offline.savedAt", { time: savedTime(savedAt, i18n.language) })}{" "}
      <a className="font-semibold underline" href={location.href}>
        {t("offline.retry")}
      </a>
    </div>
  );
}
