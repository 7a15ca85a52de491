/**
 * The authorization matrix: for every route of app/routes.ts, and each of guest, user, merchant A,
 * merchant B and admin, what a document GET, a `.data` GET and a POST to the action may do. A route
 * without a row fails the test, and so does any access beyond the table.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { type APIRequestContext, expect, request as pwRequest, test } from "./fixtures";
import routes from "../../app/routes";
import { DEMO } from "./helpers";

type Actor = "guest" | "user" | "merchantA" | "merchantB" | "admin";
const ACTORS: Actor[] = ["guest", "user", "merchantA", "merchantB", "admin"];
const CREDENTIALS: Record<Exclude<Actor, "guest">, { email: string; password: string }> = {
  user: DEMO.user,
  merchantA: DEMO.merchant,
  merchantB: { email: "brasserie.demarkt@demo.buurtplatform.be", password: "Demo-Neighbour-2026!" },
  admin: DEMO.admin,
};

/** ok: 200 with content; login: sent to /login; home: sent to /; notfound: the 404 page or a redirect to /404;
 * none: the route answers no GET (405). */
type Get = "ok" | "login" | "home" | "notfound" | "none";
/** denied-login / denied-home: refused before the action runs; handled: the action answered with a 4xx
 * (validation, not found, method not allowed) — never a 2xx change and never a 5xx; none: no action (405). */
type Post = "login" | "home" | "handled" | "none" | "redirect-ok" | "skip";

type Row = { url: string; get: Get | Record<Actor, Get>; post: Post | Record<Actor, Post> };

const everyone = <T>(v: T): Record<Actor, T> => ({ guest: v, user: v, merchantA: v, merchantB: v, admin: v });
const signedIn = <T>(guest: T, other: T): Record<Actor, T> => ({ ...everyone(other), guest });
const merchantOnly = (): Record<Actor, Get> => ({
  guest: "login",
  user: "home",
  merchantA: "ok",
  merchantB: "ok",
  admin: "home",
});
const merchantOnlyPost = (): Record<Actor, Post> => ({
  guest: "login",
  user: "home",
  merchantA: "handled",
  merchantB: "handled",
  admin: "home",
});
const adminOnly = (): Record<Actor, Get> => ({
  guest: "login",
  user: "home",
  merchantA: "home",
  merchantB: "home",
  admin: "ok",
});
const adminOnlyPost = (): Record<Actor, Post> => ({
  guest: "login",
  user: "home",
  merchantA: "home",
  merchantB: "home",
  admin: "handled",
});

