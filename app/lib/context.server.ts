/**
 * The per-request context given to every loader and action: who is asking (resolved once per request,
 * lazily), the language, a translation function, the CSP nonce and the client address.
 */
import crypto from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { TFunction } from "i18next";
import { type Actor, actorFromHeaders } from "./auth.server";
import type { Locale } from "./i18n";
import { detectLocale, serverT } from "./i18n.server";
import { log } from "./log.server";

export type AppContext = {
  requestId: string;
  nonce: string;
  locale: Locale;
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

export type ContextInput = {
  url: string;
  headers: Headers;
  ip: string;
  nonce?: string;
  requestId?: string;
};

export function createAppContext(input: ContextInput): AppContext {
  const request = new Request(input.url, { headers: input.headers });
  const { locale } = detectLocale(request);
  let actor: Promise<Actor | null> | undefined;
  return {
    requestId: input.requestId ?? crypto.randomUUID(),
    nonce: input.nonce ?? crypto.randomBytes(16).toString("base64"),
    locale,
    t: serverT(locale),
    ip: input.ip,
    getActor() {
      actor ??= actorFromHeaders(input.headers).catch((err) => {
        // SPEC §6: a failed role lookup is logged and the user is treated as unknown.
        log("error", "session lookup failed", { err });
        return null;
      });
      return actor;
    },
  };
}
