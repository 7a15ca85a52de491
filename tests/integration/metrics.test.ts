/**
 * Views and clicks: counted in memory and written in batches, robots, administrators and the owner
 * left out, repeats ignored, rows gone with their promotion, and the merchant's and the admin's figures.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dailyMetrics, events, promotions } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { drainBackground } from "~/lib/jobs/background.server";
import { getDb, onStatement } from "~/lib/db/db.server";
import { ForbiddenError } from "~/lib/http/errors";
import { todayIso } from "~/lib/i18n/format";
import { isBot } from "~/modules/metrics/metrics";
import { beaconSchema } from "~/modules/metrics/metrics.schema";
import {
  CHART_DAYS,
  activitiesToday,
  countInMemory,
  flushMetrics,
  merchantMetrics,
  pendingCounters,
  recordBeacon,
} from "~/modules/metrics/metrics.server";
import { actorFor, makeMunicipality, makeUser } from "../factories";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
let owner: Actor;
let otherMerchant: Actor;
let admin: Actor;
let resident: Actor;
let promotionId: string;
let eventId: string;
let ip = 0;
/** A new visitor each time (another address), so the repeat window does not apply. */
const visitor = (viewer: Actor | null = null, userAgent: string | null = BROWSER) => ({
  viewer,
  userAgent,
  client: `10.1.${Math.floor(++ip / 250)}.${ip % 250}`,
});

async function rowsFor(column: "promotionId" | "eventId", id: string) {
  const db = await getDb();
  return db
    .select({ day: dailyMetrics.day, kind: dailyMetrics.kind, count: dailyMetrics.count })
    .from(dailyMetrics)
    .where(eq(dailyMetrics[column], id))
    .orderBy(dailyMetrics.kind);
}

async function newPromotion(merchantId: string, municipalityId: string, title = "Counted offer") {
  const db = await getDb();
  const [p] = await db
    .insert(promotions)
    .values({ title, merchantId, municipalityId, validUntil: "2030-01-01", price: "€5" })
    .returning();
  return p.id;
}

beforeAll(async () => {
  const town = await makeMunicipality();
  owner = await actorFor(await makeUser("merchant", { municipalityId: town.id }));
  otherMerchant = await actorFor(await makeUser("merchant", { municipalityId: town.id }));
  admin = await actorFor(await makeUser("admin"));
  resident = await actorFor(await makeUser("user"));
  promotionId = await newPromotion(owner.id, town.id);
  const db = await getDb();
  const [e] = await db
    .insert(events)
    .values({
      title: "Counted evening",
      venue: "Hall",
      startDate: "2030-01-01",
      category: "Music",
      merchantId: owner.id,
      municipalityId: town.id,
    })
    .returning();
  eventId = e.id;
});

