/**
 * Open311 GeoReport v2 under /open311/v2 (docs/features/open311.md): discovery, services, a service's
 * definition, service requests (list and one) as JSON or XML after the path's extension, and POST requests with
 * an API key. Errors are the specification's list of {code, description}, translated (?locale= or
 * Accept-Language). Reads are public and rate-limited per address (RATE_LIMIT_API); a POST is authenticated by
 * its api_key alone (never the session cookie, which this route does not read) and limited per key
 * (RATE_LIMIT_OPEN311). The site's origin check lets these POSTs through (app/server/http.server.ts).
 */
import { baseUrl } from "~/lib/auth/auth.server";
import { readForm } from "~/lib/forms/form.server";
import { OPEN311_CORS_HEADERS, cacheableResponse } from "~/lib/http/http-cache.server";
import { addressSubject, limitWait } from "~/lib/http/rate-limit.server";
import { type Locale, matchLocale } from "~/lib/i18n";
import { messageKey } from "~/lib/i18n/keys";
import { detectLocaleFrom, serverT } from "~/lib/i18n/locale.server";
import type { TFunction } from "~/lib/i18n/translator";
import { log } from "~/lib/log.server";
import {
  CONTENT_TYPES,
  type Format,
  Open311Error,
  checkKey,
  definitionDocument,
  discoveryDocument,
  errorDocument,
  getServiceRequest,
  isServiceCode,
  jurisdiction,
  listDocument,
  listServiceRequests,
  parseRequestQuery,
  postServiceRequest,
  serviceList,
} from "~/modules/open311/index.server";
import { getSettings } from "~/modules/settings/index.server";
import type { Route } from "./+types/open311";

/** When this API's description last changed (discovery's changeset). */
const CHANGESET = "2026-06-01T00:00:00Z";
const SPECIFICATION = "http://wiki.open311.org/GeoReport_v2";

type Target = { resource: "discovery" | "services" | "requests"; id: string | null; format: Format };
const PATH = /^(discovery|services|requests)(?:\/([^/]{1,100}))?\.(json|xml)$/;

/** What the path asks for, or only the format of the error (JSON unless the path ends in .xml). */
function targetOf(splat: string | undefined): Target | { format: Format } {
  const m = PATH.exec(splat ?? "");
  if (!m || (m[1] === "discovery" && m[2])) return { format: /\.xml$/.test(splat ?? "") ? "xml" : "json" };
  return { resource: m[1] as Target["resource"], id: m[2] ?? null, format: m[3] as Format };
}

/** ?locale= (en, nl_BE, fr-BE…), else Accept-Language; never a cookie: clients are machines. */
function localeOf(request: Request): Locale {
  const asked = matchLocale(new URL(request.url).searchParams.get("locale"));
  return asked ?? detectLocaleFrom(null, null, request.headers.get("accept-language"));
}

function errorResponse(format: Format, status: number, description: string, headers: Record<string, string> = {}) {
  return new Response(errorDocument(format, [{ code: status, description }]), {
    status,
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Cache-Control": "no-store",
      ...OPEN311_CORS_HEADERS,
      ...headers,
    },
  });
}

function descriptionOf(err: Open311Error, t: TFunction): string {
  const message = err.detail ? t(messageKey(err.detail), err.params) : "";
  return t(err.key, { ...err.params, message });
}

/** Runs one answer; an Open311Error becomes its error document, anything else a logged 500. */
async function answer(format: Format, t: TFunction, path: string, run: () => Promise<Response>) {
  try {
    return await run();
  } catch (err) {
    if (err instanceof Open311Error) return errorResponse(format, err.status, descriptionOf(err, t));
    log("error", "open311 request failed", { err, path });
    return errorResponse(format, 500, t("site:open311.errors.failed"));
  }
}

async function tooMany(rule: "api" | "open311", subject: string, requestId: string, format: Format, t: TFunction) {
  const wait = await limitWait(rule, [subject], requestId);
  if (!wait) return null;
  return errorResponse(format, 429, t("site:open311.errors.tooMany", { seconds: String(wait) }), {
    "Retry-After": String(wait),
  });
}

