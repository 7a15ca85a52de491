/**
 * The open-data API, version 1: read-only lists of municipalities, promotions, events, merchants
 * and approved reports. Public data only: no e-mail addresses (residents' or merchants'), no VAT numbers, no
 * reporter names or ids, nothing of an inactive municipality. Keyset pagination with an opaque cursor (stable
 * while rows are added), `limit` 1-100. Described by openapi.ts.
 */
import { type AnyColumn, type SQL, and, asc, desc, eq, gt, gte, isNotNull, lt, or, sql } from "drizzle-orm";
import { events, merchants, municipalities, promotions, reports } from "@db/schema";
import { baseUrl } from "~/lib/auth/auth.server";
import { type Db, getDb } from "~/lib/db/db.server";
import { todayIso } from "~/lib/i18n/format";
import { isRealDate } from "~/lib/forms/validation";
import { type Locale, isLocale } from "~/lib/i18n";
import { type TranslatableRow, localized, originalLocaleOf } from "~/lib/i18n/localized";
import { absoluteUrlOrNull } from "~/lib/http/origin.server";
import { isUuid } from "~/lib/db/query";
import { ROUNDED_REPORT_TYPES, publicReportPlace } from "~/lib/geo/geo";

/**
 * The texts of a translatable row in the asked language: each field in that language or its
 * original, `languages` says which language each field is in, and the original and every translation are
 * given too (open data: nothing is hidden).
 */
function texts(row: TranslatableRow, fields: Record<string, string>, locale: Locale) {
  const out: Record<string, string | null> = {};
  const languages: Record<string, Locale> = {};
  for (const [field, key] of Object.entries(fields)) {
    const value = localized(row, field, locale);
    out[key] = value.text;
    if (value.text !== null) languages[key] = value.lang;
  }
  return { ...out, languages, original_language: originalLocaleOf(row), translations: row.translations ?? {} };
}

export const RESOURCES = ["municipalities", "promotions", "events", "merchants", "reports"] as const;
export type Resource = (typeof RESOURCES)[number];
/** The resources also served as GeoJSON (`/api/v1/<resource>.geojson`): only their rows with a place. */
export const GEO_RESOURCES = ["reports", "merchants"] as const satisfies readonly Resource[];
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

type ListParams = {
  limit: number;
  cursor: string | null;
  municipality: string | null;
  from: string | null;
  /** The language of the texts (?lng=en|nl|fr, English by default): translated where there is a translation. */
  locale?: Locale;
  /** GeoJSON: only rows with a place, each a Feature with its point. */
  geo?: boolean;
};

/** Reads and checks ?limit, ?cursor, ?municipality and ?from. Unknown parameters are refused (a typo is not ignored). */
export function parseListParams(url: URL, resource: Resource): ListParams {
  const allowed = new Set(["limit", "cursor", "lng"]);
  if (resource !== "municipalities") allowed.add("municipality");
  if (resource === "events") allowed.add("from");
  for (const key of url.searchParams.keys()) {
    if (!allowed.has(key)) throw new ApiError(400, "unknown_parameter", `Unknown query parameter: ${key}`);
  }
  const rawLimit = url.searchParams.get("limit");
  let limit = DEFAULT_LIMIT;
  if (rawLimit !== null) {
    if (!/^\d{1,3}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > MAX_LIMIT) {
      throw new ApiError(400, "invalid_limit", `limit must be an integer from 1 to ${MAX_LIMIT}`);
    }
    limit = Number(rawLimit);
  }
  const municipality = url.searchParams.get("municipality");
  if (municipality !== null && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(municipality)) {
    throw new ApiError(400, "invalid_municipality", "municipality must be a municipality slug");
  }
  const from = url.searchParams.get("from");
  if (from !== null && !isRealDate(from)) throw new ApiError(400, "invalid_from", "from must be a date (YYYY-MM-DD)");
  const lng = url.searchParams.get("lng");
  if (lng !== null && !isLocale(lng)) throw new ApiError(400, "invalid_lng", "lng must be one of en, nl, fr");
  return { limit, cursor: url.searchParams.get("cursor"), municipality, from, locale: isLocale(lng) ? lng : "en" };
}