/** One row per route id (the file name unless the route sets an id). */
const MATRIX: Record<string, Row> = {
  "routes/api/healthz": { url: "/healthz", get: "ok", post: "none" },
  "routes/account/logout": { url: "/logout", get: "home", post: "redirect-ok" },
  // Feeds and the open-data API are public and read-only; the mail preview exists in development only.
  "routes/api/feed": { url: "/feeds/hasselt/promotions.atom", get: "ok", post: "none" },
  "routes/api/v1": { url: "/api/v1/municipalities", get: "ok", post: "none" },
  // Open311 GeoReport v2: public reads for everyone; a POST is authenticated by its api_key alone, so whoever is
  // signed in, a post without a key is refused (403) and the session never counts (tests/e2e/open311.spec.ts).
  "routes/api/open311": { url: "/open311/v2/requests.json", get: "ok", post: "handled" },
  // The installed app's manifest and the offline page are public and hold nothing personal.
  "routes/api/manifest": { url: "/manifest.webmanifest", get: "ok", post: "none" },
  "routes/site/offline": { url: "/offline", get: "ok", post: "none" },
  // A resident's push devices: signed in only; a subscription that is not valid is a 400.
  "routes/account/push": { url: "/profile/push", get: signedIn("login", "ok"), post: signedIn("login", "handled") },
  "routes/api/dev-mail": { url: "/dev/mail", get: "notfound", post: "none" },
  // The view and click beacon takes POST only; a malformed beacon is a 400 for everyone.
  "routes/api/beacon": { url: "/api/beacon", get: "none", post: "handled" },
  // Reviews: POST only; a guest is sent to sign in, a signed-in account's action answers (a review of an unknown
  // merchant is a 404). Who may answer, edit or moderate is the review module's policy (integration tests).
  "routes/api/reviews": { url: "/reviews/no-such-merchant", get: "none", post: signedIn("login", "handled") },
  // Uploads take a signed-in user's multipart body (a guest's is refused with 401, a form is a 400);
  // an image address that names nothing is a 404 for everyone (pending report photos: tests/e2e/media.spec.ts).
  "routes/api/media-upload": { url: "/media/upload", get: "notfound", post: "handled" },
  "routes/api/media": { url: `/media/${"0".repeat(32)}-640.webp`, get: "notfound", post: "none" },
  // A layout's URL is one of its children's: its POST is the child's action, checked in the child's row.
  "routes/site/layout": { url: "/about-us", get: "ok", post: "skip" },
  "routes/site/landing": { url: "/", get: "ok", post: "none" },
  "routes/site/promotions": { url: "/promotions/hasselt", get: "ok", post: "none" },
  "routes/site/promotion-detail": {
    url: "/promotions/hasselt/00000000-0000-4000-8000-000000000000",
    get: "notfound",
    post: "none",
  },
  "routes/site/events": { url: "/events/hasselt", get: "ok", post: "none" },
  // Registering for an event (and cancelling) is the action: a guest is sent to sign in; signed in, an unknown
  // event is a 404 and a non-resident's registration a 400 (tests/integration/events-attendance.test.ts).
  "routes/site/event-detail": {
    url: "/events/hasselt/00000000-0000-4000-8000-000000000000",
    get: "notfound",
    post: signedIn("login", "handled"),
  },
  "routes/site/reports": { url: "/reports/hasselt", get: "ok", post: "none" },
  "routes/site/report-new": {
    url: "/report/hasselt",
    get: signedIn("login", "ok"),
    post: signedIn("login", "handled"),
  },
  "routes/site/merchants": { url: "/merchants", get: "ok", post: "none" },
  "routes/site/merchant-detail": { url: "/merchants/no-such-merchant", get: "notfound", post: "none" },
  "routes/site/about": { url: "/about-us", get: "ok", post: "none" },
  "routes/site/contact": { url: "/contact", get: "ok", post: "handled" },
  "routes/site/privacy": { url: "/privacy-policy", get: "ok", post: "none" },
  "routes/site/terms": { url: "/terms-of-service", get: "ok", post: "none" },
  // Signed in, the login and register pages send you home (after their action answered).
  "routes/account/login": { url: "/login", get: signedIn("ok", "home"), post: signedIn("handled", "home") },
  "routes/account/register": { url: "/register", get: signedIn("ok", "home"), post: signedIn("handled", "home") },
  "routes/account/profile": { url: "/profile", get: signedIn("login", "ok"), post: signedIn("login", "handled") },
  // A data export is downloaded by its subject (or the admin who asked for it); anyone else, and an
  // unknown id, get a 404. The page after deleting one's account is public. No actions.
  "routes/account/export-download": {
    url: "/profile/export/00000000-0000-4000-8000-000000000000/json",
    get: signedIn("login", "notfound"),
    post: "none",
  },
  "routes/account/account-deleted": { url: "/account-deleted", get: "ok", post: "none" },
  "routes/account/forgot-password": { url: "/forgot-password", get: "ok", post: "handled" },
  "routes/account/reset-password": { url: "/reset-password", get: "ok", post: "handled" },
  // Without a token the page is the signed-in user's own (a guest is sent to sign in); a signed-in POST without
  // a token is an invalid link (400). The link itself (?token=) works for anyone: tests/e2e/residents-day.spec.ts.
  "routes/account/verify-email": {
    url: "/verify-email",
    get: signedIn("login", "ok"),
    post: signedIn("login", "handled"),
  },
  "routes/account/my-reports": { url: "/my-reports", get: signedIn("login", "ok"), post: "none" },
  // Favourites are the signed-in account's own: the list, and the heart's toggle and the sign-in merge (POST).
  "routes/account/my-favourites": {
    url: "/my-favourites",
    get: signedIn("login", "ok"),
    post: signedIn("login", "handled"),
  },
  // Vouchers: My vouchers lists the signed-in person's own (its POST claims one: no promotion named is a 404, and
  // only residents claim, so a merchant's or admin's claim is a 403); a voucher page is its owner's only (404).
  "routes/account/my-vouchers": {
    url: "/my-vouchers",
    get: signedIn("login", "ok"),
    post: signedIn("login", "handled"),
  },
  "routes/account/voucher": {
    url: "/my-vouchers/00000000-0000-4000-8000-000000000000",
    get: signedIn("login", "notfound"),
    post: "none",
  },
  "routes/account/alerts": {
    url: "/alerts/hasselt",
    get: signedIn("login", "ok"),
    post: signedIn("login", "handled"),
  },
  "routes/site/newsletter": { url: "/newsletter", get: "ok", post: "handled" },
  "routes/site/newsletter-confirm": { url: "/newsletter/confirm", get: "ok", post: "handled" },
  // Without a valid token the action refuses (400); signed in or not makes no difference.
  "routes/site/unsubscribe": { url: "/unsubscribe", get: "ok", post: "handled" },
  "not-found": { url: "/404", get: "notfound", post: "none" },
  "routes/site/municipality": { url: "/hasselt", get: "ok", post: "none" },
  "catch-all": { url: "/a/b/c", get: "notfound", post: "none" },
  "routes/merchant/layout": { url: "/merchant/promotions", get: merchantOnly(), post: "skip" },
  "routes/merchant/index": { url: "/merchant", get: signedIn("login", "home"), post: "none" },
  "routes/merchant/dashboard": {
    url: "/merchant/dashboard",
    // The dashboard also admits admins, but an admin has no merchant record: to /.
    get: merchantOnly(),
    post: "none",
  },
  "routes/merchant/promotions": { url: "/merchant/promotions", get: merchantOnly(), post: merchantOnlyPost() },
  "routes/merchant/events": { url: "/merchant/events", get: merchantOnly(), post: merchantOnlyPost() },
  "routes/merchant/profile": { url: "/merchant/profile", get: merchantOnly(), post: merchantOnlyPost() },
  // Redeeming a voucher at the counter: merchants only; a posted code that is not one of theirs is a 400.
  "routes/merchant/redeem": { url: "/merchant/redeem", get: merchantOnly(), post: merchantOnlyPost() },
  "routes/admin/layout": { url: "/admin/users", get: adminOnly(), post: "skip" },
  // The pickers' JSON search, admin only; it has no action (405 for everyone).
  "routes/admin/lookup": { url: "/admin/lookup/users", get: adminOnly(), post: "none" },
  // Marking a report resolved takes POST only; an administrator's post without a report id is a 4xx.
  "routes/admin/report-resolve": { url: "/admin/reports/resolve", get: "none", post: adminOnlyPost() },
  "routes/admin/index": { url: "/admin", get: signedIn("login", "home"), post: "none" },
  // A user's privacy requests (export, delete on request); an unknown user is a 404 for the admin.
  "routes/admin/user-privacy": {
    url: "/admin/users/00000000-0000-4000-8000-000000000000/privacy",
    get: { ...adminOnly(), admin: "notfound" },
    post: adminOnlyPost(),
  },
  // A report opened in full for moderation; an unknown report is a 404 for the admin.
  "routes/admin/report-detail": {
    url: "/admin/reports/00000000-0000-4000-8000-000000000000",
    get: { ...adminOnly(), admin: "notfound" },
    post: adminOnlyPost(),
  },
  ...Object.fromEntries(
    [
      "dashboard",
      "users",
      "merchants",
      "promotions",
      "events",
      "logs",
      "subscriptions",
      "features",
      "municipalities",
      "reports",
      "reviews",
      "settings",
      "open311",
      "system",
    ].map((name) => [
      `routes/admin/${name}`,
      {
        url: `/admin/${name}`,
        get: adminOnly(),
        post:
          name === "dashboard" || name === "logs" || name === "system"
            ? ({ ...adminOnlyPost(), admin: "none" } as Record<Actor, Post>)
            : adminOnlyPost(),
      },
    ]),
  ),
};

