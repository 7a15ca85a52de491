/** Municipality home data: the live-updates merge rule, the counters, and inactive municipalities. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { municipalities, users } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { todayIso } from "~/lib/i18n/format";
import { requireActiveMunicipality } from "~/server/municipality-guard.server";
import { homeEvents } from "~/modules/event/event.queries.server";
import { LIVE_MAX, LIVE_PER_SOURCE, homeSnapshot, liveUpdates, municipalityCounts } from "~/modules/live/live.server";
import { findPublicMerchant, listDirectory } from "~/modules/merchant/merchant.queries.server";
import { homePromotions } from "~/modules/promotion/promotion.queries.server";
import { makeMunicipality, makeUser } from "../factories";
import { isoDay, makeEvent, makeMerchant, makePromotion } from "./public-helpers";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe("live updates", () => {
  it("takes the latest 5 per source, merges them newest first and caps the list at 10", async () => {
    const town = await makeMunicipality();
    const db = await getDb();
    // Residents: 7, created 1..7 minutes ago (the newest items overall).
    for (let i = 1; i <= 7; i++) {
      const u = await makeUser("user", { municipalityId: town.id, name: `Resident${i} Surname` });
      await db
        .update(users)
        .set({ createdAt: minutesAgo(i) })
        .where(eq(users.id, u.id));
    }
    // Merchants: 2 created long ago.
    const m1 = await makeMerchant(town.id, { createdAt: minutesAgo(500) });
    const m2 = await makeMerchant(town.id, { createdAt: minutesAgo(600) });
    // Promotions: 6, created 10..15 minutes ago. Events: 6, created 20..25 minutes ago.
    for (let i = 0; i < 6; i++) await makePromotion(m1.id, town.id, { title: `P${i}`, createdAt: minutesAgo(10 + i) });
    for (let i = 0; i < 6; i++) await makeEvent(m2.id, town.id, { title: `E${i}`, createdAt: minutesAgo(20 + i) });
    // Another municipality's news never appears.
    const elsewhere = await makeMunicipality();
    const m3 = await makeMerchant(elsewhere.id);
    await makePromotion(m3.id, elsewhere.id, { title: "Elsewhere", createdAt: new Date() });

    const items = await liveUpdates(town.id);
    expect(items).toHaveLength(LIVE_MAX);
    // Newest first.
    const times = items.map((i) => Date.parse(i.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // At most 5 per source: only 5 of the 7 residents, then the 5 newest promotions.
    const count = (type: string) => items.filter((i) => i.type === type).length;
    expect(count("user")).toBe(LIVE_PER_SOURCE);
    expect(count("promotion")).toBe(LIVE_PER_SOURCE);
    expect(count("event")).toBe(0);
    expect(items.filter((i) => i.type === "user").map((i) => i.label)).toEqual([
      "Resident1",
      "Resident2",
      "Resident3",
      "Resident4",
      "Resident5",
    ]);
    expect(items.filter((i) => i.type === "promotion").map((i) => i.label)).toEqual(["P0", "P1", "P2", "P3", "P4"]);
    expect(items.some((i) => i.label === "Elsewhere")).toBe(false);
    // Promotions carry their merchant for the link and the "by" line.
    expect(items.find((i) => i.type === "promotion")?.merchantId).toBe(m1.id);
    // The home page reads the same list and the counters in one round trip.
    const snapshot = await homeSnapshot(town.id, todayIso());
    expect(snapshot.live).toEqual(items);
    expect(snapshot.counts).toEqual(await municipalityCounts(town.id, todayIso()));
    expect(snapshot.counts.members).toBe(9); // 7 residents and the 2 merchants' accounts
  });

  it("mixes sources when the newest items come from different tables, and is empty for an empty town", async () => {
    const town = await makeMunicipality();
    const merchant = await makeMerchant(town.id, { createdAt: minutesAgo(3) });
    await makePromotion(merchant.id, town.id, { createdAt: minutesAgo(2) });
    await makeEvent(merchant.id, town.id, { createdAt: minutesAgo(1) });
    const items = await liveUpdates(town.id);
    // The merchant's own user account is not listed as a resident.
    expect(items.map((i) => i.type)).toEqual(["event", "promotion", "merchant"]);
    const empty = await makeMunicipality();
    expect(await liveUpdates(empty.id)).toEqual([]);
    expect((await homeSnapshot(empty.id, todayIso())).live).toEqual([]);
  });
});

describe("municipality counters and home lists", () => {
  it("counts members, merchants, promotions valid today or later and events from today on", async () => {
    const town = await makeMunicipality();
    await makeUser("user", { municipalityId: town.id });
    await makeUser("user", { municipalityId: town.id });
    const merchant = await makeMerchant(town.id);
    await makePromotion(merchant.id, town.id, { validUntil: todayIso() });
    await makePromotion(merchant.id, town.id, { validUntil: isoDay(30) });
    await makePromotion(merchant.id, town.id, { validUntil: isoDay(-2) });
    await makeEvent(merchant.id, town.id, { startDate: todayIso() });
    await makeEvent(merchant.id, town.id, { startDate: isoDay(-3) });
    const counts = await municipalityCounts(town.id, todayIso());
    // Members: two residents and the merchant's account.
    expect(counts).toEqual({ members: 3, merchants: 1, promotions: 2, events: 1 });
    expect(await municipalityCounts((await makeMunicipality()).id, todayIso())).toEqual({
      members: 0,
      merchants: 0,
      promotions: 0,
      events: 0,
    });
  });

  it("lists at most 12 valid promotions (premium first) and at most 6 upcoming events", async () => {
    const town = await makeMunicipality();
    const merchant = await makeMerchant(town.id);
    for (let i = 0; i < 14; i++) await makePromotion(merchant.id, town.id, { title: `P${i}`, isPremium: i === 3 });
    await makePromotion(merchant.id, town.id, { title: "Expired", validUntil: isoDay(-1) });
    for (let i = 0; i < 8; i++) await makeEvent(merchant.id, town.id, { title: `E${i}`, startDate: isoDay(i + 1) });
    await makeEvent(merchant.id, town.id, { title: "Past", startDate: isoDay(-1) });
    const promos = await homePromotions(town.id);
    expect(promos).toHaveLength(12);
    expect(promos[0].title).toBe("P3");
    expect(promos.some((p) => p.title === "Expired")).toBe(false);
    const evts = await homeEvents(town.id);
    expect(evts.map((e) => e.title)).toEqual(["E0", "E1", "E2", "E3", "E4", "E5"]);
  });
});

describe("inactive municipalities", () => {
  it("redirect to /404 and hide their merchants", async () => {
    const town = await makeMunicipality({ isActive: false });
    const merchant = await makeMerchant(town.id, { businessName: "Hidden shop" });
    const thrown = await requireActiveMunicipality(town.slug).catch((r: unknown) => r);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/404");
    const unknown = await requireActiveMunicipality("no-such-town").catch((r: unknown) => r);
    expect((unknown as Response).headers.get("location")).toBe("/404");
    expect(await findPublicMerchant(merchant.id)).toBeNull();
    const directory = await listDirectory({ q: "Hidden shop", category: null, municipality: null, page: 1 });
    expect(directory.total).toBe(0);
    const bySlug = await listDirectory({ q: "", category: null, municipality: town.slug, page: 1 });
    expect(bySlug.items).toEqual([]);
    // Active again: visible again.
    const db = await getDb();
    await db.update(municipalities).set({ isActive: true }).where(eq(municipalities.id, town.id));
    expect((await findPublicMerchant(merchant.id))?.businessName).toBe("Hidden shop");
  });
});
