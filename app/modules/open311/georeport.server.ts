/**
 * Open311 GeoReport v2, what it says (the route, app/routes/api/open311.ts, turns it into JSON or XML): the
 * services (our fileable report types, in the reader's language), the approved reports as service requests
 * (status open or closed, places rounded as the public sees them), and a request posted with an API key, which
 * becomes a pending report in the same moderation queue as residents' reports.
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import { FILEABLE_REPORT_TYPES, type ReportType } from "@db/schema/enums";
import { type Translations, municipalities, reports } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { isUuid } from "~/lib/db/query";
import type { QualifiedKey } from "~/lib/i18n/keys";
import type { Locale } from "~/lib/i18n";
import type { TFunction } from "~/lib/i18n/translator";
import { localizedText } from "~/lib/i18n/localized";
import { absoluteUrlOrNull } from "~/lib/http/origin.server";
import { ROUNDED_REPORT_TYPES, publicReportPlace } from "~/lib/geo/geo";
import { findActiveMunicipality } from "~/modules/municipality/index.server";
import { isUrgentType } from "~/modules/report";

/** An answer in the specification's error format: its HTTP status and a translated description. */
export class Open311Error extends Error {
  constructor(
    public status: number,
    public key: QualifiedKey,
    public params: Record<string, string> = {},
    /** A validation message key (a field's rule) that goes into the description as {{message}}. */
    public detail?: string,
  ) {
    super(key);
  }
}

/** The services: the report types a resident can file ("urgent" only appears in lists). */
type ServiceCode = Exclude<ReportType, "urgent">;
const SERVICE_CODES = FILEABLE_REPORT_TYPES as readonly ServiceCode[];
/** The oldest report type, "urgent", is no longer filed; its reports are served under "other_urgent". */
const serviceCodeOf = (type: string): ServiceCode => (type === "urgent" ? "other_urgent" : (type as ServiceCode));
const typesOf = (code: ServiceCode): ReportType[] => (code === "other_urgent" ? ["other_urgent", "urgent"] : [code]);

export function isServiceCode(code: string): code is ServiceCode {
  return (SERVICE_CODES as readonly string[]).includes(code);
}

/** GET services: one service per report type. None has attributes, so `metadata` is false for all. */
export function serviceList(t: TFunction) {
  return SERVICE_CODES.map((code) => ({
    service_code: code,
    service_name: t(`site:reportTypes.${code}`),
    description: t(`site:open311.services.${code}`),
    metadata: false,
    type: "realtime" as const,
    keywords: "",
    group: t(isUrgentType(code) ? "site:open311.groups.urgent" : "site:open311.groups.informative"),
  }));
}

/** The municipality a jurisdiction_id names (its slug), or a 404 in the specification's words. */
export async function jurisdiction(slug: string) {
  const town = await findActiveMunicipality(slug.slice(0, 120));
  if (!town) throw new Open311Error(404, "site:open311.errors.jurisdictionNotFound", { value: slug.slice(0, 120) });
  return town;
}

/** The 90 days the specification allows between start_date and end_date, and the default window. */
const MAX_SPAN_MS = 90 * 86_400_000;
/** At most this many requests in one answer (newest first), as the specification suggests. */
const MAX_REQUESTS = 1000;

const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

function dateParam(params: URLSearchParams, name: "start_date" | "end_date"): Date | null {
  const raw = params.get(name);
  if (raw === null || raw === "") return null;
  const value = raw.trim();
  const date = W3C_DATETIME.test(value) ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    throw new Open311Error(400, "site:open311.errors.dateInvalid", { field: name });
  }
  return date;
}

/** A comma-separated parameter as a list of its non-empty items (null when absent). */
function listParam(params: URLSearchParams, name: string): string[] | null {
  const raw = params.get(name);
  if (raw === null || raw.trim() === "") return null;
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 100);
}

type RequestQuery = {
  ids: string[] | null;
  codes: ReportType[] | null;
  statuses: ("open" | "closed")[] | null;
  start: Date;
  end: Date;
  municipalityId: string | null;
};

/** Reads GET requests' filters; a bad value is a 400 with the reason, never an empty list. */
export async function parseRequestQuery(params: URLSearchParams, now = new Date()): Promise<RequestQuery> {
  const ids = listParam(params, "service_request_id");
  if (ids && !ids.every(isUuid)) throw new Open311Error(400, "site:open311.errors.requestIdInvalid");
  const codes = listParam(params, "service_code");
  const unknown = codes?.find((c) => !isServiceCode(c));
  if (unknown !== undefined) {
    throw new Open311Error(400, "site:open311.errors.serviceCodeNotFound", { value: unknown.slice(0, 60) });
  }
  const statuses = listParam(params, "status");
  if (statuses && !statuses.every((s) => s === "open" || s === "closed")) {
    throw new Open311Error(400, "site:open311.errors.statusInvalid");
  }
  const from = dateParam(params, "start_date");
  const to = dateParam(params, "end_date");
  const end = to ?? (from ? new Date(Math.min(from.getTime() + MAX_SPAN_MS, now.getTime())) : now);
  const start = from ?? new Date(end.getTime() - MAX_SPAN_MS);
  if (end < start || end.getTime() - start.getTime() > MAX_SPAN_MS) {
    throw new Open311Error(400, "site:open311.errors.dateRange");
  }
  const slug = params.get("jurisdiction_id");
  const town = slug ? await jurisdiction(slug) : null;
  return {
    ids,
    codes: codes ? codes.flatMap((c) => typesOf(c as ServiceCode)) : null,
    statuses: statuses as RequestQuery["statuses"],
    start,
    end,
    municipalityId: town?.id ?? null,
  };
}