// The merchant and admin index routes send the roles they admit on to the dashboard ("ok" here).
MATRIX["routes/merchant/index"].get = { guest: "login", user: "home", merchantA: "ok", merchantB: "ok", admin: "ok" };
MATRIX["routes/admin/index"].get = adminOnly();

function routeIds(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) => [
    e.id ?? e.file.replace(/^routes\//, "routes/").replace(/\.tsx?$/, ""),
    ...routeIds(e.children ?? []),
  ]);
}

const at = <T>(v: T | Record<Actor, T>, actor: Actor): T =>
  typeof v === "object" && v !== null ? (v as Record<Actor, T>)[actor] : (v as T);

test("every route has a row in the matrix", () => {
  const ids = routeIds(routes as RouteConfigEntry[]);
  const missing = ids.filter((id) => !MATRIX[id]);
  expect(missing, "routes without a row in the authorization matrix").toEqual([]);
  const stale = Object.keys(MATRIX).filter((id) => !ids.includes(id));
  expect(stale, "rows for routes that no longer exist").toEqual([]);
});

async function contextFor(actor: Actor, baseURL: string): Promise<APIRequestContext> {
  const ctx = await pwRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL).origin } });
  if (actor !== "guest") {
    const res = await ctx.post("/login", { form: CREDENTIALS[actor], maxRedirects: 0 });
    expect(res.status(), `sign-in of ${actor}`).toBe(302);
  }
  return ctx;
}