type Cursor = [string, string];
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString("base64url");
function decodeCursor(raw: string | null): Cursor | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === "string" && v.length <= 200)) {
      return value as Cursor;
    }
  } catch {
    /* answered below */
  }
  throw new ApiError(400, "invalid_cursor", "cursor is not one this API gave out");
}

/** Rows after the cursor in (key, id) order, ascending or descending. */
function after(
  key: SQL | Parameters<typeof eq>[0],
  id: Parameters<typeof eq>[0],
  cursor: Cursor | null,
  dir: "asc" | "desc",
) {
  if (!cursor) return undefined;
  const cmp = dir === "asc" ? gt : lt;
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's column and SQL operands
  return or(cmp(key as any, cursor[0]), and(eq(key as any, cursor[0]), cmp(id, cursor[1])));
}

type Page<T> = { data: T[]; nextCursor: string | null };

const activeTown = eq(municipalities.isActive, true);
const townFilter = (slug: string | null) => (slug ? eq(municipalities.slug, slug) : undefined);
const iso = (d: Date) => d.toISOString();

function page<R, T>(rows: R[], limit: number, map: (r: R) => T, key: (r: R) => Cursor): Page<T> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return { data: shown.map(map), nextCursor: more ? encodeCursor(key(shown[shown.length - 1])) : null };
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A cursor's values must have the shape of the keys of its resource (a forged one is a 400, not a 500). */
function checkCursor(resource: Resource, cursor: Cursor | null): Cursor | null {
  if (!cursor) return null;
  const [key, id] = cursor;
  const ok =
    resource === "merchants"
      ? /^[A-Za-z0-9-]{1,64}$/.test(id)
      : isUuid(id) &&
        (resource === "municipalities"
          ? /^[a-z0-9-]{1,120}$/.test(key)
          : resource === "events"
            ? isRealDate(key)
            : TIMESTAMP.test(key) && !Number.isNaN(Date.parse(key)));
  if (!ok) throw new ApiError(400, "invalid_cursor", "cursor is not one this API gave out");
  return cursor;
}

/** What a resource's query needs: where the page starts, its size, the filters and the language of the texts. */
type Query = {
  site: string;
  cursor: Cursor | null;
  limit: number;
  municipality: string | null;
  from: string | null;
  locale: Locale;
  geo: boolean;
};
type List = (db: Db, q: Query) => Promise<Page<Record<string, unknown>>>;

/**
 * A GeoJSON Feature (RFC 7946): a point at [longitude, latitude] and the row's fields as its properties. The
 * list's own answer is the row itself.
 */
function asFeature(
  q: Query,
  id: string,
  place: { lat: number; lng: number } | null,
  properties: Record<string, unknown>,
) {
  if (!q.geo || !place) return properties;
  return { type: "Feature", id, geometry: { type: "Point", coordinates: [place.lng, place.lat] }, properties };
}

/** With GeoJSON, only rows that have a place. */
const placed = (q: Query, latitude: AnyColumn) => (q.geo ? isNotNull(latitude) : undefined);

/** One row more than the page: when it comes back, there is a next page. */
const take = (q: Query) => q.limit + 1;

/** created_at in UTC to the microsecond, as text: the cursor key of the lists that run newest first. */
const createdKey = (createdAt: AnyColumn) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows after the cursor in (created_at, id) descending order; the key is read back as a timestamp. */
function olderThan(createdAt: AnyColumn, id: AnyColumn, cursor: Cursor | null) {
  if (!cursor) return undefined;
  return or(
    sql`${createdAt} < ${cursor[0]}::timestamptz`,
    and(sql`${createdAt} = ${cursor[0]}::timestamptz`, lt(id, cursor[1])),
  );
}

