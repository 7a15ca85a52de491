/**
 * Public reads of promotions: the municipality list with server-side filtering,
 * search, sort and pagination in one query, the home-page selection and the detail with its merchant.
 */
import { activePromotion } from "~/lib/db/current";
import { type SQL, type SQLWrapper, and, arrayContains, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { countOf } from "~/lib/db/counts.server";
import { type ContentLocale, type Translations, merchants, promotions, translatedTextSql } from "@db/schema";
import { PROMOTION_TAGS, PUBLIC_PROMOTION_CATEGORIES } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { PROMOTION_SORTS, type PromotionSort } from "./promotion.options";
import { todayIso } from "~/lib/i18n/format";
import { isTextId, isUuid, likePattern } from "~/lib/db/query";
import { inSubquery, matches, nameMatches, rank, searchText } from "~/lib/search/search.server";

const PROMOTIONS_PAGE_SIZE = 12;
const HOME_PROMOTIONS_LIMIT = 12;

export type PromotionFilters = {
  category: string | null;
  /** One of PROMOTION_TAGS, or null (an unknown value is ignored like an unknown category). */
  tag: string | null;
  /** One merchant's promotions only (the merchant page's "See promotions"). */
  merchant?: string | null;
  q: string;
  sort: PromotionSort;
  page: number;
  /** Expired promotions too ("show expired"); by default a list shows only current ones. */
  expired: boolean;
};

/** Reads ?category=&tag=&q=&sort=&page=&expired=1 from a URL; unknown values fall back to the defaults. */
export function promotionFiltersFrom(url: URL): PromotionFilters {
  const category = url.searchParams.get("category");
  const tag = url.searchParams.get("tag");
  const sort = url.searchParams.get("sort");
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const merchant = url.searchParams.get("merchant");
  // While searching the best matches come first unless another order is asked; without a search there is
  // no rank, so "relevance" means the default order.
  const searching = searchText(q) !== null;
  const asked = (PROMOTION_SORTS as readonly string[]).includes(sort ?? "") ? (sort as PromotionSort) : null;
  return {
    category: category && (PUBLIC_PROMOTION_CATEGORIES as readonly string[]).includes(category) ? category : null,
    tag: tag && (PROMOTION_TAGS as readonly string[]).includes(tag) ? tag : null,
    merchant: merchant && isTextId(merchant) ? merchant : null,
    q,
    sort: asked && (asked !== "relevance" || searching) ? asked : searching ? "relevance" : "newest",
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 1000) : 1,
    expired: url.searchParams.get("expired") === "1",
  };
}

const cardColumns = {
  id: promotions.id,
  title: promotions.title,
  description: promotions.description,
  imageUrl: promotions.imageUrl,
  category: promotions.category,
  price: promotions.price,
  originalPrice: promotions.originalPrice,
  discount: promotions.discount,
  discountPercent: promotions.discountPercent,
  discountAmountCents: promotions.discountAmountCents,
  validUntil: promotions.validUntil,
  isPremium: promotions.isPremium,
  createdAt: promotions.createdAt,
  merchantId: promotions.merchantId,
  merchantName: merchants.businessName,
  merchantPremium: merchants.isPremium,
  merchantLogoUrl: merchants.logoUrl,
  tags: promotions.tags,
  originalLocale: promotions.originalLocale,
  translations: promotions.translations,
};

export type PromotionCard = {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  category: string | null;
  price: string | null;
  originalPrice: string | null;
  discount: string | null;
  discountPercent: number | null;
  discountAmountCents: number | null;
  validUntil: string;
  isPremium: boolean;
  createdAt: string;
  merchantId: string;
  merchantName: string;
  merchantPremium: boolean;
  merchantLogoUrl: string | null;
  /** Chosen from PROMOTION_TAGS; empty when the merchant chose none. */
  tags: string[];
  /** The language of title, description and terms; the others in translations (lib/i18n/localized.ts). */
  originalLocale: ContentLocale;
  translations: Translations;
};

function toCard(row: Record<string, unknown>): PromotionCard {
  return { ...(row as PromotionCard), createdAt: new Date(row.createdAt as string | Date).toISOString() };
}

