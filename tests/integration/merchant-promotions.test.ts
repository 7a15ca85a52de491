/** Merchant promotions and events: ownership scoping, forged fields, pricing mode, audit rows. */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, merchants, platformEventLogs, promotions } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { parseWith } from "~/lib/forms/form.server";
import { ForbiddenError, NotFoundError, ValidationError } from "~/lib/http/errors";
import { merchantEventSchema } from "~/modules/event/event.schema";
import { createEvent, deleteEvent, listAllEvents, listOwnEvents, updateEvent } from "~/modules/event/event.server";
import { adminPromotionSchema, merchantPromotionSchema } from "~/modules/promotion/promotion.schema";
import {
  createPromotion,
  deletePromotion,
  listAllPromotions,
  listOwnPromotions,
  updatePromotion,
} from "~/modules/promotion/promotion.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";

const promo = (over: Record<string, unknown> = {}) =>
  merchantPromotionSchema.parse({ title: "Croissant deal", valid_until: "2099-12-31", price: "€2", ...over });
const event = (over: Record<string, unknown> = {}) =>
  merchantEventSchema.parse({
    title: "Jazz night",
    start_date: "2099-06-01",
    venue: "Grote Markt",
    category: "Music",
    ...over,
  });

async function auditRows(eventType: string, key: string, id: string) {
  const db = await getDb();
  const rows = await db.select().from(platformEventLogs).where(eq(platformEventLogs.eventType, eventType));
  return rows.filter((r) => (r.metadata as Record<string, unknown>)[key] === id);
}

let a: Actor;
let b: Actor;
let admin: Actor;
let townA: string;
let townB: string;

beforeAll(async () => {
  townA = (await makeMunicipality()).id;
  townB = (await makeMunicipality()).id;
  a = await actorFor(await makeUser("merchant", { municipalityId: townA }));
  b = await actorFor(await makeUser("merchant", { municipalityId: townB }));
  admin = await actorFor(await makeUser("admin"));
  const db = await getDb();
  await db.update(merchants).set({ category: "Food & Drink", isPremium: true }).where(eq(merchants.id, a.id));
});

