import { CORS_HEADERS, cacheableResponse } from "~/lib/http/http-cache.server";
import { addressSubject, limitWait } from "~/lib/http/rate-limit.server";
import { baseUrl } from "~/lib/auth/auth.server";
import { log } from "~/lib/log.server";
import {
  ApiError,
  GEO_RESOURCES,
  RESOURCES,
  type Resource,
  listResource,
  parseListParams,
} from "~/modules/opendata/index.server";
import { openApiDocument } from "~/modules/opendata";
import type { Route } from "./+types/v1";

/**
 * The open-data API: GET /api/v1/{municipalities|promotions|events|merchants|reports}, the GeoJSON
 * FeatureCollections /api/v1/{reports|merchants}.geojson and /api/v1/openapi.json. JSON answers with an ETag, CORS for GET from any origin, rate-limited per client
 * address (RATE_LIMIT_API). Anything else under /api/v1 is a JSON 404; other methods are 405.
 */
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...CORS_HEADERS, ...headers },
  });
const apiError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message } }, headers);

async function limited(ip: string, requestId: string): Promise<Response | null> {
  const wait = await limitWait("api", [addressSubject(ip)], requestId);
  return wait ? apiError(429, "rate_limited", "Too many requests", { "Retry-After": String(wait) }) : null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const tooMany = await limited(context.ip, context.requestId);
  if (tooMany) return tooMany;
  const url = new URL(request.url);
  const name = params.resource ?? "";
  if (name === "openapi.json") {
    return cacheableResponse(request, JSON.stringify(openApiDocument(baseUrl())), "application/json; charset=utf-8", {
      maxAge: 3600,
      cors: true,
    });
  }
  const geo = name.endsWith(".geojson");
  const resource = name.replace(/\.geojson$/, "") as Resource;
  const known = geo ? (GEO_RESOURCES as readonly string[]) : (RESOURCES as readonly string[]);
  if (!known.includes(resource)) {
    const available = [...RESOURCES, ...GEO_RESOURCES.map((r) => `${r}.geojson`)].join(", ");
    return apiError(404, "not_found", `No such resource. Available: ${available}`);
  }
  try {
    const page = await listResource(resource, { ...parseListParams(url, resource), geo });
    const self = `${baseUrl()}${url.pathname}${url.search}`;
    let next: string | null = null;
    if (page.nextCursor) {
      const nextParams = new URLSearchParams(url.search);
      nextParams.set("cursor", page.nextCursor);
      next = `${baseUrl()}${url.pathname}?${nextParams.toString()}`;
    }
    const links = { self, next };
    // GeoJSON (RFC 7946): a FeatureCollection, the paging as foreign members beside its features.
    const body = JSON.stringify(
      geo
        ? { type: "FeatureCollection", features: page.data, next_cursor: page.nextCursor, links }
        : { data: page.data, next_cursor: page.nextCursor, links },
    );
    const type = geo ? "application/geo+json; charset=utf-8" : "application/json; charset=utf-8";
    return cacheableResponse(request, body, type, {
      maxAge: 60,
      cors: true,
      headers: next ? { Link: `<${next}>; rel="next"` } : {},
    });
  } catch (err) {
    if (err instanceof ApiError) return apiError(err.status, err.code, err.message);
    log("error", "open data request failed", { err, path: url.pathname });
    return apiError(500, "internal", "Something went wrong");
  }
}

/** Read-only: any write method is 405 (the CORS preflight, OPTIONS, is answered in server.js). */
export async function action() {
  return apiError(405, "method_not_allowed", "This API is read-only", { Allow: "GET, HEAD, OPTIONS" });
}
