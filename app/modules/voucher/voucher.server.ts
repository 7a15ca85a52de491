/**
 * Vouchers: a resident claims one for a promotion (atomically against the stock and the per-resident limit),
 * sees it with its code and QR code, and the promotion's merchant redeems it once at the counter.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { merchants, municipalities, promotions, users, vouchers } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { authorize } from "~/lib/auth/authorize";
import { activePromotion } from "~/lib/db/current";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { isUuid } from "~/lib/db/query";
import { HttpError, NotFoundError, ValidationError } from "~/lib/http/errors";
import { recordEvent } from "~/modules/log/index.server";
import { CODE_ALPHABET, type VoucherStatus, formatCode, normalizeCode } from "./voucher.code";
import { can } from "./voucher.policy";

/** Every voucher of this promotion is taken: a 409 the deal page shows as "all claimed". */
const ALL_CLAIMED = "site:vouchers.errors.allClaimed";

function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  // 256 is a multiple of 32: every character is equally likely.
  return [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

const statusOf = (redeemedAt: Date | null, active: boolean): VoucherStatus =>
  redeemedAt ? "redeemed" : active ? "claimed" : "expired";

/**
 * What a promotion's page shows of its vouchers: how many are claimed of how many (null: no stock), the limit per
 * resident, whether the promotion has expired, and the signed-in person's own vouchers of it.
 */
export async function voucherInfoFor(actor: Actor | null, promotionId: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      claimed: count(vouchers.id),
      stock: promotions.voucherStock,
      limit: promotions.voucherLimit,
      active: sql<boolean>`${activePromotion(promotions.validUntil)}`,
    })
    .from(promotions)
    .leftJoin(vouchers, eq(vouchers.promotionId, promotions.id))
    .where(eq(promotions.id, promotionId))
    .groupBy(promotions.id);
  if (!row) return null;
  const mine = actor
    ? await db
        .select({ id: vouchers.id })
        .from(vouchers)
        .where(and(eq(vouchers.promotionId, promotionId), eq(vouchers.userId, actor.id)))
        .orderBy(desc(vouchers.claimedAt))
    : [];
  return {
    claimed: Number(row.claimed),
    stock: row.stock,
    limit: row.limit,
    expired: row.active !== true,
    mine: mine.map((m) => m.id),
  };
}

async function insertVoucher(tx: DbOrTx, promotionId: string, userId: string) {
  // A clash with an existing code (about one in 10^12 per voucher) is simply drawn again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(vouchers)
      .values({ promotionId, userId, code: newCode() })
      .onConflictDoNothing({ target: vouchers.code })
      .returning({ id: vouchers.id, code: vouchers.code });
    if (row) return row;
  }
  throw new Error("no free voucher code");
}

/**
 * Claims a voucher of a current promotion for the signed-in resident. The promotion's row is locked for the
 * claim, so claims of one promotion run one after the other on every worker: the stock and the limit per
 * resident are counted with nobody else claiming in between.
 */
export async function claimVoucher(actor: Actor | null, promotionId: string): Promise<{ id: string; code: string }> {
  authorize(can, actor, "claim");
  if (!isUuid(promotionId)) throw new NotFoundError("site:vouchers.errors.notFound");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({
        id: promotions.id,
        title: promotions.title,
        merchantId: promotions.merchantId,
        stock: promotions.voucherStock,
        limit: promotions.voucherLimit,
        active: sql<boolean>`${activePromotion(promotions.validUntil)}`,
      })
      .from(promotions)
      .where(eq(promotions.id, promotionId))
      .for("update");
    if (!p) throw new NotFoundError("site:vouchers.errors.notFound");
    if (!p.active) throw new ValidationError("site:vouchers.errors.expired");
    const [taken] = await tx
      .select({
        total: count(),
        mine: sql<number>`count(*) filter (where ${vouchers.userId} = ${actor.id})`.mapWith(Number),
      })
      .from(vouchers)
      .where(eq(vouchers.promotionId, p.id));
    if (p.stock !== null && taken.total >= p.stock) throw new HttpError(409, ALL_CLAIMED);
    if (taken.mine >= p.limit) {
      throw new ValidationError("site:vouchers.errors.limitReached", {}, { limit: String(p.limit) });
    }
    const voucher = await insertVoucher(tx, p.id, actor.id);
    await recordEvent(
      {
        userId: actor.id,
        eventType: "voucher.claimed",
        description: `A resident claimed a voucher for "${p.title}"`,
        metadata: { promotionId: p.id, voucherId: voucher.id, merchantId: p.merchantId },
      },
      tx,
    );
    return voucher;
  });
}

