/**
 * Promotion commands and panel lists (SPEC §7 promotions) for the merchant and the admin panels.
 * Public reads live in promotion.queries.server.ts.
 *
 * Merchant path: merchant_id is the actor's id from the session; municipality, category and the premium
 * flag come from the merchant's record on create (SPEC §4); posted merchant_id, municipality_id and
 * is_premium are ignored. A row of another merchant is answered as not found, and nothing changes.
 */
import { and, count, desc, eq, ilike, or } from "drizzle-orm";
import { listTotal } from "~/lib/counts.server";
import { merchants, promotions } from "@db/schema";
import type { Actor } from "~/lib/auth.server";
import { type DbOrTx, getDb } from "~/lib/db.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/lib/errors";
import { recordEvent } from "../log/log.server";
import { can } from "./promotion.policy";
import { ADMIN_PROMOTION_REQUIRED, type AdminPromotionInput, type MerchantPromotionInput } from "./promotion.schema";
import { changedFields, isUuid, likePattern } from "~/lib/query";

export type PromotionRow = typeof promotions.$inferSelect;
export type PromotionListRow = PromotionRow & { businessName: string | null };
export type ListQuery = { q?: string; page?: number; pageSize: number; offset: number };

export const MERCHANT_ID_NOT_FOUND = "merchant:errors.merchantIdNotFound";
export const PROMOTION_NOT_FOUND = "merchant:promotions.errors.notFound";

/** The merchant record that owns what the actor creates, or ForbiddenError('Merchant ID not found...'). */
export async function merchantRecordOf(merchantId: string, db?: DbOrTx) {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({
      id: merchants.id,
      municipalityId: merchants.municipalityId,
      category: merchants.category,
      isPremium: merchants.isPremium,
      businessName: merchants.businessName,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row ?? null;
}

async function requireOwnMerchant(actor: Actor, db?: DbOrTx) {
  const record = await merchantRecordOf(actor.id, db);
  if (!record) throw new ForbiddenError(MERCHANT_ID_NOT_FOUND);
  return record;
}

const isAdmin = (actor: Actor | null): actor is Actor => actor?.role === "admin";
/** Merchants and administrators manage promotions at all; which rows is decided per row by the policy. */
const mayManage = (actor: Actor | null): actor is Actor => !!actor && can(actor, "list-own");

/** Input fields every path may set. */
function contentOf(input: MerchantPromotionInput) {
  return {
    title: input.title,
    description: input.description,
    imageUrl: input.image_url,
    validUntil: input.valid_until,
    price: input.price,
    originalPrice: input.original_price,
    discount: input.discount,
    termsAndConditions: input.terms_and_conditions,
  };
}

function adminFields(input: MerchantPromotionInput | AdminPromotionInput) {
  const a = input as Partial<AdminPromotionInput>;
  if (!a.merchant_id || !a.category) {
    throw new ValidationError(ADMIN_PROMOTION_REQUIRED, {
      ...(a.merchant_id ? {} : { merchant_id: ADMIN_PROMOTION_REQUIRED }),
      ...(a.category ? {} : { category: ADMIN_PROMOTION_REQUIRED }),
    });
  }
  return { merchantId: a.merchant_id, category: a.category, isPremium: a.is_premium === true };
}

/** The actor's own promotions, newest first (merchant panel). */
export async function listOwnPromotions(actor: Actor | null): Promise<PromotionRow[]> {
  if (!mayManage(actor)) throw new ForbiddenError();
  const db = await getDb();
  await requireOwnMerchant(actor, db);
  return db
    .select()
    .from(promotions)
    .where(eq(promotions.merchantId, actor.id))
    .orderBy(desc(promotions.createdAt), desc(promotions.id));
}

/** Every promotion with its merchant's business name, newest first, searchable and paged (admin panel). */
export async function listAllPromotions(
  actor: Actor | null,
  query: ListQuery,
): Promise<{ rows: PromotionListRow[]; total: number }> {
  if (!can(actor, "list-all")) throw new ForbiddenError();
  const db = await getDb();
  const q = query.q?.trim();
  const where = q
    ? or(ilike(promotions.title, likePattern(q)), ilike(merchants.businessName, likePattern(q)))
    : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ promotion: promotions, businessName: merchants.businessName })
      .from(promotions)
      .leftJoin(merchants, eq(merchants.id, promotions.merchantId))
      .where(where)
      .orderBy(desc(promotions.createdAt), desc(promotions.id))
      .limit(query.pageSize)
      .offset(query.offset),
    listTotal(db, "promotions", where, () =>
      db
        .select({ total: count() })
        .from(promotions)
        .leftJoin(merchants, eq(merchants.id, promotions.merchantId))
        .where(where),
    ),
  ]);
  return { rows: rows.map((r) => ({ ...r.promotion, businessName: r.businessName })), total };
}