describe("batching", () => {
  it("counts in memory without touching the database, and writes one upsert per flush", async () => {
    await flushMetrics();
    const statements: string[] = [];
    const stop = onStatement((s) => {
      statements.push(s);
      return undefined;
    });
    try {
      for (let i = 0; i < 3; i++) {
        expect(await recordBeacon({ t: "promotion", id: promotionId, k: "view" }, visitor())).toBe("counted");
      }
      expect(await recordBeacon({ t: "promotion", id: promotionId, k: "call" }, visitor())).toBe("counted");
      expect(await recordBeacon({ t: "event", id: eventId, k: "share" }, visitor())).toBe("counted");
    } finally {
      stop();
    }
    expect(statements, "no statement on the request path of anonymous beacons").toEqual([]);
    expect(await rowsFor("promotionId", promotionId)).toEqual([]);
    expect(pendingCounters()).toBe(3);

    const writes: string[] = [];
    const stopWrites = onStatement((s) => {
      if (/insert into daily_metrics/i.test(s)) writes.push(s);
      return undefined;
    });
    try {
      await flushMetrics();
    } finally {
      stopWrites();
    }
    // One statement for the batch (node-postgres's pool may announce the same statement twice).
    expect(new Set(writes).size).toBe(1);
    expect(pendingCounters()).toBe(0);
    const today = todayIso();
    expect(await rowsFor("promotionId", promotionId)).toEqual([
      { day: today, kind: "call", count: 1 },
      { day: today, kind: "view", count: 3 },
    ]);
    expect(await rowsFor("eventId", eventId)).toEqual([{ day: today, kind: "share", count: 1 }]);

    // The next batch adds to the same rows.
    await recordBeacon({ t: "promotion", id: promotionId, k: "view" }, visitor());
    await recordBeacon({ t: "promotion", id: promotionId, k: "view" }, visitor());
    await flushMetrics();
    const rows = await rowsFor("promotionId", promotionId);
    expect(rows.find((r) => r.kind === "view")?.count).toBe(5);
  });

  it("ignores the same visitor's repeated view, but counts another address", async () => {
    await flushMetrics();
    const me = visitor();
    expect(await recordBeacon({ t: "event", id: eventId, k: "view" }, me)).toBe("counted");
    expect(await recordBeacon({ t: "event", id: eventId, k: "view" }, me)).toBe("repeat");
    expect(await recordBeacon({ t: "event", id: eventId, k: "view" }, { ...me, client: "10.9.9.9" })).toBe("counted");
    // A click is a different thing from the view.
    expect(await recordBeacon({ t: "event", id: eventId, k: "directions" }, me)).toBe("counted");
    await flushMetrics();
    const rows = await rowsFor("eventId", eventId);
    expect(rows.find((r) => r.kind === "view")?.count).toBe(2);
    expect(rows.find((r) => r.kind === "directions")?.count).toBe(1);
  });

  it("drops counters of an item that does not exist or was deleted before the flush", async () => {
    await flushMetrics();
    const town = await makeMunicipality();
    const doomed = await newPromotion(owner.id, town.id, "Soon gone");
    await recordBeacon({ t: "promotion", id: doomed, k: "view" }, visitor());
    await recordBeacon({ t: "promotion", id: "00000000-0000-4000-8000-000000000000", k: "view" }, visitor());
    await recordBeacon({ t: "promotion", id: promotionId, k: "website" }, visitor());
    const db = await getDb();
    await db.delete(promotions).where(eq(promotions.id, doomed));
    await flushMetrics();
    expect(await rowsFor("promotionId", doomed)).toEqual([]);
    expect((await rowsFor("promotionId", promotionId)).find((r) => r.kind === "website")?.count).toBe(1);
  });

  it("writes what is waiting when the process drains (shutdown)", async () => {
    await flushMetrics();
    countInMemory("promotion", promotionId, "share");
    expect(pendingCounters()).toBe(1);
    await drainBackground(5_000);
    expect(pendingCounters()).toBe(0);
    expect((await rowsFor("promotionId", promotionId)).find((r) => r.kind === "share")?.count).toBe(1);
  });
});

describe("who counts", () => {
  it("leaves out robots and clients without a user agent", async () => {
    for (const ua of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0)",
      "facebookexternalhit/1.1",
      "curl/8.5.0",
      "python-requests/2.31",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36",
      "",
      null,
    ]) {
      expect(isBot(ua), String(ua)).toBe(true);
      expect(await recordBeacon({ t: "promotion", id: promotionId, k: "view" }, visitor(null, ua))).toBe("bot");
    }
    expect(isBot(BROWSER)).toBe(false);
    expect(isBot("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148")).toBe(
      false,
    );
    expect(pendingCounters()).toBe(0);
  });

  it("leaves out the owner's own views and administrators, counts other signed-in people", async () => {
    await flushMetrics();
    const before = (await rowsFor("promotionId", promotionId)).find((r) => r.kind === "view")?.count ?? 0;
    expect(await recordBeacon({ t: "promotion", id: promotionId, k: "view" }, visitor(owner))).toBe("excluded");
    expect(await recordBeacon({ t: "event", id: eventId, k: "view" }, visitor(owner))).toBe("excluded");
    expect(await recordBeacon({ t: "promotion", id: promotionId, k: "view" }, visitor(admin))).toBe("excluded");
    expect(await recordBeacon({ t: "promotion", id: promotionId, k: "view" }, visitor(otherMerchant))).toBe("counted");
    expect(await recordBeacon({ t: "promotion", id: promotionId, k: "view" }, visitor(resident))).toBe("counted");
    expect(
      await recordBeacon({ t: "promotion", id: "00000000-0000-4000-8000-000000000001", k: "view" }, visitor(resident)),
    ).toBe("unknown");
    await flushMetrics();
    expect((await rowsFor("promotionId", promotionId)).find((r) => r.kind === "view")?.count).toBe(before + 2);
  });

  it("accepts only well-formed beacons", () => {
    expect(beaconSchema.safeParse({ t: "promotion", id: promotionId, k: "view" }).success).toBe(true);
    expect(beaconSchema.safeParse({ t: "report", id: promotionId, k: "view" }).success).toBe(false);
    expect(beaconSchema.safeParse({ t: "promotion", id: "1; drop table", k: "view" }).success).toBe(false);
    expect(beaconSchema.safeParse({ t: "promotion", id: promotionId, k: "redeem" }).success).toBe(false);
  });
});