const voucherColumns = {
  id: vouchers.id,
  userId: vouchers.userId,
  code: vouchers.code,
  claimedAt: vouchers.claimedAt,
  redeemedAt: vouchers.redeemedAt,
  promotionId: promotions.id,
  title: promotions.title,
  originalLocale: promotions.originalLocale,
  translations: promotions.translations,
  validUntil: promotions.validUntil,
  price: promotions.price,
  originalPrice: promotions.originalPrice,
  discount: promotions.discount,
  merchantName: merchants.businessName,
  merchantAddress: merchants.address,
  municipalitySlug: municipalities.slug,
  active: sql<boolean>`${activePromotion(promotions.validUntil)}`,
};

const voucherQuery = (db: DbOrTx) =>
  db
    .select(voucherColumns)
    .from(vouchers)
    .innerJoin(promotions, eq(promotions.id, vouchers.promotionId))
    .innerJoin(merchants, eq(merchants.id, promotions.merchantId))
    .leftJoin(municipalities, eq(municipalities.id, promotions.municipalityId));

type VoucherRow = Awaited<ReturnType<ReturnType<typeof voucherQuery>["execute"]>>[number];

function toVoucher({ active, userId: _owner, ...r }: VoucherRow) {
  return {
    ...r,
    code: formatCode(r.code),
    claimedAt: r.claimedAt.toISOString(),
    redeemedAt: r.redeemedAt ? r.redeemedAt.toISOString() : null,
    status: statusOf(r.redeemedAt, active === true),
  };
}

/** "My vouchers": the signed-in person's vouchers, newest first. */
export async function listMyVouchers(actor: Actor | null) {
  authorize(can, actor, "list-own");
  const db = await getDb();
  const rows = await voucherQuery(db).where(eq(vouchers.userId, actor.id)).orderBy(desc(vouchers.claimedAt)).limit(200);
  return rows.map(toVoucher);
}

/** One of the signed-in person's vouchers with its QR code (an SVG drawn on the server), or a 404. */
export async function getMyVoucher(actor: Actor | null, id: string) {
  authorize(can, actor, "list-own");
  if (!isUuid(id)) throw new NotFoundError();
  const db = await getDb();
  const [row] = await voucherQuery(db).where(eq(vouchers.id, id)).limit(1);
  if (!row || !can(actor, "read", { userId: row.userId })) throw new NotFoundError();
  const voucher = toVoucher(row);
  const qrSvg = await QRCode.toString(voucher.code, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { ...voucher, qrSvg };
}

const firstName = (name: string | null) => (name ?? "").trim().split(/\s+/)[0] || null;

/**
 * A code as the merchant's till sees it: the voucher, its deal and the resident's first name, or the reason it
 * cannot be redeemed (unknown, another merchant's, expired, already redeemed) as a translated message.
 */
async function voucherAtCounter(db: DbOrTx, actor: Actor, input: string) {
  const code = normalizeCode(input);
  if (!code) throw new ValidationError("merchant:redeem.errors.badCode", { code: "merchant:redeem.errors.badCode" });
  const [row] = await db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      redeemedAt: vouchers.redeemedAt,
      claimedAt: vouchers.claimedAt,
      promotionId: promotions.id,
      merchantId: promotions.merchantId,
      title: promotions.title,
      originalLocale: promotions.originalLocale,
      translations: promotions.translations,
      price: promotions.price,
      originalPrice: promotions.originalPrice,
      discount: promotions.discount,
      validUntil: promotions.validUntil,
      active: sql<boolean>`${activePromotion(promotions.validUntil)}`,
      residentName: users.name,
    })
    .from(vouchers)
    .innerJoin(promotions, eq(promotions.id, vouchers.promotionId))
    .leftJoin(users, eq(users.id, vouchers.userId))
    .where(eq(vouchers.code, code))
    .limit(1);
  if (!row) throw new ValidationError("merchant:redeem.errors.unknown", { code: "merchant:redeem.errors.unknown" });
  if (row.merchantId !== actor.id) {
    throw new ValidationError("merchant:redeem.errors.notYours", { code: "merchant:redeem.errors.notYours" });
  }
  if (row.redeemedAt) {
    throw new ValidationError(
      "merchant:redeem.errors.alreadyRedeemed",
      { code: "merchant:redeem.errors.alreadyRedeemed" },
      { at: row.redeemedAt.toISOString() },
    );
  }
  if (!row.active) {
    throw new ValidationError(
      "merchant:redeem.errors.expired",
      { code: "merchant:redeem.errors.expired" },
      { date: row.validUntil },
    );
  }
  const { residentName, merchantId: _m, active: _a, ...rest } = row;
  return {
    ...rest,
    code: formatCode(row.code),
    claimedAt: row.claimedAt.toISOString(),
    redeemedAt: null as string | null,
    firstName: firstName(residentName),
  };
}