const listMunicipalities: List = async (db, q) => {
  const rows = await db
    .select({
      id: municipalities.id,
      name: municipalities.name,
      slug: municipalities.slug,
      logoUrl: municipalities.logoUrl,
      originalLocale: municipalities.originalLocale,
      translations: municipalities.translations,
    })
    .from(municipalities)
    .where(and(activeTown, after(municipalities.slug, municipalities.id, q.cursor, "asc")))
    .orderBy(asc(municipalities.slug), asc(municipalities.id))
    .limit(take(q));
  return page(
    rows,
    q.limit,
    (r) => ({
      id: r.id,
      slug: r.slug,
      ...texts(r, { name: "name" }, q.locale),
      // Pictures uploaded here are stored as site paths (`/media/…`): API clients get full addresses.
      logo_url: absoluteUrlOrNull(r.logoUrl),
      url: `${q.site}/${r.slug}`,
    }),
    (r) => [r.slug, r.id],
  );
};

const listPromotions: List = async (db, q) => {
  const rows = await db
    .select({
      id: promotions.id,
      title: promotions.title,
      description: promotions.description,
      category: promotions.category,
      price: promotions.price,
      originalPrice: promotions.originalPrice,
      discount: promotions.discount,
      validUntil: promotions.validUntil,
      isPremium: promotions.isPremium,
      imageUrl: promotions.imageUrl,
      termsAndConditions: promotions.termsAndConditions,
      originalLocale: promotions.originalLocale,
      translations: promotions.translations,
      createdAt: promotions.createdAt,
      createdKey: createdKey(promotions.createdAt),
      merchantId: merchants.id,
      merchantName: merchants.businessName,
      slug: municipalities.slug,
    })
    .from(promotions)
    .innerJoin(municipalities, eq(municipalities.id, promotions.municipalityId))
    .innerJoin(merchants, eq(merchants.id, promotions.merchantId))
    .where(and(activeTown, townFilter(q.municipality), olderThan(promotions.createdAt, promotions.id, q.cursor)))
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .limit(take(q));
  return page(
    rows,
    q.limit,
    (r) => ({
      id: r.id,
      ...texts(r, { title: "title", description: "description", terms: "terms_and_conditions" }, q.locale),
      category: r.category,
      price: r.price,
      original_price: r.originalPrice,
      discount: r.discount,
      valid_until: r.validUntil,
      is_premium: r.isPremium,
      image_url: absoluteUrlOrNull(r.imageUrl),
      created_at: iso(r.createdAt),
      municipality: r.slug,
      merchant: { id: r.merchantId, name: r.merchantName },
      url: `${q.site}/promotions/${r.slug}/${r.id}`,
    }),
    (r) => [r.createdKey, r.id],
  );
};

const listEvents: List = async (db, q) => {
  const from = q.from ?? todayIso();
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      description: events.description,
      category: events.category,
      venue: events.venue,
      startDate: events.startDate,
      time: events.time,
      price: events.price,
      isFeatured: events.isFeatured,
      attendees: events.attendees,
      imageUrl: events.imageUrl,
      originalLocale: events.originalLocale,
      translations: events.translations,
      createdAt: events.createdAt,
      merchantId: merchants.id,
      merchantName: merchants.businessName,
      slug: municipalities.slug,
    })
    .from(events)
    .innerJoin(municipalities, eq(municipalities.id, events.municipalityId))
    .innerJoin(merchants, eq(merchants.id, events.merchantId))
    .where(
      and(
        activeTown,
        townFilter(q.municipality),
        gte(events.startDate, from),
        after(events.startDate, events.id, q.cursor, "asc"),
      ),
    )
    .orderBy(asc(events.startDate), asc(events.id))
    .limit(take(q));
  return page(
    rows,
    q.limit,
    (r) => ({
      id: r.id,
      ...texts(r, { title: "title", description: "description" }, q.locale),
      category: r.category,
      venue: r.venue,
      start_date: r.startDate,
      time: r.time,
      price: r.price,
      is_featured: r.isFeatured,
      attendees: r.attendees,
      image_url: absoluteUrlOrNull(r.imageUrl),
      created_at: iso(r.createdAt),
      municipality: r.slug,
      merchant: { id: r.merchantId, name: r.merchantName },
      url: `${q.site}/events/${r.slug}/${r.id}`,
    }),
    (r) => [r.startDate, r.id],
  );
};

