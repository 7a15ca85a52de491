/** A merchant's all-time figures do not drop when a promotion or an event is deleted. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dailyMetrics, events, merchants, promotions } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { todayIso } from "~/lib/i18n/format";
import { merchantDashboard } from "~/modules/merchant/merchant.server";
import { merchantMetrics } from "~/modules/metrics/metrics.server";
import { actorFor, makeMunicipality } from "../factories";
import { makeEvent, makeMerchant, makePromotion } from "./public-helpers";

describe("all-time totals", () => {
  it("keep deleted promotions' and events' count, views and clicks", async () => {
    const town = await makeMunicipality();
    const merchant = await makeMerchant(town.id);
    const owner = await actorFor({ id: merchant.id });
    const first = await makePromotion(merchant.id, town.id, { title: "First" });
    const second = await makePromotion(merchant.id, town.id, { title: "Second" });
    const event = await makeEvent(merchant.id, town.id, { title: "Evening" });
    const db = await getDb();
    const day = todayIso();
    await db.insert(dailyMetrics).values([
      { promotionId: first.id, day, kind: "view", count: 10 },
      { promotionId: first.id, day, kind: "call", count: 3 },
      { promotionId: second.id, day, kind: "view", count: 5 },
      { eventId: event.id, day, kind: "view", count: 4 },
      { eventId: event.id, day, kind: "share", count: 1 },
    ]);
    const before = await merchantMetrics(owner, owner.id);
    expect(before.totals.view).toBe(19);
    expect(before.clicks).toBe(4);
    expect((await merchantDashboard(owner))?.totalPromotions).toBe(2);

    await db.delete(promotions).where(eq(promotions.id, first.id));
    await db.delete(events).where(eq(events.id, event.id));

    const after = await merchantMetrics(owner, owner.id);
    expect(after.totals.view).toBe(19);
    expect(after.clicks).toBe(4);
    // The deleted promotion's own figures are gone from the per-promotion list; the totals are not.
    expect(after.promotions.map((p) => p.title)).toEqual(["Second"]);
    expect((await merchantDashboard(owner))?.totalPromotions).toBe(2);

    await makePromotion(merchant.id, town.id, { title: "Third" });
    expect((await merchantDashboard(owner))?.totalPromotions).toBe(3);
  });

  it("deleting a merchant with promotions still works (its own totals go with it)", async () => {
    const town = await makeMunicipality();
    const merchant = await makeMerchant(town.id);
    const promotion = await makePromotion(merchant.id, town.id);
    const db = await getDb();
    await db.insert(dailyMetrics).values({ promotionId: promotion.id, day: todayIso(), kind: "view", count: 2 });
    await db.delete(merchants).where(eq(merchants.id, merchant.id));
    expect(await db.select().from(promotions).where(eq(promotions.id, promotion.id))).toEqual([]);
  });
});
