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
  options: { maxAge?: number; cors?: boolean; headers?: Record<string, string> } = {},
): Response {
  const etag = etagOf(body);
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": `public, max-age=${options.maxAge ?? 60}`,
    ETag: etag,
    Vary: "Accept-Encoding",
    ...(options.cors ? CORS_HEADERS : {}),
    ...(options.headers ?? {}),
  });
  if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : body, { status: 200, headers });
}

type Req = { method: string; path: string };
type Res = { status(n: number): Res; set(headers: Record<string, string>): Res; end(): void };

/**
 * Express middleware: CORS preflight (OPTIONS) for the public machine-readable paths (the open-data API and
 * the feeds). React Router does not route OPTIONS to a loader, so it is answered here.
 */
export function corsPreflightMiddleware(prefixes: readonly string[] = ["/api/v1/", "/feeds/"]) {
  return (req: Req, res: Res, next: () => void) => {
    if (req.method === "OPTIONS" && prefixes.some((p) => req.path.startsWith(p))) {
      res
        .status(204)
        .set({ ...CORS_HEADERS })
        .end();
      return;
    }
    next();
  };
}
