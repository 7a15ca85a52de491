/**
 * The Content-Security-Policy header. Scripts only from this site or with the request's nonce; images also
 * from the configured map tile host (named on its own so the maps keep working should `https:` ever be
 * narrowed; connections, frames and everything else stay this site's). The header is built once per tile
 * host and only the nonce is put in per request; a new tile host (admin settings) builds it again.
 */
import type { NextFunction, Request, Response } from "express";

type Options = {
  /** Behind TLS: ask browsers to upgrade any http:// sub-resource. */
  secureTransport: boolean;
  /** The image source of the map tiles (`https://tile.openstreetmap.org`), from the settings' short cache. */
  tileSource: () => Promise<string>;
};

/** The policy around the nonce: `before` + nonce + `after`. */
function cspParts(tileSource: string, secureTransport: boolean): [string, string] {
  const before = "default-src 'self';script-src 'self' 'nonce-";
  const after = [
    "'",
    "style-src 'self' 'unsafe-inline'",
    // data: and blob: for the image field's preview of a chosen file; https: for pictures linked from other sites.
    `img-src 'self' data: blob: https:${tileSource ? ` ${tileSource}` : ""}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(secureTransport ? ["upgrade-insecure-requests"] : []),
  ].join(";");
  return [before, after];
}

/** Express middleware setting the header (the nonce is res.locals.cspNonce, set by the request log). */
export function contentSecurityPolicy(options: Options) {
  let cached: { source: string; parts: [string, string] } | undefined;
  return async (_req: Request, res: Response, next: NextFunction) => {
    const source = await options.tileSource().catch(() => cached?.source ?? "");
    if (cached?.source !== source) cached = { source, parts: cspParts(source, options.secureTransport) };
    const [before, after] = cached.parts;
    res.setHeader("Content-Security-Policy", `${before}${res.locals.cspNonce}${after}`);
    next();
  };
}
