/**
 * Vouchers on a real database (PGlite and PostgreSQL): claiming against the stock and the limit per resident,
 * 50 residents racing for the last 10 vouchers, the resident's own vouchers, the merchant's check and redemption
 * of a code (once; not another merchant's; not expired; rate-limited), the counts, the promotion form's voucher
 * fields, the audit log, and the privacy export and erasure.
 */
import { and, count, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { platformEventLogs, promotions, vouchers } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError, HttpError, NotFoundError } from "~/lib/http/errors";
import { serverT } from "~/lib/i18n/locale.server";
import { collectUserData } from "~/modules/privacy/collect.server";
import { eraseAccount } from "~/modules/privacy/erase.server";
import { createPromotion, updatePromotion } from "~/modules/promotion/promotion.server";
import { normalizeCode } from "~/modules/voucher/voucher.code";
import {
  checkVoucher,
  claimVoucher,
  getMyVoucher,
  listMyVouchers,
  merchantVoucherCounts,
  redeemVoucher,
  voucherInfoFor,
} from "~/modules/voucher/voucher.server";
import { action as redeemAction } from "~/routes/merchant/redeem";
import { action as claimAction } from "~/routes/account/my-vouchers";
import { actorFor, makeMunicipality, makeUser } from "../factories";
import { isoDay, makeMerchant, makePromotion } from "./public-helpers";

async function setup(fields: Partial<typeof promotions.$inferInsert> = {}) {
  const town = await makeMunicipality();
  const shop = await makeMerchant(town.id, { businessName: "Bakkerij Test" });
  const merchant = await actorFor(shop);
  const promo = await makePromotion(shop.id, town.id, { title: "Free croissant", ...fields });
  return { town, shop, merchant, promo };
}

const resident = async (name?: string) => actorFor(await makeUser("user", { name }));

const rejection = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
};

async function voucherCount(promotionId: string) {
  const db = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(vouchers).where(eq(vouchers.promotionId, promotionId));
  return Number(n);
}