const respond = (request: Request, format: Format, body: string, maxAge = 60) =>
  cacheableResponse(request, body, CONTENT_TYPES[format], {
    maxAge,
    cors: OPEN311_CORS_HEADERS,
    headers: { Vary: "Accept-Encoding, Accept-Language" },
  });

async function discovery(request: Request, format: Format, t: TFunction) {
  const { contactEmail } = await getSettings();
  const body = discoveryDocument(format, {
    changeset: CHANGESET,
    contact: t("site:open311.contact", { email: contactEmail }),
    key_service: t("site:open311.keyService", { email: contactEmail }),
    endpoints: [
      {
        specification: SPECIFICATION,
        url: `${baseUrl()}/open311/v2`,
        changeset: CHANGESET,
        type: "production",
        formats: ["text/xml", "application/json"],
      },
    ],
  });
  return respond(request, format, body, 3600);
}

async function read(request: Request, target: Target, t: TFunction, locale: Locale): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const { format, id } = target;
  if (target.resource === "discovery") return discovery(request, format, t);
  if (target.resource === "services") {
    const slug = params.get("jurisdiction_id");
    if (slug) await jurisdiction(slug);
    if (id === null) return respond(request, format, listDocument(format, "services", "service", serviceList(t)));
    if (!isServiceCode(id)) {
      throw new Open311Error(404, "site:open311.errors.serviceCodeNotFound", { value: id.slice(0, 60) });
    }
    return respond(request, format, definitionDocument(format, id));
  }
  if (id !== null) {
    const slug = params.get("jurisdiction_id");
    const town = slug ? await jurisdiction(slug) : null;
    const one = await getServiceRequest(id, town?.id ?? null, t, locale);
    return respond(request, format, listDocument(format, "service_requests", "request", [one]));
  }
  const list = await listServiceRequests(await parseRequestQuery(params), t, locale);
  return respond(request, format, listDocument(format, "service_requests", "request", list));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const target = targetOf(params["*"]);
  const locale = localeOf(request);
  const t = serverT(locale);
  const limited = await tooMany("api", addressSubject(context.ip), context.requestId, target.format, t);
  if (limited) return limited;
  if (!("resource" in target)) {
    return errorResponse(target.format, 404, t("site:open311.errors.notFound", { url: `${baseUrl()}/open311/v2` }));
  }
  return answer(target.format, t, new URL(request.url).pathname, () => read(request, target, t, locale));
}

/** POST requests.{json,xml}: a service request, with the key in the form (or, for lenient clients, the query). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const target = targetOf(params["*"]);
  const t = serverT(localeOf(request));
  const { format } = target;
  if (!("resource" in target)) {
    return errorResponse(format, 404, t("site:open311.errors.notFound", { url: `${baseUrl()}/open311/v2` }));
  }
  if (target.resource !== "requests" || target.id !== null || request.method !== "POST") {
    return errorResponse(format, 405, t("site:open311.errors.methodNotAllowed"), { Allow: "GET, HEAD" });
  }
  const limited = await tooMany("api", addressSubject(context.ip), context.requestId, format, t);
  if (limited) return limited;
  let form: Record<string, string>;
  try {
    form = await readForm(request);
  } catch {
    return errorResponse(format, 400, t("site:open311.errors.malformed"));
  }
  const presented = form.api_key ?? new URL(request.url).searchParams.get("api_key");
  const key = await checkKey(presented?.trim() || null);
  if (key.status !== "valid") {
    const reason = { missing: "apiKeyMissing", unknown: "apiKeyInvalid", revoked: "apiKeyRevoked" } as const;
    return errorResponse(format, 403, t(`site:open311.errors.${reason[key.status]}`));
  }
  const keyLimited = await tooMany("open311", `key:${key.key.id}`, context.requestId, format, t);
  if (keyLimited) return keyLimited;
  return answer(format, t, new URL(request.url).pathname, async () => {
    const created = await postServiceRequest(key.key, form);
    const body = listDocument(format, "service_requests", "request", [
      { service_request_id: created.id, service_notice: t("site:open311.notice"), account_id: null },
    ]);
    return new Response(body, {
      status: 201,
      headers: { "Content-Type": CONTENT_TYPES[format], "Cache-Control": "no-store", ...OPEN311_CORS_HEADERS },
    });
  });
}
