/**
 * Search that understands the languages: full-text documents in Dutch, French and English with
 * unaccent (migration 0012), trigram similarity for names, ranked results, and the landing search's names.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db/db.server";
import { highlight, searchTerms } from "~/lib/search/highlight";
import { listDirectory, merchantFiltersFrom } from "~/modules/merchant/merchant.queries.server";
import { listMerchants } from "~/modules/merchant/merchant.admin.server";
import { listAllEvents } from "~/modules/event/event.server";
import { listAllPromotions } from "~/modules/promotion/promotion.server";
import { listReportsForAdmin } from "~/modules/report/report.admin.server";
import { resolveActiveMunicipality } from "~/modules/municipality/municipality.server";
import { listPublicPromotions, promotionFiltersFrom } from "~/modules/promotion/promotion.queries.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";
import { makeEvent, makeMerchant, makePromotion, makeReport } from "./public-helpers";

const promoFilters = (query: string) => promotionFiltersFrom(new URL(`http://x/promotions/t?${query}`));
const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe("full-text search in Dutch, French and English", () => {
  it("finds accented, inflected and derived forms: cafe/café, bakkerij/bakkerijen, fleurs/fleuriste", async () => {
    const town = await makeMunicipality();
    const shop = await makeMerchant(town.id, { businessName: "Winkel Centrum" });
    const cafe = await makePromotion(shop.id, town.id, { title: "Koffie in het Café de Kroon" });
    const bakeries = await makePromotion(shop.id, town.id, {
      title: "Weekaanbieding",
      description: "Vers brood uit onze bakkerijen",
    });
    const corner = await makePromotion(shop.id, town.id, { title: "De bakkerij op de hoek" });
    const florist = await makePromotion(shop.id, town.id, { title: "Votre fleuriste du marché" });
    const unrelated = await makePromotion(shop.id, town.id, { title: "Winter tyres", description: "Four tyres" });
    const ids = async (text: string) =>
      (await listPublicPromotions(town.id, promoFilters(q(text)))).items.map((p) => p.id).sort();

    expect(await ids("cafe")).toEqual([cafe.id]);
    expect(await ids("CAFÉ")).toEqual([cafe.id]);
    expect(await ids("bakkerij")).toEqual([bakeries.id, corner.id].sort());
    expect(await ids("bakkerijen")).toEqual([bakeries.id, corner.id].sort());
    expect(await ids("fleurs")).toEqual([florist.id]);
    expect(await ids("fleuriste")).toEqual([florist.id]);
    // English stemming: "tyre" finds "tyres"; every word must match.
    expect(await ids("tyre")).toEqual([unrelated.id]);
    expect(await ids("winter tyres")).toEqual([unrelated.id]);
    expect(await ids("winter bakkerij")).toEqual([]);
    // to_tsquery's operators in the text are only separators, never syntax (and never a 500).
    expect(await ids("café & | ! ( ) :* <-> ' \\")).toEqual([cafe.id]);
    expect(await ids("!!!")).toHaveLength(5); // no letter or digit: no search
  });

  it("ranks title matches above description matches and offers 'best match' only while searching", async () => {
    const town = await makeMunicipality();
    const shop = await makeMerchant(town.id, { businessName: "Shop" });
    const minutes = (m: number) => new Date(Date.now() - m * 60_000);
    const inTitle = await makePromotion(shop.id, town.id, { title: "Bloemen voor moederdag", createdAt: minutes(9) });
    const inText = await makePromotion(shop.id, town.id, {
      title: "Weekend",
      description: "Met verse bloemen",
      createdAt: minutes(1),
    });
    const found = await listPublicPromotions(town.id, promoFilters(q("bloem")));
    expect(found.items.map((p) => p.id)).toEqual([inTitle.id, inText.id]);
    // Asked for the newest first, newest first.
    const newest = await listPublicPromotions(town.id, promoFilters(`${q("bloem")}&sort=newest`));
    expect(newest.items.map((p) => p.id)).toEqual([inText.id, inTitle.id]);
    expect(promoFilters("sort=relevance").sort).toBe("newest");
    expect(promoFilters(q("bloem")).sort).toBe("relevance");
  });

  it("finds merchants by stemmed words, and names by near misses (trigram similarity)", async () => {
    const town = await makeMunicipality();
    const bakery = await makeMerchant(town.id, {
      businessName: "Boulangerie Saint-Pholien",
      address: "Rue 1, 4000 Liège",
    });
    const florist = await makeMerchant(town.id, { businessName: "Fleuriste Les Coteaux" });
    await makeMerchant(town.id, { businessName: "Garage Noord" });
    const dir = async (text: string) =>
      (
        await listDirectory(merchantFiltersFrom(new URL(`http://x/merchants?${q(text)}&municipality=${town.slug}`)))
      ).items.map((m) => m.id);
    expect(await dir("fleurs")).toEqual([florist.id]);
    expect(await dir("boulangrie")).toEqual([bakery.id]); // a typo: close enough by trigrams
    expect(await dir("saint pholien")).toEqual([bakery.id]);
    expect(await dir("liege")).toEqual([bakery.id]); // the address, unaccented
    // A promotion is found by its merchant's name too.
    const promo = await makePromotion(florist.id, town.id, { title: "Bouquet" });
    const byMerchant = await listPublicPromotions(town.id, promoFilters(q("coteaux")));
    expect(byMerchant.items.map((p) => p.id)).toEqual([promo.id]);
  });

  it("searches the admin lists of promotions, events, merchants and reports", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const town = await makeMunicipality({ name: "Écaussinnes-Lalaing", slug: `ecaussinnes-${Date.now()}` });
    const shop = await makeMerchant(town.id, { businessName: "Brasserie du Château" });
    const promo = await makePromotion(shop.id, town.id, { title: "Menu du goûter matrimonial" });
    const event = await makeEvent(shop.id, town.id, { title: "Concert", venue: "Salle des fêtes" });
    const report = await makeReport(null, town.id, {
      description: "Lampadaires éteints dans la rue",
      status: "pending",
    });
    const page = { pageSize: 20, offset: 0 };
    expect((await listAllPromotions(admin, { ...page, q: "gouter" })).rows.map((r) => r.id)).toEqual([promo.id]);
    expect((await listAllEvents(admin, { ...page, q: "fete" })).rows.map((r) => r.id)).toEqual([event.id]);
    expect((await listAllEvents(admin, { ...page, q: "chateau" })).rows.map((r) => r.id)).toContain(event.id);
    expect((await listMerchants(admin, { q: "brasserie chateau" })).rows.map((r) => r.id)).toEqual([shop.id]);
    expect((await listReportsForAdmin(admin, { q: "lampadaire eteint" })).rows.map((r) => r.id)).toEqual([report.id]);
    expect((await listReportsForAdmin(admin, { q: "ecaussinnes lalaing" })).rows.map((r) => r.id)).toContain(report.id);
  });

  it("the search functions are immutable and the vectors are kept by the database", async () => {
    const db = await getDb();
    const { rows } = (await db.execute(
      sql`select search_key('''s-Hertogenbosch') as k, search_query('Fleurs') is not null as q,
        search_document('Café') @@ search_query('cafe') as m`,
    )) as unknown as { rows: { k: string; q: boolean; m: boolean }[] };
    expect(rows[0]).toEqual({ k: "s hertogenbosch", q: true, m: true });
  });
});

describe("highlighting", () => {
  it("marks the words the search matched, accents and endings aside, as text segments", () => {
    const terms = searchTerms("cafe bakkerij fleurs");
    expect(highlight("Het Café en de bakkerijen, votre fleuriste <b>", terms)).toEqual([
      { text: "Het ", mark: false },
      { text: "Café", mark: true },
      { text: " en de ", mark: false },
      { text: "bakkerijen", mark: true },
      { text: ", votre ", mark: false },
      { text: "fleuriste", mark: true },
      { text: " <b>", mark: false },
    ]);
    expect(highlight("Nothing here", [])).toEqual([{ text: "Nothing here", mark: false }]);
  });
});

describe("landing search: real names", () => {
  it("finds active municipalities by name or slug, accents, case and punctuation aside, and by near misses", async () => {
    const suffix = Date.now().toString(36);
    const liege = await makeMunicipality({ name: `Liège ${suffix}`, slug: `liege-${suffix}` });
    const bosch = await makeMunicipality({ name: `'s-Hertogenbosch ${suffix}`, slug: `s-hertogenbosch-${suffix}` });
    const louviere = await makeMunicipality({ name: `La Louvière ${suffix}`, slug: `la-louviere-${suffix}` });
    await makeMunicipality({ name: `Closed Town ${suffix}`, slug: `closed-${suffix}`, isActive: false });
    const slugOf = async (text: string) => (await resolveActiveMunicipality(text))?.slug ?? null;
    expect(await slugOf(`liege ${suffix}`)).toBe(liege.slug);
    expect(await slugOf(`LIÈGE ${suffix}`)).toBe(liege.slug);
    expect(await slugOf(`s hertogenbosch ${suffix}`)).toBe(bosch.slug);
    expect(await slugOf(`'S-HERTOGENBOSCH ${suffix}`)).toBe(bosch.slug);
    expect(await slugOf(`la-louviere-${suffix}`)).toBe(louviere.slug);
    expect(await slugOf(`louvière ${suffix}`)).toBe(louviere.slug); // the only name containing it
    expect(await slugOf(`La Louvierre ${suffix}`)).toBe(louviere.slug); // a typo: trigram similarity
    expect(await slugOf(`Closed Town ${suffix}`)).toBeNull(); // inactive
    expect(await slugOf("zzzz qqqq")).toBeNull();
    expect(await slugOf("  ")).toBeNull();
  });
});
