/**
 * Public reads of merchants: the directory with search, category, municipality,
 * found count and the promotions/events counts of every merchant in one query (grouped subqueries
 * joined once, never a query per merchant), and the public detail.
 */
import { activePromotion, upcomingEvent } from "~/lib/db/current";
import { type SQL, and, count, asc, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { countOf } from "~/lib/db/counts.server";
import {
  type ContentLocale,
  MERCHANT_CATEGORIES,
  type Translations,
  events,
  merchants,
  municipalities,
  promotions,
} from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { todayIso } from "~/lib/i18n/format";
import { isTextId } from "~/lib/db/query";
import { matches, nameMatches, nameSimilarity, rank, searchText } from "~/lib/search/search.server";

const MERCHANTS_PAGE_SIZE = 12;

type MerchantFilters = { q: string; category: string | null; municipality: string | null; page: number };

export function merchantFiltersFrom(url: URL): MerchantFilters {
  const category = url.searchParams.get("category");
  const municipality = (url.searchParams.get("municipality") ?? "").trim().toLowerCase();
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    category: category && (MERCHANT_CATEGORIES as readonly string[]).includes(category) ? category : null,
    municipality: /^[a-z0-9-]{1,120}$/.test(municipality) ? municipality : null,
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 1000) : 1,
  };
}

export type DirectoryMerchant = {
  id: string;
  businessName: string;
  logoUrl: string | null;
  address: string | null;
  category: string | null;
  isPremium: boolean;
  municipalityName: string | null;
  municipalitySlug: string | null;
  promotionCount: number;
  eventCount: number;
};

/** A merchant is public while its municipality is active (or when it has none). */
const publicMerchant = or(isNull(merchants.municipalityId), eq(municipalities.isActive, true)) as SQL;

/** The directory's conditions: public merchants matching the search, the category and the municipality. */
function directoryWhere(filters: MerchantFilters): { where: SQL[]; q: string | null } {
  const where: SQL[] = [publicMerchant];
  const q = searchText(filters.q);
  if (q) {
    // Full-text over the name and address (GIN on merchants.search_vector), or a name close to the search
    // by trigrams (GIN on search_key(business_name)): "bakkerij" finds "Bakkerijen Peeters", "boulangrie"
    // finds "Boulangerie".
    where.push(or(matches(merchants.searchVector, q), nameMatches(merchants.businessName, q)) as SQL);
  }
  if (filters.category) where.push(eq(merchants.category, filters.category));
  if (filters.municipality) where.push(eq(municipalities.slug, filters.municipality));
  return { where, q };
}

export async function listDirectory(
  filters: MerchantFilters,
  pageSize = MERCHANTS_PAGE_SIZE,
): Promise<{ items: DirectoryMerchant[]; total: number; page: number; pages: number }> {
  const db = await getDb();
  const today = todayIso();
  const { where, q } = directoryWhere(filters);
  // While searching, the best matches first (the rank of the document, then the closeness of the name).
  const order = q
    ? [
        desc(sql`${rank(merchants.searchVector, q)} + ${nameSimilarity(merchants.businessName, q)}`),
        asc(merchants.businessName),
        asc(merchants.id),
      ]
    : [asc(merchants.businessName), asc(merchants.id)];

  // The page first, then the counts for its rows only (index lookups per shown merchant, one round trip).
  const page = db
    .select({
      id: merchants.id,
      businessName: merchants.businessName,
      logoUrl: merchants.logoUrl,
      address: merchants.address,
      category: merchants.category,
      isPremium: merchants.isPremium,
      municipalityName: sql<string | null>`${municipalities.name}`.as("municipality_name"),
      municipalitySlug: sql<string | null>`${municipalities.slug}`.as("municipality_slug"),
      score: (q
        ? sql<number>`${rank(merchants.searchVector, q)} + ${nameSimilarity(merchants.businessName, q)}`
        : sql<number>`0`
      ).as("score"),
      total: sql<number>`${countOf(
        db
          .select({ n: count() })
          .from(merchants)
          .leftJoin(municipalities, eq(municipalities.id, merchants.municipalityId))
          .where(and(...where)),
      )}`.as("total"),
    })
    .from(merchants)
    .leftJoin(municipalities, eq(municipalities.id, merchants.municipalityId))
    .where(and(...where))
    .orderBy(...order)
    .limit(pageSize)
    .offset((filters.page - 1) * pageSize)
    .as("page");
  const rows = await db
    .select({
      id: page.id,
      businessName: page.businessName,
      logoUrl: page.logoUrl,
      address: page.address,
      category: page.category,
      isPremium: page.isPremium,
      municipalityName: page.municipalityName,
      municipalitySlug: page.municipalitySlug,
      promotionCount:
        sql<number>`(select count(*) from promotions p where p.merchant_id = "page"."id" and ${activePromotion(sql.raw("p.valid_until"), today)})`.mapWith(
          Number,
        ),
      eventCount:
        sql<number>`(select count(*) from events e where e.merchant_id = "page"."id" and ${upcomingEvent(sql.raw("e.start_date"), today)})`.mapWith(
          Number,
        ),
      total: sql<number>`${page.total}`.mapWith(Number),
    })
    .from(page)
    .orderBy(desc(page.score), asc(page.businessName), asc(page.id));
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.map(({ total: _t, ...r }) => r),
    total,
    page: filters.page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** A merchant on the directory's map: where its pin is, and what its marker and popup say. */
export type MerchantMarker = {
  id: string;
  businessName: string;
  category: string | null;
  address: string | null;
  lat: number;
  lng: number;
};

/** More pins than any town has merchants; the map clusters them above a few hundred. */
const MAX_MARKERS = 2000;

/**
 * The directory's map of a town: every public merchant of the chosen municipality that set its pin and matches
 * the list's search and category (all of them, not one page), in one query. No town chosen: no map, no query.
 */
export async function directoryMarkers(filters: MerchantFilters): Promise<MerchantMarker[]> {
  if (!filters.municipality) return [];
  const db = await getDb();
  const { where } = directoryWhere(filters);
  const rows = await db
    .select({
      id: merchants.id,
      businessName: merchants.businessName,
      category: merchants.category,
      address: merchants.address,
      lat: merchants.latitude,
      lng: merchants.longitude,
    })
    .from(merchants)
    .leftJoin(municipalities, eq(municipalities.id, merchants.municipalityId))
    .where(and(...where, isNotNull(merchants.latitude), isNotNull(merchants.longitude)))
    .orderBy(asc(merchants.businessName), asc(merchants.id))
    .limit(MAX_MARKERS);
  return rows as MerchantMarker[];
}

type OpeningHours = { day: string; hours: string }[];

/** opening_hours may arrive as a JSON string; only well-formed pairs with text are kept. */
export function parseOpeningHours(value: unknown): OpeningHours {
  let v = value;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(v)) return [];
  return v
    .filter(
      (x): x is { day: string; hours: string } =>
        !!x && typeof x === "object" && typeof x.day === "string" && typeof x.hours === "string",
    )
    .filter((x) => x.hours.trim() !== "")
    .map((x) => ({ day: x.day, hours: x.hours }));
}

