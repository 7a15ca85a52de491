/** The promotions list (filter, search, sort, pagination on the server), events list and merchant directory. */
import { describe, expect, it } from "vitest";
import { eventFiltersFrom, findPublicEvent, listPublicEvents } from "~/modules/event/event.queries.server";
import {
  findPublicMerchant,
  listDirectory,
  merchantFiltersFrom,
  parseOpeningHours,
} from "~/modules/merchant/merchant.queries.server";
import {
  findPublicPromotion,
  listPublicPromotions,
  promotionFiltersFrom,
} from "~/modules/promotion/promotion.queries.server";
import { likePattern } from "~/lib/db/query";
import { makeMunicipality } from "../factories";
import { isoDay, makeEvent, makeMerchant, makePromotion } from "./public-helpers";

const filters = (query: string) => promotionFiltersFrom(new URL(`http://x/promotions/t?${query}`));
const withExpired = (query: string) => filters(`expired=1&${query}`);

describe("promotions list", () => {
  it("filters by category, searches title, description and merchant, sorts and paginates on the server", async () => {
    const town = await makeMunicipality();
    const bakery = await makeMerchant(town.id, { businessName: "Bakkerij Zon" });
    const garage = await makeMerchant(town.id, { businessName: "Garage Noord" });
    const minutes = (m: number) => new Date(Date.now() - m * 60_000);
    const bread = await makePromotion(bakery.id, town.id, {
      title: "Bread deal",
      category: "Food & Drink",
      validUntil: isoDay(20),
      createdAt: minutes(5),
    });
    const cake = await makePromotion(bakery.id, town.id, {
      title: "apple cake",
      description: "With 50% more apples",
      category: "Food & Drink",
      validUntil: isoDay(2),
      createdAt: minutes(4),
    });
    const tyres = await makePromotion(garage.id, town.id, {
      title: "Winter tyres",
      category: "Automotive",
      validUntil: isoDay(7),
      createdAt: minutes(3),
    });
    const old = await makePromotion(garage.id, town.id, {
      title: "Old oil change",
      category: "Automotive",
      validUntil: isoDay(-5),
      createdAt: minutes(1),
    });
    // Another town's promotion never shows.
    const other = await makeMunicipality();
    const otherShop = await makeMerchant(other.id);
    await makePromotion(otherShop.id, other.id, { title: "Bread elsewhere", category: "Food & Drink" });

    // Expired promotions leave the list unless "show expired" is asked.
    const current = await listPublicPromotions(town.id, filters(""));
    expect(current.items.map((p) => p.id)).toEqual([tyres.id, cake.id, bread.id]);
    expect(current.total).toBe(3);
    const all = await listPublicPromotions(town.id, withExpired(""));
    expect(all.total).toBe(4);
    expect(all.items.map((p) => p.id)).toEqual([old.id, tyres.id, cake.id, bread.id]);

    const food = await listPublicPromotions(town.id, withExpired("category=Food+%26+Drink"));
    expect(food.items.map((p) => p.id).sort()).toEqual([bread.id, cake.id].sort());

    expect((await listPublicPromotions(town.id, withExpired("q=BREAD"))).items.map((p) => p.id)).toEqual([bread.id]);
    expect((await listPublicPromotions(town.id, withExpired("q=garage+noord"))).total).toBe(2);
    // Full-text search: "50%" is the word 50; a search of punctuation only is no search.
    expect((await listPublicPromotions(town.id, withExpired("q=50%25"))).items.map((p) => p.id)).toEqual([cake.id]);
    expect((await listPublicPromotions(town.id, withExpired("q=%25"))).total).toBe(4);
    expect(likePattern("a_b")).toBe("%a\\_b%");

    const byTitle = await listPublicPromotions(town.id, withExpired("sort=title"));
    expect(byTitle.items.map((p) => p.title)).toEqual(["apple cake", "Bread deal", "Old oil change", "Winter tyres"]);
    const ending = await listPublicPromotions(town.id, withExpired("sort=ending"));
    // Still valid, soonest end first; expired last.
    expect(ending.items.map((p) => p.id)).toEqual([cake.id, tyres.id, bread.id, old.id]);

    const page1 = await listPublicPromotions(town.id, withExpired("sort=title"), 3);
    expect(page1).toMatchObject({ total: 4, page: 1, pages: 2 });
    expect(page1.items).toHaveLength(3);
    const page2 = await listPublicPromotions(town.id, withExpired("sort=title&page=2"), 3);
    expect(page2.items.map((p) => p.title)).toEqual(["Winter tyres"]);
    const beyond = await listPublicPromotions(town.id, withExpired("page=9"), 3);
    expect(beyond).toMatchObject({ items: [], total: 4, pages: 2 });

    const none = await listPublicPromotions(town.id, withExpired("category=Restaurants&q=bread"));
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it("ignores unknown filter values", () => {
    // While searching, the default order is the best match.
    expect(
      filters(`category=Weapons&tag=cheap&merchant=${"%3C".repeat(3)}&sort=price&page=-3&q=${"x".repeat(300)}`),
    ).toEqual({
      category: null,
      tag: null,
      merchant: null,
      sort: "relevance",
      page: 1,
      q: "x".repeat(100),
      expired: false,
    });
  });

  it("finds a promotion only within its municipality, and treats malformed ids as not found", async () => {
    const town = await makeMunicipality();
    const other = await makeMunicipality();
    const shop = await makeMerchant(town.id, { address: "Markt 1, 3500 Hasselt", phoneNumber: "+32 11 22 33 44" });
    const promo = await makePromotion(shop.id, town.id, { termsAndConditions: "One per person\nWhile stocks last" });
    const found = await findPublicPromotion(town.id, promo.id);
    expect(found?.merchant).toMatchObject({ id: shop.id, address: "Markt 1, 3500 Hasselt" });
    expect(found?.termsAndConditions).toBe("One per person\nWhile stocks last");
    expect(await findPublicPromotion(other.id, promo.id)).toBeNull();
    expect(await findPublicPromotion(town.id, "not-a-uuid")).toBeNull();
    expect(await findPublicPromotion(town.id, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});

describe("events list", () => {
  it("shows upcoming events by date, past ones on request, filtered by category", async () => {
    const town = await makeMunicipality();
    const shop = await makeMerchant(town.id);
    const later = await makeEvent(shop.id, town.id, { title: "Later", startDate: isoDay(9), category: "Music" });
    const soon = await makeEvent(shop.id, town.id, { title: "Soon", startDate: isoDay(1), category: "Sports" });
    const past = await makeEvent(shop.id, town.id, { title: "Past", startDate: isoDay(-4), category: "Music" });
    const f = (q: string) => eventFiltersFrom(new URL(`http://x/events/t?${q}`));
    expect((await listPublicEvents(town.id, f(""))).items.map((e) => e.id)).toEqual([soon.id, later.id]);
    expect((await listPublicEvents(town.id, f("when=past"))).items.map((e) => e.id)).toEqual([past.id]);
    expect((await listPublicEvents(town.id, f("category=Music"))).items.map((e) => e.id)).toEqual([later.id]);
    expect(f("category=Nope").category).toBeNull();
    const detail = await findPublicEvent(town.id, soon.id);
    expect(detail?.merchant.businessEmail).toBe(shop.businessEmail);
    expect(await findPublicEvent((await makeMunicipality()).id, soon.id)).toBeNull();
  });
});

describe("merchant directory", () => {
  it("counts active promotions and upcoming events per merchant, with search, category and municipality", async () => {
    const town = await makeMunicipality();
    const other = await makeMunicipality();
    const a = await makeMerchant(town.id, { businessName: "Alpha Bakery", category: "Food & Drink" });
    const b = await makeMerchant(town.id, { businessName: "Beta Books", category: "Education" });
    const c = await makeMerchant(other.id, { businessName: "Gamma Garage", category: "Automotive" });
    for (let i = 0; i < 3; i++) await makePromotion(a.id, town.id);
    await makePromotion(a.id, town.id, { validUntil: isoDay(-1) }); // expired: not counted
    await makeEvent(a.id, town.id);
    await makeEvent(b.id, town.id);
    await makeEvent(b.id, town.id);
    await makeEvent(b.id, town.id, { startDate: isoDay(-1) }); // past: not counted
    await makePromotion(c.id, other.id);

    const f = (q: string) => merchantFiltersFrom(new URL(`http://x/merchants?${q}`));
    const inTown = await listDirectory(f(`municipality=${town.slug}`));
    expect(inTown.total).toBe(2);
    expect(inTown.items.map((m) => [m.businessName, m.promotionCount, m.eventCount])).toEqual([
      ["Alpha Bakery", 3, 1],
      ["Beta Books", 0, 2],
    ]);
    expect(inTown.items[0].municipalitySlug).toBe(town.slug);

    const books = await listDirectory(f(`municipality=${town.slug}&category=Education`));
    expect(books.items.map((m) => m.id)).toEqual([b.id]);
    const search = await listDirectory(f("q=gamma"));
    expect(search.items.map((m) => [m.id, m.promotionCount])).toEqual([[c.id, 1]]);
    const paged = await listDirectory(f(`municipality=${town.slug}&page=2`), 1);
    expect(paged).toMatchObject({ total: 2, page: 2, pages: 2 });
    expect(paged.items.map((m) => m.id)).toEqual([b.id]);

    const detail = await findPublicMerchant(a.id);
    expect(detail).toMatchObject({ promotionCount: 3, eventCount: 1, municipalityName: town.name });
    expect(await findPublicMerchant("nobody")).toBeNull();
    // An id that cannot be an account's (a NUL, which PostgreSQL refuses in text, a slash, a space) is not found.
    for (const id of [`${a.id}\u0000`, "abc\u0000", "a/b", "a b", "x".repeat(65)]) {
      expect(await findPublicMerchant(id), JSON.stringify(id)).toBeNull();
    }
  });

  it("reads opening hours from JSON or a JSON string, keeping only days with text", () => {
    const hours = [
      { day: "Monday - Friday", hours: "9:00 - 18:00" },
      { day: "Sunday", hours: "" },
    ];
    expect(parseOpeningHours(hours)).toEqual([{ day: "Monday - Friday", hours: "9:00 - 18:00" }]);
    expect(parseOpeningHours(JSON.stringify(hours))).toEqual([{ day: "Monday - Friday", hours: "9:00 - 18:00" }]);
    expect(parseOpeningHours("{not json")).toEqual([]);
    expect(parseOpeningHours(null)).toEqual([]);
  });
});