function classifyLocation(location: string): Get | "other" {
  const path = location.replace(/^https?:\/\/[^/]+/, "");
  if (path.startsWith("/login")) return "login";
  if (path === "/") return "home";
  if (path === "/404") return "notfound";
  return "other";
}

for (const actor of ACTORS) {
  test(`access of ${actor}`, async ({ baseURL }) => {
    test.setTimeout(120_000);
    const ctx = await contextFor(actor, baseURL as string);
    const failures: string[] = [];
    for (const [id, row] of Object.entries(MATRIX)) {
      const expected = at(row.get, actor);
      // Document request.
      const doc = await ctx.get(row.url, { maxRedirects: 0 });
      let got: string;
      if (doc.status() >= 300 && doc.status() < 400) {
        got = classifyLocation(doc.headers().location ?? "");
        // /merchant and /admin send the right role on to the dashboard.
        if (got === "other" && expected === "ok") got = "ok";
      } else if (doc.status() === 404) got = "notfound";
      else if (doc.status() === 405) got = "none";
      else if (doc.status() === 200) got = "ok";
      else got = `status ${doc.status()}`;
      if (got !== expected) failures.push(`GET ${row.url} (${id}) as ${actor}: expected ${expected}, got ${got}`);

      // Data request (what client navigation uses).
      if (!row.url.startsWith("/healthz") && !row.url.startsWith("/logout")) {
        const dataUrl = `${row.url === "/" ? "/_root" : row.url}.data`;
        const res = await ctx.get(dataUrl, { maxRedirects: 0 });
        const body = await res.text();
        const redirect = /"SingleFetchRedirect"[\s\S]*?"redirect","([^"]+)"/.exec(body)?.[1];
        let gotData: string;
        if (redirect) gotData = classifyLocation(redirect);
        else if (res.status() === 404) gotData = "notfound";
        else if (res.status() === 405) gotData = "none";
        else if (res.status() === 200) gotData = "ok";
        else gotData = `status ${res.status()}`;
        if (gotData === "other" && expected === "ok") gotData = "ok";
        if (gotData !== expected)
          failures.push(`GET ${dataUrl} (${id}) as ${actor}: expected ${expected}, got ${gotData}`);
      }

      // Action.
      const expectedPost = at(row.post, actor);
      if (id === "routes/account/logout" || expectedPost === "skip") continue;
      const post = await ctx.post(row.url, {
        form: { intent: "delete", id: "00000000-0000-4000-8000-000000000000" },
        maxRedirects: 0,
      });
      const s = post.status();
      let gotPost: string;
      if (s >= 300 && s < 400) {
        const where = classifyLocation(post.headers().location ?? "");
        gotPost = where === "login" ? "login" : where === "home" ? "home" : "redirect-ok";
      } else if (s === 405) gotPost = "none";
      else if (s >= 400 && s < 500) gotPost = "handled";
      else gotPost = `status ${s}`;
      if (gotPost !== expectedPost)
        failures.push(`POST ${row.url} (${id}) as ${actor}: expected ${expectedPost}, got ${gotPost}`);
    }
    await ctx.dispose();
    expect(failures).toEqual([]);
  });
}