describe("merchant promotions", () => {
  it("takes merchant, municipality, category and premium from the merchant's record, ignoring forged fields", async () => {
    const forged = { ...promo(), merchant_id: b.id, municipality_id: townB, is_premium: false, category: "Gaming" };
    const row = await createPromotion(a, forged);
    expect(row.merchantId).toBe(a.id);
    expect(row.municipalityId).toBe(townA);
    expect(row.category).toBe("Food & Drink");
    expect(row.isPremium).toBe(true);
    // The schema strips the forged fields before they reach the module.
    const parsed = merchantPromotionSchema.parse({ ...forged, valid_until: "2099-12-31", title: "x" });
    expect(parsed).not.toHaveProperty("merchant_id");
    expect(parsed).not.toHaveProperty("is_premium");
    expect(await auditRows("promotion.created", "promotionId", row.id)).toHaveLength(1);
  });

  it("lists only the merchant's own promotions", async () => {
    const mine = await createPromotion(a, promo({ title: "A only" }));
    const theirs = await createPromotion(b, promo({ title: "B only" }));
    const listA = await listOwnPromotions(a);
    expect(listA.map((r) => r.id)).toContain(mine.id);
    expect(listA.map((r) => r.id)).not.toContain(theirs.id);
    expect(listA.every((r) => r.merchantId === a.id)).toBe(true);
  });

  it("never lets merchant A update or delete merchant B's promotion", async () => {
    const theirs = await createPromotion(b, promo({ title: "B original" }));
    await expect(updatePromotion(a, theirs.id, promo({ title: "hacked" }))).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      updatePromotion(a, theirs.id, { ...promo({ title: "hacked" }), merchant_id: a.id } as never),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(deletePromotion(a, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
    // Crafted ids: not a uuid, unknown uuid, SQL-looking text.
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000", `${theirs.id}' or '1'='1`]) {
      await expect(updatePromotion(a, id, promo())).rejects.toBeInstanceOf(NotFoundError);
      await expect(deletePromotion(a, id)).rejects.toBeInstanceOf(NotFoundError);
    }
    const db = await getDb();
    const [still] = await db.select().from(promotions).where(eq(promotions.id, theirs.id));
    expect(still.title).toBe("B original");
    expect(await auditRows("promotion.updated", "promotionId", theirs.id)).toHaveLength(0);
    expect(await auditRows("promotion.deleted", "promotionId", theirs.id)).toHaveLength(0);
  });

  it("updates its own promotion without touching owner, municipality, category or premium", async () => {
    const row = await createPromotion(a, promo({ title: "Before" }));
    const updated = await updatePromotion(a, row.id, {
      ...promo({ title: "After", pricing_mode: "percentage", discount: "20% Off", price: "€9" }),
      merchant_id: b.id,
      municipality_id: townB,
      is_premium: false,
      category: "Gaming",
    } as never);
    expect(updated.title).toBe("After");
    expect(updated.merchantId).toBe(a.id);
    expect(updated.municipalityId).toBe(townA);
    expect(updated.category).toBe("Food & Drink");
    expect(updated.isPremium).toBe(true);
    expect(updated.price).toBeNull();
    // "20% Off" is stored as the number 20 and written out in each reader's language.
    expect(updated.discountPercent).toBe(20);
    expect(updated.discount).toBeNull();
    const [log] = await auditRows("promotion.updated", "promotionId", row.id);
    expect(log.userId).toBe(a.id);
    expect(log.metadata.changed).toEqual(expect.arrayContaining(["title", "price", "discountPercent"]));
    await deletePromotion(a, row.id);
    expect(await auditRows("promotion.deleted", "promotionId", row.id)).toHaveLength(1);
    expect((await listOwnPromotions(a)).map((r) => r.id)).not.toContain(row.id);
  });

  it("applies the pricing-mode rule", () => {
    const price = promo({ pricing_mode: "price", price: "€10", original_price: "€15", discount: "20% Off" });
    expect([price.price, price.original_price, price.discount]).toEqual(["€10", "€15", null]);
    const pct = promo({ pricing_mode: "percentage", price: "€10", original_price: "€15", discount: "20% Off" });
    expect([pct.price, pct.original_price, pct.discount]).toEqual([null, null, { percent: 20, amountCents: null }]);
    // At least one of price or discount, after the mode has cleared the other.
    const missing = merchantPromotionSchema.safeParse({
      title: "x",
      valid_until: "2099-01-01",
      pricing_mode: "percentage",
      price: "€5",
    });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0].message).toBe("merchant:promotions.errors.required");
    expect(merchantPromotionSchema.safeParse({ title: "x", valid_until: "2099-02-30", price: "1" }).success).toBe(
      false,
    );
    expect(
      merchantPromotionSchema.safeParse({
        title: "x",
        valid_until: "2099-01-01",
        price: "1",
        image_url: "javascript:alert(1)",
      }).success,
    ).toBe(false);
  });

  it("answers merchantIdNotFound to a merchant without a merchant record, and forbids other roles", async () => {
    const orphan = await actorFor(await makeUser("merchant"));
    const db = await getDb();
    await db.delete(merchants).where(eq(merchants.id, orphan.id));
    const err = await createPromotion(orphan, promo()).catch((e) => e);
    expect(err).toBeInstanceOf(ForbiddenError);
    expect(err.message).toBe("merchant:errors.merchantIdNotFound");
    await expect(listOwnPromotions(orphan)).rejects.toThrow("merchant:errors.merchantIdNotFound");
    await expect(listOwnEvents(orphan)).rejects.toThrow("merchant:errors.merchantIdNotFound");
    await expect(createEvent(orphan, event())).rejects.toThrow("merchant:errors.merchantIdNotFound");
    const user = await actorFor(await makeUser("user"));
    await expect(createPromotion(user, promo())).rejects.toBeInstanceOf(ForbiddenError);
    await expect(createPromotion(null, promo())).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listAllPromotions(a, { pageSize: 20, offset: 0 })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listAllEvents(a, { pageSize: 20, offset: 0 })).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("admin path: merchant_id from input, municipality from that merchant, category and premium from input", async () => {
    const input = adminPromotionSchema.parse({
      title: "Admin promo",
      valid_until: "2099-01-01",
      price: "€1",
      merchant_id: b.id,
      category: "Retail",
      is_premium: "on",
    });
    const row = await createPromotion(admin, input);
    expect([row.merchantId, row.municipalityId, row.category, row.isPremium]).toEqual([b.id, townB, "Retail", true]);
    await expect(createPromotion(admin, { ...input, merchant_id: "nobody" })).rejects.toBeInstanceOf(ValidationError);
    const { rows, total } = await listAllPromotions(admin, { q: "Admin promo", pageSize: 20, offset: 0 });
    expect(total).toBe(1);
    expect(rows[0].businessName).toMatch(/^Shop /);
    const moved = await updatePromotion(admin, row.id, { ...input, merchant_id: a.id, is_premium: false });
    expect([moved.merchantId, moved.municipalityId, moved.isPremium]).toEqual([a.id, townA, false]);
    await deletePromotion(admin, row.id);
    expect(
      adminPromotionSchema.safeParse({ title: "x", valid_until: "2099-01-01", price: "1" }).error?.issues[0].message,
    ).toBe("merchant:promotions.errors.adminRequired");
  });
});

