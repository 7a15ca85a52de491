/* The service worker (served as /sw.js). The build writes it from this file (vite.config.ts, `serviceWorker`),
 * filling in the list of the build's files to precache and a version made from their hash.
 *
 * What it does, and what it never does:
 * - The build's files (scripts, styles, translations, icons) and the offline page in three languages are
 *   cached at install, so a page that was open keeps working and a visited page hydrates offline.
 * - Pages are always asked from the network first. Only the pages the server marks `X-Offline: keep` (a
 *   municipality home, My vouchers, each voucher opened) are kept, the last of each kind, to be shown offline with a
 *   "saved on ..." notice. Nothing else a page contains is stored. A guest's kept pages are public pages.
 * - Signing out and deleting the account drop every kept page (what a signed-in page showed is personal).
 * - A new version waits until no page of the old one is open (no skipWaiting), so an open page never loses the
 *   files it was built with; the old version's caches are deleted when the new one takes over.
 */
/* eslint-disable no-restricted-globals */
const VERSION = "__BUILD_VERSION__";
const PRECACHE = `precache-${VERSION}`;
const PAGES = "pages-v1";
const META = "meta-v1";
const LANGS = ["en", "nl", "fr"];
const manifest = __PRECACHE_MANIFEST__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(PRECACHE).then((cache) => cache.addAll([...manifest, ...LANGS.map((l) => `/offline?lng=${l}`)])),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("precache-") && k !== PRECACHE).map((k) => caches.delete(k))),
      ),
  );
});

/** The pages' language, told by the page (the offline page is shown in it). */
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "lang" && LANGS.includes(data.lang)) {
    event.waitUntil(caches.open(META).then((c) => c.put("/__lang", new Response(data.lang))));
  }
  if (data.type === "forget") event.waitUntil(caches.delete(PAGES));
});

async function preferredLang() {
  const hit = await caches.open(META).then((c) => c.match("/__lang"));
  const lang = hit ? await hit.text() : (self.navigator.language || "en").slice(0, 2);
  return LANGS.includes(lang) ? lang : "en";
}

/** Keeps a page marked `X-Offline: keep` (the last one of its kind), with the time it was saved. */
async function keep(request, response) {
  const kind = response.headers.get("X-Offline-Kind") || "page";
  const cache = await caches.open(PAGES);
  // "each": every page of that sort is kept (a resident's vouchers); otherwise only the last one of its kind.
  for (const old of kind === "each" ? [] : await cache.keys()) {
    const hit = await cache.match(old);
    if (hit && hit.headers.get("X-Offline-Kind") === kind) await cache.delete(old);
  }
  const headers = new Headers(response.headers);
  headers.set("X-Saved-At", new Date().toISOString());
  const url = new URL(request.url);
  await cache.put(url.origin + url.pathname, new Response(await response.blob(), { status: 200, headers }));
}

/** A kept page, with the time it was saved in a meta element the page shows as a notice. */
async function saved(request) {
  const hit = await caches.open(PAGES).then((c) => c.match(request.url, { ignoreSearch: true }));
  if (!hit) return null;
  const savedAt = hit.headers.get("X-Saved-At") || "";
  const html = (await hit.text()).replace("<head>", `<head><meta name="saved-at" content="${savedAt}">`);
  return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/**
 * The offline page. Any other address is sent there by a redirect: the page's scripts must run at the address
 * they were rendered for, or the router would take it for the page of that address.
 */
async function offlinePage(request) {
  const url = new URL(request.url);
  const lang = LANGS.includes(url.searchParams.get("lng")) ? url.searchParams.get("lng") : await preferredLang();
  if (url.pathname !== "/offline") return Response.redirect(`/offline?lng=${lang}`, 302);
  return (
    (await caches.match(`/offline?lng=${lang}`, { cacheName: PRECACHE })) ||
    new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } })
  );
}

async function navigate(event) {
  const { request } = event;
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected && response.headers.get("X-Offline") === "keep") {
      event.waitUntil(keep(request, response.clone()));
    }
    return response;
  } catch {
    return (await saved(request)) || offlinePage(request);
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Signing out (a form post or React Router's `.data` post) and an erased account drop every kept page.
  if (/^\/(logout|account-deleted)(\.data)?$/.test(url.pathname)) {
    event.waitUntil(caches.delete(PAGES));
    if (request.method !== "GET" || request.mode !== "navigate") return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
    return;
  }
  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/")) {
    event.respondWith(caches.match(request, { cacheName: PRECACHE }).then((hit) => hit || fetch(request)));
  }
});

/** An urgent report pushed by the server (notification module, push.jobs.server.ts): shown as a notification. */
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    return;
  }
  if (!message.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body || "",
      tag: message.tag,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: message.url || "/" },
    }),
  );
});

/** Opening the notification opens the report's page. */
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil(self.clients.openWindow(url));
});