/**
 * The live stream is an Express route in front of React Router (app/server/live-stream.server.ts),
 * not in app/routes.ts: its row is here. Everyone may read a municipality's stream (approved reports are sent
 * to signed-in readers only); nothing can be posted to it.
 */
const LIVE_MATRIX = { get: everyone("stream"), unknownMunicipality: everyone(404), post: everyone("refused") };

test("access to the live stream (/live/:municipality)", async ({ baseURL }) => {
  test.setTimeout(120_000);
  const failures: string[] = [];
  for (const actor of ACTORS) {
    let cookie = "";
    if (actor !== "guest") {
      const ctx = await contextFor(actor, baseURL as string);
      cookie = (await ctx.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      await ctx.dispose();
    }
    const abort = new AbortController();
    const res = await fetch(`${baseURL}/live/hasselt`, { headers: { Cookie: cookie }, signal: abort.signal });
    const stream =
      res.status === 200 &&
      (res.headers.get("content-type") ?? "").startsWith("text/event-stream") &&
      /no-store/.test(res.headers.get("cache-control") ?? "");
    abort.abort();
    if ((stream ? "stream" : `status ${res.status}`) !== LIVE_MATRIX.get[actor])
      failures.push(`GET /live/hasselt as ${actor}: expected a stream, got ${res.status}`);
    const unknown = await fetch(`${baseURL}/live/no-such-town`, { headers: { Cookie: cookie } });
    if (unknown.status !== LIVE_MATRIX.unknownMunicipality[actor])
      failures.push(`GET /live/no-such-town as ${actor}: got ${unknown.status}`);
    const post = await fetch(`${baseURL}/live/hasselt`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: baseURL as string, "Content-Type": "application/x-www-form-urlencoded" },
      body: "x=1",
      redirect: "manual",
    });
    const refused = post.status >= 400 && post.status < 500 ? "refused" : `status ${post.status}`;
    if (refused !== LIVE_MATRIX.post[actor]) failures.push(`POST /live/hasselt as ${actor}: got ${post.status}`);
  }
  const bad = await fetch(`${baseURL}/live/hasselt`, { headers: { "Last-Event-ID": "not-a-number" } });
  if (bad.status !== 400) failures.push(`a malformed Last-Event-ID: expected 400, got ${bad.status}`);
  expect(failures).toEqual([]);
});

test("the auth library's own HTTP endpoints (sign-up, role and user changes) are not exposed", async ({
  request,
  baseURL,
}) => {
  for (const path of [
    "/api/auth/sign-up/email",
    "/api/auth/sign-in/email",
    "/api/auth/update-user",
    "/api/auth/admin/set-role",
    "/api/auth/reset-password",
  ]) {
    const res = await request.post(path, {
      data: { email: "x@example.test", password: "Long-enough-1", name: "X", role: "admin" },
      headers: { Origin: new URL(baseURL as string).origin },
      maxRedirects: 0,
    });
    expect([404, 405], path).toContain(res.status());
  }
});