describe("merchant events", () => {
  it("scopes events to the merchant and ignores forged fields", async () => {
    const row = await createEvent(a, {
      ...event({ attendees: "12abc" }),
      merchant_id: b.id,
      municipality_id: townB,
      is_featured: true,
    } as never);
    expect([row.merchantId, row.municipalityId, row.isFeatured, row.attendees]).toEqual([a.id, townA, false, 12]);
    expect(await auditRows("event.created", "eventId", row.id)).toHaveLength(1);

    const theirs = await createEvent(b, event({ title: "B event" }));
    expect((await listOwnEvents(a)).map((r) => r.id)).not.toContain(theirs.id);
    await expect(updateEvent(a, theirs.id, event({ title: "hacked" }))).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteEvent(a, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteEvent(a, "x'; drop table events; --")).rejects.toBeInstanceOf(NotFoundError);
    const db = await getDb();
    const [still] = await db
      .select()
      .from(events)
      .where(and(eq(events.id, theirs.id), eq(events.merchantId, b.id)));
    expect(still.title).toBe("B event");

    const updated = await updateEvent(a, row.id, {
      ...event({ title: "Renamed", time: "20:30" }),
      is_featured: true,
    } as never);
    expect([updated.title, updated.time, updated.isFeatured]).toEqual(["Renamed", "20:30", false]);
    expect(await auditRows("event.updated", "eventId", row.id)).toHaveLength(1);
    await deleteEvent(a, row.id);
    expect(await auditRows("event.deleted", "eventId", row.id)).toHaveLength(1);
  });

  it("validates events (required fields, attendees, time)", () => {
    expect(event({ attendees: "abc" }).attendees).toBe(0);
    expect(event({ attendees: "-4" }).attendees).toBe(0);
    expect(event({ attendees: "42" }).attendees).toBe(42);
    expect(
      merchantEventSchema.safeParse({ title: "x", start_date: "2099-01-01", venue: "v", category: "Cooking" }).success,
    ).toBe(false);
    const r = parseWith(merchantEventSchema, { title: "", start_date: "", venue: "" });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.formError).toBe("merchant:events.errors.required");
      for (const f of ["title", "start_date", "venue", "category"]) {
        expect(r.fieldErrors[f]).toBe("merchant:events.errors.required");
      }
    }
    expect(merchantEventSchema.safeParse({ ...event(), time: "25:00" }).success).toBe(false);
    expect(event({ time: "" }).time).toBeNull();
  });
});