const requestColumns = {
  id: reports.id,
  type: reports.type,
  description: reports.description,
  imageUrl: reports.imageUrl,
  latitude: reports.latitude,
  longitude: reports.longitude,
  placeText: reports.placeText,
  createdAt: reports.createdAt,
  moderatedAt: reports.moderatedAt,
  resolvedAt: reports.resolvedAt,
  townName: municipalities.name,
  townOriginalLocale: municipalities.originalLocale,
  townTranslations: municipalities.translations,
};

type RequestRow = {
  id: string;
  type: string;
  description: string;
  imageUrl: string | null;
  latitude: number | null;
  longitude: number | null;
  placeText: string | null;
  createdAt: Date;
  moderatedAt: Date | null;
  resolvedAt: Date | null;
  townName: string;
  townOriginalLocale: string;
  townTranslations: Translations | null;
};

/** A W3C date-time in UTC without fractions: 2026-05-01T09:00:00Z. */
const w3c = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

/**
 * A service request as the specification names its fields. The place is the public one: rounded to about
 * 100 m for reports about people, whose typed address is left out too (it would undo the rounding).
 */
function toServiceRequest(r: RequestRow, t: TFunction, locale: Locale) {
  const place = publicReportPlace(r.type, r.latitude, r.longitude);
  const code = serviceCodeOf(r.type);
  const town = { name: r.townName, originalLocale: r.townOriginalLocale, translations: r.townTranslations };
  const updated = [r.createdAt, r.moderatedAt, r.resolvedAt].filter((d): d is Date => d !== null);
  return {
    service_request_id: r.id,
    status: r.resolvedAt ? ("closed" as const) : ("open" as const),
    status_notes: null,
    service_name: t(`site:reportTypes.${code}`),
    service_code: code,
    description: r.description,
    agency_responsible: localizedText(town, "name", locale) ?? r.townName,
    service_notice: null,
    requested_datetime: w3c(r.createdAt),
    updated_datetime: w3c(new Date(Math.max(...updated.map((d) => d.getTime())))),
    expected_datetime: null,
    address: (ROUNDED_REPORT_TYPES as readonly string[]).includes(r.type) ? null : r.placeText,
    address_id: null,
    zipcode: null,
    lat: place?.lat ?? null,
    long: place?.lng ?? null,
    media_url: absoluteUrlOrNull(r.imageUrl),
  };
}
type ServiceRequest = ReturnType<typeof toServiceRequest>;

const published = and(eq(reports.status, "approved"), eq(municipalities.isActive, true));

/** GET requests: approved reports only, newest first, at most 1000. */
export async function listServiceRequests(q: RequestQuery, t: TFunction, locale: Locale): Promise<ServiceRequest[]> {
  const db = await getDb();
  const statusFilter =
    q.statuses && q.statuses.length === 1
      ? q.statuses[0] === "closed"
        ? isNotNull(reports.resolvedAt)
        : isNull(reports.resolvedAt)
      : undefined;
  const rows = await db
    .select(requestColumns)
    .from(reports)
    .innerJoin(municipalities, eq(municipalities.id, reports.municipalityId))
    .where(
      and(
        published,
        // service_request_id overrides every other filter, as the specification says.
        q.ids
          ? inArray(reports.id, q.ids)
          : and(
              gte(reports.createdAt, q.start),
              lte(reports.createdAt, q.end),
              q.codes ? inArray(reports.type, q.codes) : undefined,
              statusFilter,
            ),
        q.municipalityId ? eq(reports.municipalityId, q.municipalityId) : undefined,
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(MAX_REQUESTS);
  return rows.map((r) => toServiceRequest(r, t, locale));
}

/** GET requests/{id}: one approved report, or a 404 (pending, rejected and unknown look the same). */
export async function getServiceRequest(
  id: string,
  municipalityId: string | null,
  t: TFunction,
  locale: Locale,
): Promise<ServiceRequest> {
  const notFound = new Open311Error(404, "site:open311.errors.requestNotFound", { value: id.slice(0, 60) });
  if (!isUuid(id)) throw notFound;
  const db = await getDb();
  const [row] = await db
    .select(requestColumns)
    .from(reports)
    .innerJoin(municipalities, eq(municipalities.id, reports.municipalityId))
    .where(and(published, eq(reports.id, id), municipalityId ? eq(reports.municipalityId, municipalityId) : undefined))
    .limit(1);
  if (!row) throw notFound;
  return toServiceRequest(row, t, locale);
}