describe("figures", () => {
  it("gives the merchant its totals and a 30-day series per promotion, and nobody else's", async () => {
    await flushMetrics();
    const db = await getDb();
    // An older day, inside and outside the 30-day window.
    const today = todayIso();
    const daysAgo = (n: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    await db.insert(dailyMetrics).values([
      { promotionId, day: daysAgo(10), kind: "view", count: 7 },
      { promotionId, day: daysAgo(10), kind: "directions", count: 2 },
      { promotionId, day: daysAgo(40), kind: "view", count: 100 },
    ]);
    const rows = await rowsFor("promotionId", promotionId);
    const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.count, 0);
    const eventRows = await rowsFor("eventId", eventId);
    const eventSum = (kind: string) => eventRows.filter((r) => r.kind === kind).reduce((s, r) => s + r.count, 0);

    const figures = await merchantMetrics(owner, owner.id);
    expect(figures.totals.view).toBe(sum("view") + eventSum("view"));
    expect(figures.totals.directions).toBe(sum("directions") + eventSum("directions"));
    expect(figures.clicks).toBe(
      ["call", "directions", "website", "share"].reduce((s, k) => s + sum(k) + eventSum(k), 0),
    );
    const p = figures.promotions.find((x) => x.id === promotionId);
    expect(p?.title).toBe("Counted offer");
    expect(p?.totals.view).toBe(sum("view"));
    expect(p?.days).toHaveLength(CHART_DAYS);
    expect(p?.days.at(-1)?.day).toBe(today);
    expect(p?.days.find((d) => d.day === daysAgo(10))).toEqual({ day: daysAgo(10), views: 7, clicks: 2 });
    // The 40-day-old row is in the total, not in the chart.
    expect(p?.days.reduce((s, d) => s + d.views, 0)).toBe(sum("view") - 100);

    await expect(merchantMetrics(otherMerchant, owner.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(merchantMetrics(resident, owner.id)).rejects.toBeInstanceOf(ForbiddenError);
    expect((await merchantMetrics(admin, owner.id)).totals.view).toBe(figures.totals.view);
    expect((await merchantMetrics(otherMerchant, otherMerchant.id)).promotions).toEqual([]);
  });

  it("counts today's platform activities for the admin: views and clicks plus logged actions", async () => {
    await flushMetrics();
    const db = await getDb();
    const todays = await db.select().from(dailyMetrics).where(eq(dailyMetrics.day, todayIso()));
    const visits = todays.reduce((s, r) => s + r.count, 0);
    const a = await activitiesToday(admin);
    expect(a.visits).toBe(visits);
    expect(a.total).toBe(a.visits + a.logged);
    await recordBeacon({ t: "promotion", id: promotionId, k: "share" }, visitor());
    await flushMetrics();
    expect((await activitiesToday(admin)).visits).toBe(visits + 1);
    await expect(activitiesToday(owner)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("a promotion's and an event's rows go with them", async () => {
    const db = await getDb();
    expect((await rowsFor("promotionId", promotionId)).length).toBeGreaterThan(0);
    await db.delete(promotions).where(eq(promotions.id, promotionId));
    await db.delete(events).where(eq(events.id, eventId));
    const left = await db
      .select()
      .from(dailyMetrics)
      .where(and(eq(dailyMetrics.promotionId, promotionId)));
    expect(left).toEqual([]);
    expect(await rowsFor("eventId", eventId)).toEqual([]);
  });
});