const listMerchants: List = async (db, q) => {
  const rows = await db
    .select({
      id: merchants.id,
      name: merchants.businessName,
      category: merchants.category,
      address: merchants.address,
      phone: merchants.phoneNumber,
      website: merchants.websiteUrl,
      facebook: merchants.facebookUrl,
      instagram: merchants.instagramUrl,
      logoUrl: merchants.logoUrl,
      openingHours: merchants.openingHours,
      isPremium: merchants.isPremium,
      description: merchants.description,
      originalLocale: merchants.originalLocale,
      translations: merchants.translations,
      slug: municipalities.slug,
      latitude: merchants.latitude,
      longitude: merchants.longitude,
    })
    .from(merchants)
    .innerJoin(municipalities, eq(municipalities.id, merchants.municipalityId))
    .where(
      and(
        activeTown,
        townFilter(q.municipality),
        placed(q, merchants.latitude),
        after(merchants.businessName, merchants.id, q.cursor, "asc"),
      ),
    )
    .orderBy(asc(merchants.businessName), asc(merchants.id))
    .limit(take(q));
  return page(
    rows,
    q.limit,
    (r) =>
      // A merchant's pin is its shop's address: shown exactly.
      asFeature(q, r.id, r.latitude !== null && r.longitude !== null ? { lat: r.latitude, lng: r.longitude } : null, {
        id: r.id,
        name: r.name,
        ...texts(r, { description: "description" }, q.locale),
        category: r.category,
        address: r.address,
        phone_number: r.phone,
        website_url: r.website,
        facebook_url: r.facebook,
        instagram_url: r.instagram,
        logo_url: absoluteUrlOrNull(r.logoUrl),
        opening_hours: Array.isArray(r.openingHours) ? r.openingHours : [],
        is_premium: r.isPremium,
        municipality: r.slug,
        url: `${q.site}/merchants/${r.id}`,
      }),
    (r) => [r.name, r.id],
  );
};

const listReports: List = async (db, q) => {
  const rows = await db
    .select({
      id: reports.id,
      type: reports.type,
      description: reports.description,
      imageUrl: reports.imageUrl,
      createdAt: reports.createdAt,
      createdKey: createdKey(reports.createdAt),
      slug: municipalities.slug,
      latitude: reports.latitude,
      longitude: reports.longitude,
      placeText: reports.placeText,
    })
    .from(reports)
    .innerJoin(municipalities, eq(municipalities.id, reports.municipalityId))
    .where(
      and(
        activeTown,
        eq(reports.status, "approved"),
        townFilter(q.municipality),
        placed(q, reports.latitude),
        olderThan(reports.createdAt, reports.id, q.cursor),
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(take(q));
  return page(
    rows,
    q.limit,
    (r) => {
      const row = {
        id: r.id,
        type: r.type,
        description: r.description,
        image_url: absoluteUrlOrNull(r.imageUrl),
        created_at: iso(r.createdAt),
        municipality: r.slug,
        url: `${q.site}/reports/${r.slug}#report-${r.id}`,
      };
      if (!q.geo) return row;
      // The public place: rounded to about 100 m for reports about people, whose typed place is left out too.
      const place = publicReportPlace(r.type, r.latitude, r.longitude);
      const rounded = (ROUNDED_REPORT_TYPES as readonly string[]).includes(r.type);
      return asFeature(q, r.id, place, { ...row, place_rounded: rounded, place_text: rounded ? null : r.placeText });
    },
    (r) => [r.createdKey, r.id],
  );
};

const LISTS: Record<Resource, List> = {
  municipalities: listMunicipalities,
  promotions: listPromotions,
  events: listEvents,
  merchants: listMerchants,
  reports: listReports,
};

/** One page of a resource after the (checked) cursor, in the asked language. */
export async function listResource(resource: Resource, params: ListParams): Promise<Page<Record<string, unknown>>> {
  const db = await getDb();
  const query: Query = {
    site: baseUrl(),
    cursor: checkCursor(resource, decodeCursor(params.cursor)),
    limit: params.limit,
    municipality: params.municipality,
    from: params.from,
    locale: params.locale ?? "en",
    geo: params.geo ?? false,
  };
  return LISTS[resource](db, query);
}