type CounterVoucher = Awaited<ReturnType<typeof voucherAtCounter>>;

/** The merchant's check of a code before redeeming it (rate-limited by the route). */
export async function checkVoucher(actor: Actor | null, input: string): Promise<CounterVoucher> {
  authorize(can, actor, "redeem");
  return voucherAtCounter(await getDb(), actor, input);
}

/** Marks the code redeemed, once: a second try (or a race with another till) says when it was redeemed. */
export async function redeemVoucher(actor: Actor | null, input: string): Promise<CounterVoucher> {
  authorize(can, actor, "redeem");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const voucher = await voucherAtCounter(tx, actor, input);
    const [done] = await tx
      .update(vouchers)
      .set({ redeemedAt: new Date() })
      .where(and(eq(vouchers.id, voucher.id), sql`${vouchers.redeemedAt} is null`))
      .returning({ redeemedAt: vouchers.redeemedAt });
    if (!done?.redeemedAt) {
      const [now] = await tx.select({ at: vouchers.redeemedAt }).from(vouchers).where(eq(vouchers.id, voucher.id));
      throw new ValidationError(
        "merchant:redeem.errors.alreadyRedeemed",
        { code: "merchant:redeem.errors.alreadyRedeemed" },
        { at: now?.at?.toISOString() ?? "" },
      );
    }
    await recordEvent(
      {
        userId: actor.id,
        eventType: "voucher.redeemed",
        description: `${actor.email} redeemed a voucher for "${voucher.title}"`,
        metadata: { promotionId: voucher.promotionId, voucherId: voucher.id },
      },
      tx,
    );
    return { ...voucher, redeemedAt: done.redeemedAt.toISOString() };
  });
}

/** Claimed and redeemed vouchers per promotion of one merchant (its dashboard), the latest claimed first. */
export async function merchantVoucherCounts(actor: Actor | null, merchantId: string) {
  authorize(can, actor, "read-counts", { merchantId });
  const db = await getDb();
  const rows = await db
    .select({
      id: promotions.id,
      title: promotions.title,
      stock: promotions.voucherStock,
      claimed: count(),
      redeemed: sql<number>`count(${vouchers.redeemedAt})`.mapWith(Number),
      latest: sql<string>`max(${vouchers.claimedAt})`,
    })
    .from(vouchers)
    .innerJoin(promotions, eq(promotions.id, vouchers.promotionId))
    .where(eq(promotions.merchantId, merchantId))
    .groupBy(promotions.id)
    .orderBy(desc(sql`max(${vouchers.claimedAt})`), promotions.id)
    .limit(50);
  return rows.map(({ latest: _l, ...r }) => ({ ...r, claimed: Number(r.claimed) }));
}