describe("claiming a voucher", () => {
  it("gives a resident a personal code without 0/O or 1/I, a QR code, and a place in My vouchers", async () => {
    const { promo } = await setup({ voucherStock: 100 });
    const anna = await resident("Anna Peeters");
    const voucher = await claimVoucher(anna, promo.id);
    expect(voucher.code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);

    const mine = await listMyVouchers(anna);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: voucher.id, status: "claimed", title: "Free croissant" });
    expect(mine[0].code).toBe(`${voucher.code.slice(0, 4)}-${voucher.code.slice(4)}`);

    const page = await getMyVoucher(anna, voucher.id);
    expect(page.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(page.status).toBe("claimed");
    // Someone else's voucher is not found (not "forbidden": its existence is not told).
    await expect(getMyVoucher(await resident(), voucher.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getMyVoucher(anna, "not-a-uuid")).rejects.toBeInstanceOf(NotFoundError);

    expect(await voucherInfoFor(anna, promo.id)).toEqual({
      claimed: 1,
      stock: 100,
      limit: 1,
      expired: false,
      mine: [voucher.id],
    });
    expect((await voucherInfoFor(null, promo.id))?.mine).toEqual([]);
  });

  it("keeps to the limit per resident and the stock, and stores nothing when it refuses", async () => {
    const { promo } = await setup({ voucherStock: 3, voucherLimit: 2 });
    const a = await resident();
    const b = await resident();
    await claimVoucher(a, promo.id);
    await claimVoucher(a, promo.id);
    const limit = await rejection(claimVoucher(a, promo.id));
    expect(limit.message).toBe("site:vouchers.errors.limitReached");
    expect(limit.params).toEqual({ limit: "2" });
    await claimVoucher(b, promo.id);
    const soldOut = await rejection(claimVoucher(b, promo.id));
    expect(soldOut.status).toBe(409);
    expect(soldOut.message).toBe("site:vouchers.errors.allClaimed");
    expect(await voucherCount(promo.id)).toBe(3);
  });

  it("refuses an expired promotion, an unknown one, and anyone but a resident", async () => {
    const { promo, merchant } = await setup({ validUntil: isoDay(-1) });
    const a = await resident();
    expect((await rejection(claimVoucher(a, promo.id))).message).toBe("site:vouchers.errors.expired");
    expect(await voucherCount(promo.id)).toBe(0);
    expect((await voucherInfoFor(a, promo.id))?.expired).toBe(true);
    await expect(claimVoucher(a, crypto.randomUUID())).rejects.toBeInstanceOf(NotFoundError);
    await expect(claimVoucher(merchant, promo.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(claimVoucher(null, promo.id)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("gives exactly the last 10 vouchers to 50 residents claiming at once, and a clear answer to the 40 others", async () => {
    const { promo } = await setup({ voucherStock: 12 });
    // Two are gone already: 10 remain.
    await claimVoucher(await resident(), promo.id);
    await claimVoucher(await resident(), promo.id);
    const crowd = await Promise.all(Array.from({ length: 50 }, () => resident()));
    const results = await Promise.allSettled(crowd.map((r) => claimVoucher(r, promo.id)));
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(10);
    expect(lost).toHaveLength(40);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(HttpError);
      expect((r.reason as HttpError).message).toBe("site:vouchers.errors.allClaimed");
    }
    expect(await voucherCount(promo.id)).toBe(12);
    const codes = new Set(won.map((r) => (r as PromiseFulfilledResult<{ code: string }>).value.code));
    expect(codes.size).toBe(10);
  });

  it("is recorded in the audit log", async () => {
    const { promo } = await setup();
    const a = await resident();
    const v = await claimVoucher(a, promo.id);
    const db = await getDb();
    const rows = await db
      .select()
      .from(platformEventLogs)
      .where(and(eq(platformEventLogs.eventType, "voucher.claimed"), eq(platformEventLogs.userId, a.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0].metadata).toMatchObject({ promotionId: promo.id, voucherId: v.id });
  });
});

describe("redeeming at the counter", () => {
  it("shows the deal and the first name only, redeems once, and says when on a second try", async () => {
    const { promo, merchant, shop } = await setup({ voucherStock: 5 });
    const anna = await resident("Anna Peeters");
    const v = await claimVoucher(anna, promo.id);
    const typed = `${v.code.slice(0, 4).toLowerCase()} ${v.code.slice(4)}`;
    const seen = await checkVoucher(merchant, typed);
    expect(seen).toMatchObject({ title: "Free croissant", firstName: "Anna", redeemedAt: null });
    expect(JSON.stringify(seen)).not.toContain("Peeters");
    expect(JSON.stringify(seen)).not.toContain(anna.email);

    const done = await redeemVoucher(merchant, v.code);
    expect(done.redeemedAt).not.toBeNull();
    const again = await rejection(redeemVoucher(merchant, v.code));
    expect(again.message).toBe("merchant:redeem.errors.alreadyRedeemed");
    expect(new Date(again.params.at).getTime()).toBe(new Date(done.redeemedAt as string).getTime());
    expect((await rejection(checkVoucher(merchant, v.code))).message).toBe("merchant:redeem.errors.alreadyRedeemed");

    expect((await listMyVouchers(anna))[0].status).toBe("redeemed");
    expect(await merchantVoucherCounts(merchant, shop.id)).toEqual([
      { id: promo.id, title: "Free croissant", stock: 5, claimed: 1, redeemed: 1 },
    ]);
    const db = await getDb();
    const [log] = await db.select().from(platformEventLogs).where(eq(platformEventLogs.eventType, "voucher.redeemed"));
    expect(log).toMatchObject({ userId: merchant.id });
  });

  it("says only 'not one of your vouchers' for another merchant's code, and names bad, unknown and expired codes", async () => {
    const { promo, town } = await setup();
    const other = await actorFor(await makeMerchant(town.id));
    const v = await claimVoucher(await resident(), promo.id);
    const foreign = await rejection(checkVoucher(other, v.code));
    expect(foreign.message).toBe("merchant:redeem.errors.notYours");
    expect(foreign.params).toEqual({});
    expect((await rejection(redeemVoucher(other, v.code))).message).toBe("merchant:redeem.errors.notYours");
    expect((await rejection(checkVoucher(other, "O0I1-XXXX"))).message).toBe("merchant:redeem.errors.badCode");
    expect((await rejection(checkVoucher(other, "2345-6789"))).message).toBe("merchant:redeem.errors.unknown");

    // The promotion ended yesterday: the voucher has expired with it.
    const db = await getDb();
    await db
      .update(promotions)
      .set({ validUntil: isoDay(-1) })
      .where(eq(promotions.id, promo.id));
    const merchant = await actorFor({ id: promo.merchantId });
    const expired = await rejection(redeemVoucher(merchant, v.code));
    expect(expired.message).toBe("merchant:redeem.errors.expired");
    const [row] = await db.select().from(vouchers).where(eq(vouchers.promotionId, promo.id));
    expect(row.redeemedAt).toBeNull();
    // A resident cannot check codes at all.
    await expect(checkVoucher(await resident(), v.code)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("reads codes as typed or scanned", () => {
    expect(normalizeCode("abcd-efgh")).toBe("ABCDEFGH");
    expect(normalizeCode(" ab cd ef gh ")).toBe("ABCDEFGH");
    expect(normalizeCode("voucher: WXYZ-2345")).toBe("WXYZ2345");
    expect(normalizeCode("ABCD-EFG0")).toBeNull();
    expect(normalizeCode("ABCDEFG")).toBeNull();
  });
});

describe("the redeem screen's code checks", () => {
  const context = (actor: unknown) =>
    ({
      requestId: "test",
      nonce: "n",
      locale: "en",
      t: serverT("en"),
      ip: "198.51.100.9",
      getActor: async () => actor,
    }) as unknown as AppLoadContext;
  const post = (body: Record<string, string>) =>
    new Request("http://localhost/merchant/redeem", { method: "POST", body: new URLSearchParams(body) });

  afterEach(() => {
    process.env.RATE_LIMIT_VOUCHER = undefined;
    delete process.env.RATE_LIMIT_VOUCHER;
  });

  it("are rate-limited so codes cannot be guessed", async () => {
    process.env.RATE_LIMIT_VOUCHER = "3/1m";
    const { merchant } = await setup();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = (await redeemAction({
        request: post({ intent: "check", code: `2345-678${i + 2}` }),
        params: {},
        context: context(merchant),
      } as never)) as { init?: { status?: number }; data?: { formError?: string } };
      statuses.push(res.init?.status ?? 200);
      if (i === 3) expect(res.data?.formError).toBe("errors.tooManyRequests");
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it("redeem a typed code through the form, and the claim form redirects to the new voucher", async () => {
    const { promo, merchant } = await setup();
    const a = await resident();
    const claimed = (await claimAction({
      request: new Request("http://localhost/my-vouchers", {
        method: "POST",
        body: new URLSearchParams({ promotionId: promo.id }),
      }),
      params: {},
      context: context(a),
    } as never)) as Response;
    expect(claimed.status).toBe(302);
    const id = claimed.headers.get("Location")?.split("/").pop() ?? "";
    const { code } = await getMyVoucher(a, id);
    const res = (await redeemAction({
      request: post({ intent: "redeem", code }),
      params: {},
      context: context(merchant),
    } as never)) as { ok: boolean; voucher: { redeemedAt: string | null } };
    expect(res.ok).toBe(true);
    expect(res.voucher.redeemedAt).not.toBeNull();
  });
});

describe("a promotion's voucher fields", () => {
  it("accept a stock and a limit, and refuse a stock of 0 or less and a limit above the stock", async () => {
    const { promotionSchemaFor } = await import("~/modules/promotion/promotion.schema");
    const { merchant } = await setup();
    const schema = promotionSchemaFor(merchant);
    const form = (stock: string, limit: string) =>
      schema.safeParse({
        title: "Deal",
        valid_until: isoDay(5),
        price: "€5",
        voucher_stock: stock,
        voucher_limit: limit,
      });
    const ok = form("100", "2");
    expect(ok.success && ok.data).toMatchObject({ voucher_stock: 100, voucher_limit: 2 });
    const unlimited = form("", "");
    expect(unlimited.success && unlimited.data).toMatchObject({ voucher_stock: null, voucher_limit: null });
    const issues = (r: ReturnType<typeof form>) => (r.success ? [] : r.error.issues.map((i) => i.message));
    expect(issues(form("0", "1"))).toContain("merchant:vouchers.errors.stockInvalid");
    expect(issues(form("-3", "1"))).toContain("merchant:vouchers.errors.stockInvalid");
    expect(issues(form("abc", "1"))).toContain("merchant:vouchers.errors.stockInvalid");
    expect(issues(form("5", "6"))).toContain("merchant:vouchers.errors.limitAboveStock");
    expect(issues(form("5", "0"))).toContain("merchant:vouchers.errors.limitInvalid");

    const parsed = form("50", "3");
    if (!parsed.success) throw new Error("expected a valid form");
    const created = await createPromotion(merchant, parsed.data);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(promotions)
      .where(eq(promotions.id, (created as { id: string }).id));
    expect(row).toMatchObject({ voucherStock: 50, voucherLimit: 3 });
    const cleared = form("", "");
    if (!cleared.success) throw new Error("expected a valid form");
    await updatePromotion(merchant, row.id, cleared.data);
    const [after] = await db.select().from(promotions).where(eq(promotions.id, row.id));
    expect(after).toMatchObject({ voucherStock: null, voucherLimit: 1 });
    // The database refuses what the form refuses.
    await expect(db.execute(sql`update promotions set voucher_stock = 0 where id = ${row.id}`)).rejects.toBeTruthy();
  });
});

describe("privacy", () => {
  it("exports a resident's vouchers, and erasure deletes unredeemed ones and unlinks redeemed ones", async () => {
    const { promo, merchant, shop } = await setup();
    const second = await makePromotion(shop.id, promo.municipalityId as string, { title: "Second deal" });
    const a = await resident();
    const kept = await claimVoucher(a, promo.id);
    const dropped = await claimVoucher(a, second.id);
    await redeemVoucher(merchant, kept.code);
    const db = await getDb();
    const data = await collectUserData(db, a.id);
    expect(data?.vouchers.map((v) => v.code).sort()).toEqual([kept.code, dropped.code].sort());

    await eraseAccount(a, a.id, { deleteReports: true }, "self");
    const rows = await db.select().from(vouchers).where(eq(vouchers.promotionId, promo.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null });
    expect(rows[0].redeemedAt).not.toBeNull();
    expect(await voucherCount(second.id)).toBe(0);
    expect(await merchantVoucherCounts(merchant, shop.id)).toEqual([
      { id: promo.id, title: "Free croissant", stock: null, claimed: 1, redeemed: 1 },
    ]);
    // The redeemed voucher no longer names anyone at the counter.
    expect((await rejection(checkVoucher(merchant, kept.code))).message).toBe("merchant:redeem.errors.alreadyRedeemed");
  });
});
