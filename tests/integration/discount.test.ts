/** A promotion's discount is stored as a percentage or an amount, never as the merchant's free text. */
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { promotions } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { parseWith } from "~/lib/forms/form.server";
import { discountColumns, discountInputText } from "~/modules/promotion";
import { merchantPromotionSchema } from "~/modules/promotion/promotion.schema";
import { createPromotion, updatePromotion } from "~/modules/promotion/promotion.server";
import { listPublicPromotions } from "~/modules/promotion/promotion.queries.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";

const form = (discount: string) => ({
  title: "Discounted",
  valid_until: "2099-12-31",
  pricing_mode: "percentage",
  discount,
});

describe("discount storage", () => {
  it("stores a percentage or an amount, and refuses text that is neither", async () => {
    const town = await makeMunicipality();
    const merchant = await actorFor(await makeUser("merchant", { municipalityId: town.id }));

    const pct = await createPromotion(merchant, merchantPromotionSchema.parse(form("30% Off")));
    expect(pct).toMatchObject({ discount: null, discountPercent: 30, discountAmountCents: null });
    const amount = await updatePromotion(merchant, pct.id, merchantPromotionSchema.parse(form("€5,50")));
    expect(amount).toMatchObject({ discount: null, discountPercent: null, discountAmountCents: 550 });
    expect(discountInputText(amount)).toBe("€5.50");

    const bad = parseWith(merchantPromotionSchema, form("half price on Tuesdays"));
    expect(bad.ok).toBe(false);
    expect(bad.ok ? null : bad.fieldErrors.discount).toBe("merchant:promotions.errors.discountFormat");
    expect(() => merchantPromotionSchema.parse(form("150%"))).toThrow();

    // The public list hands the numbers to the page, which writes them in the reader's language.
    const { items } = await listPublicPromotions(town.id, {
      category: null,
      tag: null,
      q: "",
      sort: "newest",
      page: 1,
      expired: false,
    });
    expect(items.find((i) => i.id === pct.id)).toMatchObject({ discountPercent: null, discountAmountCents: 550 });
  });

  it("migration 0023 moves parseable free texts to the numbers and keeps the others", async () => {
    const town = await makeMunicipality();
    const merchant = await actorFor(await makeUser("merchant", { municipalityId: town.id }));
    const db = await getDb();
    const legacy = async (text: string) => {
      const row = await createPromotion(merchant, merchantPromotionSchema.parse(form("10%")));
      await db.update(promotions).set({ discount: text, discountPercent: null }).where(eq(promotions.id, row.id));
      return row.id;
    };
    const ids = { pct: await legacy("30% Off"), eur: await legacy("€ 5,50 korting"), other: await legacy("2 for 1") };
    const file = fs.readFileSync(path.resolve("db/migrations/0023_panel_contacts_discounts.sql"), "utf8");
    for (const statement of file.split("--> statement-breakpoint").filter((s) => s.includes('UPDATE "promotions"'))) {
      await db.execute(sql.raw(statement));
    }
    const read = async (id: string) => (await db.select().from(promotions).where(eq(promotions.id, id)))[0];
    expect(await read(ids.pct)).toMatchObject({ discount: null, discountPercent: 30 });
    expect(await read(ids.eur)).toMatchObject({ discount: null, discountAmountCents: 550 });
    expect(await read(ids.other)).toMatchObject({
      discount: "2 for 1",
      discountPercent: null,
      discountAmountCents: null,
    });
  });

  it("reads the usual ways of writing a discount", () => {
    expect(discountColumns("20% Off")).toEqual({ discount: null, discountPercent: 20, discountAmountCents: null });
    expect(discountColumns("-15 %")).toMatchObject({ discountPercent: 15 });
    expect(discountColumns("15% de réduction")).toMatchObject({ discountPercent: 15 });
    expect(discountColumns("5 euro korting")).toMatchObject({ discountAmountCents: 500 });
    expect(discountColumns("€ 2.5")).toMatchObject({ discountAmountCents: 250 });
    expect(discountColumns("2 for 1")).toEqual({
      discount: "2 for 1",
      discountPercent: null,
      discountAmountCents: null,
    });
  });
});
