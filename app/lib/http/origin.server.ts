/**
 * The site's own origin, the hosts it answers to, and the one origin check every state-changing request
 * passes: page actions, `.data` submissions and resource routes (logout, beacons, anything added later) alike,
 * in the HTTP layer before any route runs. React Router's own check on actions stays behind it.
 *
 * DNS rebinding: a web page can re-point its own name at 127.0.0.1 and then talk to this server as itself
 * (its Host and Origin are its own name). So the site answers only requests addressed to its own name:
 * PUBLIC_URL's host, or a loopback name (localhost, 127.0.0.1, [::1]...), which no other site's page can
 * claim. Without PUBLIC_URL (a developer's machine, the demo) that means loopback names only.
 *
 * Absolute URLs (Open Graph images, links in emails, feeds) come from `PUBLIC_URL`, never from request
 * headers: a forged Host or X-Forwarded-Host cannot end up in a cached page.
 */
import { env } from "~/lib/env.server";
import { isLoopbackHost } from "./net";

/** PUBLIC_URL, or http://localhost:PORT when it is not set. No trailing slash. */
export function publicOrigin(): string {
  const e = env();
  return new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin;
}

/** An absolute URL on this site for a path (or an absolute URL, returned as it is when it is http(s)). */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, `${publicOrigin()}/`).href;
}

/** `absoluteUrl` of an optional address (a picture a row may not have): null stays null. */
export function absoluteUrlOrNull(pathOrUrl: string | null | undefined): string | null {
  return pathOrUrl ? absoluteUrl(pathOrUrl) : null;
}

export function trustedOrigins(): string[] {
  const extra = env().TRUSTED_ORIGINS?.split(",") ?? [];
  const out = new Set([publicOrigin()]);
  for (const o of extra) {
    try {
      if (o.trim()) out.add(new URL(o.trim()).origin);
    } catch {
      /* validated at start; an unparsable entry is ignored */
    }
  }
  return [...out];
}

const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** A Host header that is a plain host[:port], or null. */
function cleanHost(host: string | undefined): string | null {
  return host && HOST_HEADER.test(host) ? host.toLowerCase() : null;
}

/** The name part of a clean Host header ("[::1]:3000" → "[::1]"), or null. */
function hostName(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/** The host name of PUBLIC_URL, or null without one. */
function publicHostName(): string | null {
  const url = env().PUBLIC_URL;
  return url ? new URL(url).hostname.toLowerCase() : null;
}

/**
 * May the site answer a request addressed to this Host? Its own name (PUBLIC_URL's host, any port) or a
 * loopback name (any port) only. A request without a Host (HTTP/1.0, a health probe) was not sent by a
 * browser, which always names the host, so it passes.
 */
export function hostAllowed(hostHeader: string | undefined): boolean {
  if (hostHeader === undefined || hostHeader === "") return true;
  const host = cleanHost(hostHeader);
  const name = host && hostName(host);
  if (!name) return false;
  if (isLoopbackHost(name)) return true;
  return name === publicHostName();
}

type OriginVerdict = { ok: true } | { ok: false; reason: string };

/**
 * May a state-changing request with these headers run?
 * - With an Origin header, it must be this site's (PUBLIC_URL), a TRUSTED_ORIGINS entry, or, while
 *   PUBLIC_URL is not set (a developer's machine), the loopback host the request was sent to: never a name
 *   that another site's page could have pointed at this machine.
 * - Without one (older browsers on same-origin posts, scripts, curl): a browser that says the request is
 *   cross-site (Sec-Fetch-Site) is refused; anything else carries no ambient credentials from another site.
 */
export function checkOrigin(headers: { origin?: string; host?: string; "sec-fetch-site"?: string }): OriginVerdict {
  const origin = headers.origin;
  if (origin === undefined || origin === "") {
    const site = headers["sec-fetch-site"];
    if (site === "cross-site" || site === "same-site") return { ok: false, reason: `sec-fetch-site ${site}` };
    return { ok: true };
  }
  let parsed: URL;
  try {
    if (origin === "null") return { ok: false, reason: "opaque origin" };
    parsed = new URL(origin);
  } catch {
    return { ok: false, reason: "malformed origin" };
  }
  if (trustedOrigins().includes(parsed.origin)) return { ok: true };
  if (!env().PUBLIC_URL) {
    const host = cleanHost(headers.host);
    if (
      host &&
      parsed.host === host &&
      isLoopbackHost(parsed.hostname) &&
      (parsed.protocol === "http:" || parsed.protocol === "https:")
    ) {
      return { ok: true };
    }
  }
  return { ok: false, reason: "foreign origin" };
}

/** The origin React Router sees as the request's: PUBLIC_URL, or (unset) the Host the request came to. */
export function requestOrigin(hostHeader: string | undefined): string {
  if (env().PUBLIC_URL) return publicOrigin();
  const host = cleanHost(hostHeader);
  return host ? `http://${host}` : publicOrigin();
}
