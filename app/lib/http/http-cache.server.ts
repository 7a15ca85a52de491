/**
 * Answers for machines (feeds, the open-data API): a strong ETag over the body, 304 for a matching
 * If-None-Match, a short public Cache-Control and, for public data, CORS for GET from any origin.
 */
import crypto from "node:crypto";

export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "If-None-Match, Accept",
  "Access-Control-Expose-Headers": "ETag, Link, Retry-After",
  "Access-Control-Max-Age": "86400",
} as const;

/**
 * Open311 (/open311/v2) also takes POSTs from any origin: a request there is authenticated by its api_key and
 * never by a cookie (a browser sends no credentials with `Allow-Origin: *`), so another site gains nothing.
 */
export const OPEN311_CORS_HEADERS = {
  ...CORS_HEADERS,
  "Access-Control-Allow-Methods": "GET, HEAD, POST, OPTIONS",
  "Access-Control-Allow-Headers": "If-None-Match, Accept, Accept-Language, Content-Type",
} as const;

function etagOf(body: string): string {
  return `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** True when an If-None-Match header (a list, or *) matches the ETag. */
function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export function cacheableResponse(
  request: Request,
  body: string,
  contentType: string,
  options: { maxAge?: number; cors?: boolean | Record<string, string>; headers?: Record<string, string> } = {},
): Response {
  const etag = etagOf(body);
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": `public, max-age=${options.maxAge ?? 60}`,
    ETag: etag,
    Vary: "Accept-Encoding",
    ...(options.cors === true ? CORS_HEADERS : (options.cors ?? {})),
    ...(options.headers ?? {}),
  });
  if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : body, { status: 200, headers });
}

type Req = { method: string; path: string };
type Res = { status(n: number): Res; set(headers: Record<string, string>): Res; end(): void };

const PREFLIGHTS: readonly (readonly [string, Record<string, string>])[] = [
  ["/api/v1/", CORS_HEADERS],
  ["/feeds/", CORS_HEADERS],
  ["/open311/v2/", OPEN311_CORS_HEADERS],
];

/**
 * Express middleware: CORS preflight (OPTIONS) for the public machine-readable paths (the open-data API, the
 * feeds and Open311). React Router does not route OPTIONS to a loader, so it is answered here.
 */
export function corsPreflightMiddleware(rules = PREFLIGHTS) {
  return (req: Req, res: Res, next: () => void) => {
    const rule = req.method === "OPTIONS" ? rules.find(([prefix]) => req.path.startsWith(prefix)) : undefined;
    if (rule) {
      res
        .status(204)
        .set({ ...rule[1] })
        .end();
      return;
    }
    next();
  };
}
