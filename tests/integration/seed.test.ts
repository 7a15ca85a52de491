/** The demo seed: the file's fresh database (tests/setup/integration.ts), seeded once, then checked for coverage. */
import fs from "node:fs";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  EVENT_CATEGORIES,
  PROMOTION_CATEGORIES,
  PUBLIC_EVENT_CATEGORIES,
  REPORT_STATUSES,
  REPORT_TYPES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
  accounts,
  eventAttendances,
  events,
  features,
  galleryImages,
  merchants,
  municipalities,
  platformEventLogs,
  promotions,
  reports,
  subscriptions,
  users,
  vouchers,
} from "@db/schema";
import { DEMO_ACCOUNTS, demoImageFor, seedDemo } from "~/seed/demo";
import { distanceKm } from "~/lib/geo/geo";
import { type Db, getDb } from "~/lib/db/db.server";
import { countOrphans, readMedia } from "~/modules/media/media.server";
import { mediaHashOf } from "~/modules/media/media.url";

const REQUIRED_TOWNS = ["amsterdam", "brussel", "zonhoven", "hasselt"] as const;
const today = new Date().toISOString().slice(0, 10);

let db: Db;
const townId = new Map<string, string>();

beforeAll(async () => {
  db = await getDb();
  await seedDemo(db);
  for (const m of await db.select().from(municipalities)) townId.set(m.slug, m.id);
}, 120_000);

