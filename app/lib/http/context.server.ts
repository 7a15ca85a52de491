/**
 * The per-request context given to every loader and action: who is asking (resolved once per request,
 * lazily), the language, a translation function, the CSP nonce and the client address.
 */
import crypto from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { type Actor, SESSION_COOKIE_PREFIX, actorFromHeaders } from "~/lib/auth/auth.server";
import { shortCache } from "~/lib/cache/cache.server";
import type { Locale } from "~/lib/i18n";
import { detectLocale, serverT } from "~/lib/i18n/locale.server";
import type { TFunction } from "~/lib/i18n/translator";
import { log } from "~/lib/log.server";

type AppContext = {
  requestId: string;
  nonce: string;
  locale: Locale;
  /** The language was chosen in this request (?lng=, the language selector), not only detected. */
  localeChosen: boolean;
  t: TFunction;
  ip: string;
  getActor(): Promise<Actor | null>;
};

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}

export function headersFrom(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else headers.set(k, v);
  }
  return headers;
}

type ContextInput = {
  url: string;
  headers: Headers;
  ip: string;
  nonce?: string;
  requestId?: string;
  /** The session lookup already begun for this request (by the page cache), if any. */
  actor?: Promise<Actor | null>;
};

/**
 * Who a session cookie belongs to, kept a few seconds (cache.server.ts) so a signed-in page does not spend
 * round trips on the session for every request. Every write request (sign-out, password change, role change,
 * deletion) empties it; another app instance's changes are seen within CACHE_TTL. Unknown sessions are not
 * kept.
 */
const actors = shortCache<Actor | null>({ max: 5000 });

function cachedActor(headers: Headers): Promise<Actor | null> {
  const cookie = headers.get("cookie");
  if (!cookie?.includes(`${SESSION_COOKIE_PREFIX}.`)) return Promise.resolve(null);
  return actors.get(
    cookie,
    () => actorFromHeaders(headers).then((a) => (a ? Object.freeze(a) : null)),
    (a) => a !== null,
  );
}

/** The session's owner for the page cache (page-cache.server.ts): the same cached lookup the loaders use. */
export function sessionActor(raw: IncomingHttpHeaders): Promise<Actor | null> {
  return cachedActor(headersFrom(raw));
}

export function createAppContext(input: ContextInput): AppContext {
  const request = new Request(input.url, { headers: input.headers });
  const { locale, fromQuery } = detectLocale(request);
  let actor: Promise<Actor | null> | undefined;
  return {
    requestId: input.requestId ?? crypto.randomUUID(),
    nonce: input.nonce ?? crypto.randomBytes(16).toString("base64"),
    locale,
    localeChosen: fromQuery,
    t: serverT(locale),
    ip: input.ip,
    getActor() {
      actor ??= (input.actor ?? cachedActor(input.headers)).catch((err) => {
        // docs/product.md: a failed role lookup is logged and the user is treated as unknown.
        log("error", "session lookup failed", { err });
        return null;
      });
      return actor;
    },
  };
}