export type PublicMerchant = {
  id: string;
  businessName: string;
  businessEmail: string;
  logoUrl: string | null;
  address: string | null;
  /** The pin the merchant set on the map (both or neither). */
  latitude: number | null;
  longitude: number | null;
  phoneNumber: string | null;
  websiteUrl: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  openingHours: OpeningHours;
  category: string | null;
  isPremium: boolean;
  municipalityName: string | null;
  municipalitySlug: string | null;
  /** The business description in its original language, and its translations (lib/i18n/localized.ts). */
  description: string | null;
  originalLocale: ContentLocale;
  translations: Translations;
  /** The municipality's name in the other languages. */
  municipalityTranslations: Translations | null;
  municipalityOriginalLocale: ContentLocale | null;
  promotionCount: number;
  eventCount: number;
};

/** One public merchant with its counts, or null (unknown, or its municipality is inactive). */
export async function findPublicMerchant(id: string): Promise<PublicMerchant | null> {
  if (!isTextId(id)) return null;
  const db = await getDb();
  const today = todayIso();
  const [row] = await db
    .select({
      id: merchants.id,
      businessName: merchants.businessName,
      businessEmail: merchants.businessEmail,
      logoUrl: merchants.logoUrl,
      address: merchants.address,
      latitude: merchants.latitude,
      longitude: merchants.longitude,
      phoneNumber: merchants.phoneNumber,
      websiteUrl: merchants.websiteUrl,
      facebookUrl: merchants.facebookUrl,
      instagramUrl: merchants.instagramUrl,
      openingHours: merchants.openingHours,
      category: merchants.category,
      isPremium: merchants.isPremium,
      municipalityName: municipalities.name,
      municipalitySlug: municipalities.slug,
      description: merchants.description,
      originalLocale: merchants.originalLocale,
      translations: merchants.translations,
      municipalityTranslations: municipalities.translations,
      municipalityOriginalLocale: municipalities.originalLocale,
      promotionCount:
        sql<number>`(select count(*) from ${promotions} where ${promotions.merchantId} = ${merchants.id} and ${activePromotion(promotions.validUntil, today)})`.mapWith(
          Number,
        ),
      eventCount:
        sql<number>`(select count(*) from ${events} where ${events.merchantId} = ${merchants.id} and ${upcomingEvent(events.startDate, today)})`.mapWith(
          Number,
        ),
    })
    .from(merchants)
    .leftJoin(municipalities, eq(municipalities.id, merchants.municipalityId))
    .where(and(eq(merchants.id, id), publicMerchant))
    .limit(1);
  if (!row) return null;
  return { ...row, openingHours: parseOpeningHours(row.openingHours) };
}

const FEATURED_MERCHANTS_LIMIT = 8;

export type FeaturedMerchant = { id: string; businessName: string; logoUrl: string | null };

/**
 * The municipality home's featured merchants: its premium merchants, whether or not one of their promotions
 * is among the few the page shows, by name (merchants_municipality_name_idx).
 */
export async function featuredMerchants(
  municipalityId: string,
  limit = FEATURED_MERCHANTS_LIMIT,
): Promise<FeaturedMerchant[]> {
  const db = await getDb();
  return db
    .select({ id: merchants.id, businessName: merchants.businessName, logoUrl: merchants.logoUrl })
    .from(merchants)
    .where(and(eq(merchants.municipalityId, municipalityId), eq(merchants.isPremium, true)))
    .orderBy(asc(merchants.businessName), asc(merchants.id))
    .limit(limit);
}