describe("demo seed", () => {
  it("creates the required active municipalities, more active ones and an inactive one", async () => {
    const rows = await db.select().from(municipalities);
    const active = rows.filter((m) => m.isActive).map((m) => m.slug);
    for (const slug of REQUIRED_TOWNS) expect(active).toContain(slug);
    expect(active.length).toBeGreaterThan(REQUIRED_TOWNS.length);
    expect(rows.filter((m) => !m.isActive).map((m) => m.slug)).toContain("lommel");
    // Active towns whose names are not their slugs, each with merchants and current promotions.
    const realNames = {
      liege: "Liège",
      "s-hertogenbosch": "'s-Hertogenbosch",
      "sint-niklaas": "Sint-Niklaas",
      ecaussinnes: "Écaussinnes",
      "la-louviere": "La Louvière",
    };
    for (const [slug, name] of Object.entries(realNames)) {
      const row = rows.find((m) => m.slug === slug);
      expect(row).toMatchObject({ name, isActive: true });
      const shops = await db
        .select({ id: merchants.id })
        .from(merchants)
        .where(eq(merchants.municipalityId, row?.id ?? ""));
      expect(shops.length).toBeGreaterThanOrEqual(3);
      const current = await db
        .select({ id: promotions.id })
        .from(promotions)
        .where(and(eq(promotions.municipalityId, row?.id ?? ""), sql`${promotions.validUntil} >= ${today}`));
      expect(current.length).toBeGreaterThanOrEqual(3);
    }
    expect(rows).toHaveLength(11);
  });

  it("creates the three demo accounts with their roles and passwords", async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const [row] = await db
        .select({ role: users.role, hash: accounts.password })
        .from(users)
        .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
        .where(eq(users.email, demo.email));
      expect(row?.role).toBe(demo.role);
      expect(await verifyPassword({ hash: row.hash ?? "", password: demo.password })).toBe(true);
    }
    const [merchant] = await db
      .select({ municipalityId: merchants.municipalityId })
      .from(merchants)
      .innerJoin(users, eq(users.id, merchants.id))
      .where(eq(users.email, DEMO_ACCOUNTS[1].email));
    expect(merchant.municipalityId).toBe(townId.get("hasselt"));
  });

  it("gives every active municipality at least 3 complete merchants across all 12 categories", async () => {
    const rows = await db.select().from(merchants);
    const activeIds = [...townId.entries()].filter(([slug]) => slug !== "lommel").map(([, id]) => id);
    for (const id of activeIds) expect(rows.filter((m) => m.municipalityId === id).length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((m) => m.category))).toEqual(new Set(PROMOTION_CATEGORIES));
    expect(rows.some((m) => m.isPremium)).toBe(true);
    for (const m of rows) {
      expect(m.address).toMatch(/\d{4}/);
      expect(m.phoneNumber).toMatch(/^\+3[12] /);
      expect(m.websiteUrl).toMatch(/^https:\/\//);
      expect(m.openingHours?.length).toBeGreaterThan(0);
      for (const h of m.openingHours ?? []) expect(h.hours.length).toBeGreaterThan(0);
    }
    const residents = await db.select().from(users).where(eq(users.role, "user"));
    expect(residents.length).toBeGreaterThanOrEqual(9);
  });

  it("puts every demo merchant's pin on the map inside its own town, each in its own place", async () => {
    const towns = new Map((await db.select().from(municipalities)).map((m) => [m.id, m]));
    const rows = await db.select().from(merchants);
    for (const m of rows) {
      const town = towns.get(m.municipalityId ?? "");
      expect(m.latitude, m.businessName).not.toBeNull();
      expect(m.longitude, m.businessName).not.toBeNull();
      const km = distanceKm(
        { lat: town?.centerLat ?? 0, lng: town?.centerLng ?? 0 },
        { lat: m.latitude ?? 0, lng: m.longitude ?? 0 },
      );
      // Within a town's streets: well inside the distance a pin may have from the centre.
      expect(km, m.businessName).toBeLessThan(3);
    }
    expect(new Set(rows.map((m) => `${m.latitude},${m.longitude}`)).size).toBe(rows.length);
  });

  it("seeds promotions in both pricing modes, premium and not, expired and current", async () => {
    const rows = await db.select().from(promotions);
    const owners = new Map((await db.select().from(merchants)).map((m) => [m.id, m]));
    expect(rows.length).toBeGreaterThanOrEqual(owners.size * 2);
    expect(rows.some((p) => p.price && !p.discount)).toBe(true);
    expect(rows.some((p) => p.price && p.originalPrice)).toBe(true);
    expect(rows.some((p) => p.discountPercent && !p.price && !p.originalPrice)).toBe(true);
    expect(rows.some((p) => p.isPremium)).toBe(true);
    expect(rows.some((p) => !p.isPremium)).toBe(true);
    const expired = rows.filter((p) => p.validUntil < today);
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.length).toBeLessThan(rows.length / 2);
    for (const p of rows) {
      const owner = owners.get(p.merchantId);
      expect(p.category).toBe(owner?.category);
      expect(p.municipalityId).toBe(owner?.municipalityId);
      expect(p.termsAndConditions?.split("\n").length).toBeGreaterThan(0);
      // Uploaded (generated) pictures: seed/images.ts.
      expect(p.imageUrl).toMatch(/^\/media\/[0-9a-f]{32}-1280\.jpg$/);
    }
  });

  it("covers every event category, and every public one in each required municipality", async () => {
    const rows = await db.select().from(events);
    expect(new Set(rows.map((e) => e.category))).toEqual(new Set(EVENT_CATEGORIES));
    for (const slug of REQUIRED_TOWNS) {
      const here = new Set(rows.filter((e) => e.municipalityId === townId.get(slug)).map((e) => e.category));
      for (const category of PUBLIC_EVENT_CATEGORIES) expect(here, `${slug} ${category}`).toContain(category);
    }
    expect(rows.some((e) => e.startDate < today)).toBe(true);
    expect(rows.some((e) => e.startDate >= today)).toBe(true);
    expect(rows.some((e) => e.isFeatured)).toBe(true);
    expect(rows.some((e) => !e.isFeatured)).toBe(true);
    for (const e of rows) expect(e.time).toMatch(/^([01][0-9]|2[0-3]):[0-5][0-9]$/);
  });

  it("has every report type in every status, with approved ones in each required municipality", async () => {
    const rows = await db
      .select({ type: reports.type, status: reports.status, municipalityId: reports.municipalityId, role: users.role })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId));
    expect(rows.length).toBeGreaterThanOrEqual(REPORT_TYPES.length * REPORT_STATUSES.length);
    for (const type of REPORT_TYPES) {
      for (const status of REPORT_STATUSES) {
        expect(
          rows.some((r) => r.type === type && r.status === status),
          `${type}/${status}`,
        ).toBe(true);
      }
    }
    const approvedIn = (slug: string) =>
      rows.filter((r) => r.status === "approved" && r.municipalityId === townId.get(slug)).length;
    for (const slug of REQUIRED_TOWNS) expect(approvedIn(slug)).toBeGreaterThanOrEqual(2);
    expect(approvedIn("hasselt")).toBeGreaterThan(3);
    const roles = new Set(rows.map((r) => r.role));
    for (const role of ["user", "merchant", "admin"]) expect(roles).toContain(role);
    const [{ oldest }] = await db.select({ oldest: sql<string>`min(${reports.createdAt})` }).from(reports);
    expect(Date.now() - new Date(oldest).getTime()).toBeLessThanOrEqual(31 * 86_400_000);
  });

  it("seeds subscriptions, features and the audit log", async () => {
    const subs = await db.select().from(subscriptions);
    expect(new Set(subs.map((s) => s.tier))).toEqual(new Set(SUBSCRIPTION_TIERS));
    expect(new Set(subs.map((s) => s.status))).toEqual(new Set(SUBSCRIPTION_STATUSES));
    expect(subs.some((s) => s.endDate)).toBe(true);
    expect(subs.some((s) => s.paymentCustomerId?.startsWith("cus_"))).toBe(true);
    expect((await db.select().from(features)).length).toBeGreaterThanOrEqual(5);
    const logs = await db.select().from(platformEventLogs);
    expect(logs.length).toBeGreaterThanOrEqual(10);
    expect(logs.every((l) => typeof l.metadata === "object")).toBe(true);
  });

  it("gives every promotion, event, logo and report photo an uploaded picture of its own", async () => {
    const rows = [
      ...(await db.select({ url: promotions.imageUrl }).from(promotions)),
      ...(await db.select({ url: events.imageUrl }).from(events)),
      ...(await db.select({ url: merchants.logoUrl }).from(merchants)),
    ];
    const hashes = new Set(rows.map((r) => mediaHashOf(r.url)));
    expect(hashes.has(null)).toBe(false);
    expect(hashes.size).toBe(rows.length);
    const [first] = [...hashes];
    const served = await readMedia(null, `${first}-640.avif`);
    expect(served?.public).toBe(true);
    expect(served?.contentType).toBe("image/avif");
    expect(await countOrphans(db)).toBe(0);
  });

  it("has promotion tags, practical information in three languages and registrations (seed/events.ts)", async () => {
    const tagged = await db.select({ tags: promotions.tags }).from(promotions).where(sql`cardinality(tags) > 0`);
    expect(tagged.length).toBeGreaterThanOrEqual(10);
    const untagged = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(promotions)
      .where(sql`cardinality(tags) = 0`);
    expect(untagged[0].n).toBeGreaterThan(0);
    const [workshop] = await db.select().from(events).where(eq(events.title, "Bread baking workshop"));
    expect(workshop.practicalInfo).toMatch(/aprons/);
    expect(workshop.translations).toMatchObject({
      nl: { practicalInfo: expect.any(String) },
      fr: { practicalInfo: expect.any(String) },
    });
    const registered = await db
      .select({ eventId: eventAttendances.eventId })
      .from(eventAttendances)
      .where(eq(eventAttendances.eventId, workshop.id));
    expect(registered).toHaveLength(2);
    // The demo resident's only registration is for a past event: registering for an upcoming one stays open.
    const [emma] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS[0].email));
    const mine = await db
      .select({ startDate: events.startDate })
      .from(eventAttendances)
      .innerJoin(events, eq(events.id, eventAttendances.eventId))
      .where(eq(eventAttendances.userId, emma.id));
    expect(mine.map((e) => e.startDate < today)).toEqual([true]);
  });

  it("gives a few promotions and events a gallery of uploads with alt texts, and subscriptions their prices", async () => {
    const pictures = await db.select().from(galleryImages);
    expect(pictures.filter((p) => p.promotionId).length).toBeGreaterThanOrEqual(3);
    expect(pictures.filter((p) => p.eventId).length).toBeGreaterThanOrEqual(2);
    for (const p of pictures) {
      expect(p.altText).toMatch(/^Demo picture \d: /);
      expect(await readMedia(null, `${mediaHashOf(p.url)}-320.jpg`), p.url).not.toBeNull();
    }
    const prices = await db
      .select({ tier: subscriptions.tier, cents: subscriptions.monthlyPriceCents })
      .from(subscriptions);
    expect(prices.some((p) => p.cents > 0)).toBe(true);
    expect(prices.filter((p) => p.tier === "Free").every((p) => p.cents === 0)).toBe(true);
  });

  it("seeds vouchers: stocks, claims by residents, redemptions, and vouchers that expired with their deal", async () => {
    const rows = await db
      .select({
        redeemed: sql<number>`count(${vouchers.redeemedAt})::int`,
        claimed: sql<number>`count(*)::int`,
        expired: sql<number>`count(*) filter (where ${promotions.validUntil} < current_date)::int`,
        withStock: sql<number>`count(distinct ${promotions.id}) filter (where ${promotions.voucherStock} is not null)::int`,
      })
      .from(vouchers)
      .innerJoin(promotions, eq(promotions.id, vouchers.promotionId));
    expect(rows[0].claimed).toBeGreaterThan(10);
    expect(rows[0].redeemed).toBeGreaterThan(3);
    expect(rows[0].expired).toBeGreaterThan(0);
    expect(rows[0].withStock).toBeGreaterThan(3);
    // No deal has more vouchers than its stock.
    const over = await db.execute(sql`
      select p.id from promotions p join vouchers v on v.promotion_id = p.id
      where p.voucher_stock is not null group by p.id having count(*) > p.voucher_stock`);
    expect((over as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it("is all-or-nothing: a second run fails and changes nothing", async () => {
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    const before = await count();
    await expect(seedDemo(db)).rejects.toThrow();
    expect(await count()).toBe(before);
  });

  it("maps every category to a small demo image that exists", () => {
    const dir = path.resolve(process.cwd(), "public");
    for (const category of new Set([...PROMOTION_CATEGORIES, ...EVENT_CATEGORIES])) {
      const url = demoImageFor(category);
      expect(url, category).not.toContain("gallery");
      const file = path.join(dir, url);
      expect(fs.existsSync(file), file).toBe(true);
      const svg = fs.readFileSync(file, "utf8");
      expect(svg).toContain("<title>");
      expect(Buffer.byteLength(svg)).toBeLessThan(2048);
    }
    expect(demoImageFor("Something else")).toBe("/images/demo/community.svg");
  });
});
