/**
 * Public reads of promotions (SPEC §7 promotions): the municipality list with server-side filtering,
 * search, sort and pagination in one query, the home-page selection and the detail with its merchant.
 */
import { type SQL, and, count, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import { countOf } from "~/lib/counts.server";
import { merchants, promotions } from "@db/schema";
import { PUBLIC_PROMOTION_CATEGORIES } from "@db/schema";
import { getDb } from "~/lib/db.server";
import { PROMOTION_SORTS, type PromotionSort } from "~/components/site/list-options";
import { todayIso } from "~/lib/format";
import { isUuid, likePattern } from "~/lib/query";

export { PROMOTION_SORTS, type PromotionSort };
export const PROMOTIONS_PAGE_SIZE = 12;
export const HOME_PROMOTIONS_LIMIT = 12;

export type PromotionFilters = {
  category: string | null;
  q: string;
  sort: PromotionSort;
  page: number;
};

/** Reads ?category=&q=&sort=&page= from a URL; unknown values fall back to the defaults. */
export function promotionFiltersFrom(url: URL): PromotionFilters {
  const category = url.searchParams.get("category");
  const sort = url.searchParams.get("sort");
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    category: category && (PUBLIC_PROMOTION_CATEGORIES as readonly string[]).includes(category) ? category : null,
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    sort: (PROMOTION_SORTS as readonly string[]).includes(sort ?? "") ? (sort as PromotionSort) : "newest",
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 1000) : 1,
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
  validUntil: promotions.validUntil,
  isPremium: promotions.isPremium,
  createdAt: promotions.createdAt,
  merchantId: promotions.merchantId,
  merchantName: merchants.businessName,
  merchantPremium: merchants.isPremium,
  merchantLogoUrl: merchants.logoUrl,
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
  validUntil: string;
  isPremium: boolean;
  createdAt: string;
  merchantId: string;
  merchantName: string;
  merchantPremium: boolean;
  merchantLogoUrl: string | null;
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
  if (filters.q) {
    const p = likePattern(filters.q);
    where.push(
      or(ilike(promotions.title, p), ilike(promotions.description, p), ilike(merchants.businessName, p)) as SQL,
    );
  }
  const order =
    filters.sort === "ending"
      ? [
          // Still valid first, soonest end first; expired ones after.
          asc(sql`case when ${promotions.validUntil} >= ${todayIso()} then 0 else 1 end`),
          asc(promotions.validUntil),
          desc(promotions.createdAt),
        ]
      : filters.sort === "title"
        ? [asc(sql`lower(${promotions.title})`), desc(promotions.createdAt)]
        : [desc(promotions.createdAt), asc(promotions.id)];
  // Every promotion has its merchant (a non-null foreign key), so the count needs the join only when the
  // search looks at the merchant's name; without it the count is an index-only scan.
  const matching = filters.q
    ? db
        .select({ n: count() })
        .from(promotions)
        .innerJoin(merchants, eq(merchants.id, promotions.merchantId))
        .where(and(...where))
    : db
        .select({ n: count() })
        .from(promotions)
        .where(and(...where));
  const rows = await db
    .select({ ...cardColumns, total: countOf(matching) })
    .from(promotions)
    .innerJoin(merchants, eq(merchants.id, promotions.merchantId))
    .where(and(...where))
    .orderBy(...order)
    .limit(pageSize)
    .offset((filters.page - 1) * pageSize);
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
    .where(and(eq(promotions.municipalityId, municipalityId), sql`${promotions.validUntil} >= ${todayIso()}`))
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
      phoneNumber: merchants.phoneNumber,
      websiteUrl: merchants.websiteUrl,
    })
    .from(promotions)
    .innerJoin(merchants, eq(merchants.id, promotions.merchantId))
    .where(and(eq(promotions.id, id), eq(promotions.municipalityId, municipalityId)))
    .limit(1);
  if (!row) return null;
  const { businessEmail, address, phoneNumber, websiteUrl, ...rest } = row;
  return {
    ...toCard(rest),
    termsAndConditions: row.termsAndConditions,
    merchant: {
      id: row.merchantId,
      businessName: row.merchantName,
      businessEmail,
      logoUrl: row.merchantLogoUrl,
      address,
      phoneNumber,
      websiteUrl,
      isPremium: row.merchantPremium,
    },
  };
}