/** One page of a municipality's promotions, and the total matching count (one round trip). */
export async function listPublicPromotions(
  municipalityId: string,
  filters: PromotionFilters,
  pageSize = PROMOTIONS_PAGE_SIZE,
): Promise<{ items: PromotionCard[]; total: number; page: number; pages: number }> {
  const db = await getDb();
  const where: SQL[] = [eq(promotions.municipalityId, municipalityId)];
  if (filters.category) where.push(eq(promotions.category, filters.category));
  if (filters.tag) where.push(arrayContains(promotions.tags, [filters.tag]));
  const today = todayIso();
  if (!filters.expired) where.push(activePromotion(promotions.validUntil, today));
  if (filters.merchant) where.push(eq(promotions.merchantId, filters.merchant));
  const q = searchText(filters.q);
  if (q) {
    // Full-text over the title and description (GIN index on promotions.search_vector), or the merchant's
    // name (its own search document, or close to it by trigrams) through a subquery, so the page of
    // promotions is chosen without joining merchants.
    where.push(
      or(
        // The titles and descriptions in the other languages (one trigram-indexed expression, migration 0014).
        ilike(translatedTextSql(promotions.translations), likePattern(filters.q)),
        matches(promotions.searchVector, q),
        inSubquery(
          promotions.merchantId,
          db
            .select({ id: merchants.id })
            .from(merchants)
            .where(or(matches(merchants.searchVector, q), nameMatches(merchants.businessName, q))),
        ),
      ) as SQL,
    );
  }
  const orderOf = (t: Record<"validUntil" | "createdAt" | "title" | "id" | "rank", SQLWrapper>) =>
    filters.sort === "relevance" && q
      ? [desc(t.rank), desc(t.createdAt), asc(t.id)]
      : filters.sort === "ending"
        ? [
            // Still valid first, soonest end first; expired ones after.
            asc(sql`case when ${activePromotion(t.validUntil, today)} then 0 else 1 end`),
            asc(t.validUntil),
            desc(t.createdAt),
            asc(t.id),
          ]
        : filters.sort === "title"
          ? [asc(sql`lower(${t.title})`), desc(t.createdAt), asc(t.id)]
          : [desc(t.createdAt), asc(t.id)];
  // Every promotion has its merchant (a non-null foreign key): neither the page nor the count needs the join.
  const matching = db
    .select({ n: count() })
    .from(promotions)
    .where(and(...where));
  const page = db
    .select({
      id: promotions.id,
      title: promotions.title,
      validUntil: promotions.validUntil,
      createdAt: promotions.createdAt,
      rank: (q ? rank(promotions.searchVector, q) : sql<number>`0`).as("rank"),
      total: sql<number>`${countOf(matching)}`.as("total"),
    })
    .from(promotions)
    .where(and(...where))
    .orderBy(
      ...orderOf({
        validUntil: promotions.validUntil,
        createdAt: promotions.createdAt,
        title: promotions.title,
        id: promotions.id,
        rank: q ? rank(promotions.searchVector, q) : sql`0`,
      }),
    )
    .limit(pageSize)
    .offset((filters.page - 1) * pageSize)
    .as("page");
  // The page (at most one page size of rows) is then joined for display, in the same statement.
  const rows = await db
    .select({ ...cardColumns, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(promotions, eq(promotions.id, page.id))
    .innerJoin(merchants, eq(merchants.id, promotions.merchantId))
    .orderBy(...orderOf(page));
  let total = rows[0]?.total ?? 0;
  if (!rows.length && filters.page > 1) {
    // Past the last page: count separately so the pager can point back.
    const [c] = await matching;
    total = c?.n ?? 0;
  }
  return {
    items: rows.map(({ total: _t, ...r }) => toCard(r)),
    total,
    page: filters.page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** The municipality home: the newest 12 promotions still valid, premium ones first. */
export async function homePromotions(municipalityId: string, limit = HOME_PROMOTIONS_LIMIT): Promise<PromotionCard[]> {
  const db = await getDb();
  const rows = await db
    .select(cardColumns)
    .from(promotions)
    .innerJoin(merchants, eq(merchants.id, promotions.merchantId))
    .where(and(eq(promotions.municipalityId, municipalityId), activePromotion(promotions.validUntil)))
    .orderBy(desc(promotions.isPremium), desc(promotions.createdAt))
    .limit(limit);
  return rows.map(toCard);
}

export type PromotionDetail = PromotionCard & {
  termsAndConditions: string | null;
  merchant: {
    id: string;
    businessName: string;
    businessEmail: string;
    logoUrl: string | null;
    address: string | null;
    /** The merchant's pin: "Get directions" leads there when it is set. */
    latitude: number | null;
    longitude: number | null;
    phoneNumber: string | null;
    websiteUrl: string | null;
    isPremium: boolean;
  };
};

/** One promotion of an active municipality with its merchant, or null. */
export async function findPublicPromotion(municipalityId: string, id: string): Promise<PromotionDetail | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      ...cardColumns,
      termsAndConditions: promotions.termsAndConditions,
      businessEmail: merchants.businessEmail,
      address: merchants.address,
      latitude: merchants.latitude,
      longitude: merchants.longitude,
      phoneNumber: merchants.phoneNumber,
      websiteUrl: merchants.websiteUrl,
    })
    .from(promotions)
    .innerJoin(merchants, eq(merchants.id, promotions.merchantId))
    .where(and(eq(promotions.id, id), eq(promotions.municipalityId, municipalityId)))
    .limit(1);
  if (!row) return null;
  const { businessEmail, address, latitude, longitude, phoneNumber, websiteUrl, ...rest } = row;
  return {
    ...toCard(rest),
    termsAndConditions: row.termsAndConditions,
    merchant: {
      id: row.merchantId,
      businessName: row.merchantName,
      businessEmail,
      logoUrl: row.merchantLogoUrl,
      address,
      latitude,
      longitude,
      phoneNumber,
      websiteUrl,
      isPremium: row.merchantPremium,
    },
  };
}