export async function createPromotion(
  actor: Actor | null,
  input: MerchantPromotionInput | AdminPromotionInput,
): Promise<PromotionRow> {
  if (!actor || !can(actor, "create")) throw new ForbiddenError();
  const db = await getDb();
  return db.transaction(async (tx) => {
    let owner: { merchantId: string; municipalityId: string | null; category: string | null; isPremium: boolean };
    if (isAdmin(actor)) {
      const fields = adminFields(input);
      const record = await merchantRecordOf(fields.merchantId, tx);
      if (!record) throw new ValidationError(ADMIN_PROMOTION_REQUIRED, { merchant_id: "validation.invalid" });
      owner = { ...fields, municipalityId: record.municipalityId };
    } else {
      // SPEC §4: municipality, category and premium flag from the merchant's own record.
      const record = await requireOwnMerchant(actor, tx);
      owner = {
        merchantId: record.id,
        municipalityId: record.municipalityId,
        category: record.category,
        isPremium: record.isPremium,
      };
    }
    const [row] = await tx
      .insert(promotions)
      .values({ ...contentOf(input), ...owner })
      .returning();
    await recordEvent(
      {
        userId: actor.id,
        eventType: "promotion.created",
        description: `Promotion "${row.title}" created`,
        metadata: { promotionId: row.id, merchantId: row.merchantId, municipalityId: row.municipalityId },
      },
      tx,
    );
    return row;
  });
}

/** The row if the actor may act on it; otherwise not found (another merchant's row is not revealed). */
async function ownedRow(tx: DbOrTx, actor: Actor, id: string, action: "update" | "delete") {
  if (!isUuid(id)) throw new NotFoundError(PROMOTION_NOT_FOUND);
  const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).limit(1);
  if (!row || !can(actor, action, row)) throw new NotFoundError(PROMOTION_NOT_FOUND);
  return row;
}

export async function updatePromotion(
  actor: Actor | null,
  id: string,
  input: MerchantPromotionInput | AdminPromotionInput,
): Promise<PromotionRow> {
  if (!mayManage(actor)) throw new ForbiddenError();
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!isAdmin(actor)) await requireOwnMerchant(actor, tx);
    const before = await ownedRow(tx, actor, id, "update");
    let values: Partial<typeof promotions.$inferInsert> = contentOf(input);
    if (isAdmin(actor)) {
      const fields = adminFields(input);
      const record = await merchantRecordOf(fields.merchantId, tx);
      if (!record) throw new ValidationError(ADMIN_PROMOTION_REQUIRED, { merchant_id: "validation.invalid" });
      values = { ...values, ...fields, municipalityId: record.municipalityId };
    }
    const [row] = await tx
      .update(promotions)
      .set(values)
      .where(and(eq(promotions.id, before.id), eq(promotions.merchantId, before.merchantId)))
      .returning();
    if (!row) throw new NotFoundError(PROMOTION_NOT_FOUND);
    await recordEvent(
      {
        userId: actor.id,
        eventType: "promotion.updated",
        description: `Promotion "${row.title}" updated`,
        metadata: {
          promotionId: row.id,
          merchantId: row.merchantId,
          changed: changedFields(before as Record<string, unknown>, values as Record<string, unknown>),
        },
      },
      tx,
    );
    return row;
  });
}

export async function deletePromotion(actor: Actor | null, id: string): Promise<void> {
  if (!mayManage(actor)) throw new ForbiddenError();
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (!isAdmin(actor)) await requireOwnMerchant(actor, tx);
    const before = await ownedRow(tx, actor, id, "delete");
    const [row] = await tx
      .delete(promotions)
      .where(and(eq(promotions.id, before.id), eq(promotions.merchantId, before.merchantId)))
      .returning({ id: promotions.id, title: promotions.title, merchantId: promotions.merchantId });
    if (!row) throw new NotFoundError(PROMOTION_NOT_FOUND);
    await recordEvent(
      {
        userId: actor.id,
        eventType: "promotion.deleted",
        description: `Promotion "${row.title}" deleted`,
        metadata: { promotionId: row.id, merchantId: row.merchantId },
      },
      tx,
    );
  });
}
