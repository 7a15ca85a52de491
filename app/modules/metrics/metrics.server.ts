/**
 * Counting views and clicks without a write per page view.
 *
 * A beacon (POST /api/beacon) only increments a counter in this process's memory; every METRICS_FLUSH_MS the
 * counters are written in one statement as upserts into daily_metrics (and once more on shutdown, through
 * `drainBackground`). Several processes each add their own counts. A failed write puts the counts back for the
 * next flush. Counters for a promotion or event deleted in the meantime are dropped at the write.
 *
 * Not counted: obvious robots (User-Agent), administrators, the owner's own visits, and the same browser again
 * within a short time: a view per address and item once per VIEW_REPEAT_MS, a click per address, item and kind
 * once per CLICK_REPEAT_MS. That memory holds a salted hash (salt made at start, never written), not the address.
 */
import crypto from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import { dailyMetrics, events, platformEventLogs, promotions } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { onDrain } from "~/lib/jobs/background.server";
import { ignoreWritesTo } from "~/lib/cache/cache.server";
import { type DbOrTx, changedRows, getDb } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { ForbiddenError } from "~/lib/http/errors";
import { todayIso } from "~/lib/i18n/format";
import { log } from "~/lib/log.server";
import { clientGroup } from "~/lib/http/net";
import { counts, can, mayCount } from "./metrics.policy";
import {
  CLICK_KINDS,
  METRIC_KINDS,
  type MerchantMetrics,
  type MetricEntity,
  type MetricKind,
  type MetricTotals,
  type PromotionMetrics,
  isBot,
} from "./metrics";
import type { Beacon } from "./metrics.schema";

// Counters are bookkeeping for the page caches: writing them changes no public page.
ignoreWritesTo("daily_metrics");

const VIEW_REPEAT_MS = 30 * 60_000;
const CLICK_REPEAT_MS = 60_000;
/** At most this many distinct counters wait in memory; beyond it new ones are dropped (and logged). */
const MAX_PENDING = 50_000;
const MAX_RECENT = 200_000;

type Key = `${MetricEntity}|${string}|${string}|${MetricKind}`;
let pending = new Map<Key, number>();
const recent = new Map<string, number>();
const salt = crypto.randomBytes(16);
let timer: NodeJS.Timeout | null = null;
let flushing: Promise<number> | null = null;
let droppedLogged = false;

/** Why a beacon was not counted, or "counted". */
type HitOutcome = "counted" | "bot" | "excluded" | "repeat" | "unknown" | "full";

/** Counts one view or click in memory (nothing is written here). */
export function countInMemory(entity: MetricEntity, id: string, kind: MetricKind, now = new Date()): boolean {
  const key: Key = `${entity}|${id}|${todayIso(now)}|${kind}`;
  const current = pending.get(key);
  if (current === undefined && pending.size >= MAX_PENDING) {
    if (!droppedLogged) log("warn", "metrics: too many pending counters, dropping", { max: MAX_PENDING });
    droppedLogged = true;
    return false;
  }
  pending.set(key, (current ?? 0) + 1);
  ensureTimer();
  return true;
}

function seenRecently(client: string, b: Beacon, now: number): boolean {
  const scope = b.k === "view" ? `${b.t}|${b.id}|view` : `${b.t}|${b.id}|${b.k}`;
  const hash = crypto
    .createHmac("sha256", salt)
    .update(`${clientGroup(client)}|${scope}`)
    .digest("base64url");
  const until = recent.get(hash);
  if (until !== undefined && until > now) return true;
  if (recent.size >= MAX_RECENT) sweepRecent(now);
  if (recent.size < MAX_RECENT) recent.set(hash, now + (b.k === "view" ? VIEW_REPEAT_MS : CLICK_REPEAT_MS));
  return false;
}

function sweepRecent(now: number) {
  for (const [k, until] of recent) if (until <= now) recent.delete(k);
}

/** The merchant a promotion or event belongs to, or null when there is no such item. */
async function ownerOf(entity: MetricEntity, id: string): Promise<{ merchantId: string } | null> {
  const db = await getDb();
  const table = entity === "promotion" ? promotions : events;
  const [row] = await db.select({ merchantId: table.merchantId }).from(table).where(eq(table.id, id)).limit(1);
  return row ?? null;
}

/**
 * A beacon from a page: counted in memory unless it comes from a robot, an administrator, the item's owner, or
 * repeats within the windows above. Anonymous beacons touch no database at all; a signed-in visitor's costs one
 * read (whose item is it?).
 */
export async function recordBeacon(
  beacon: Beacon,
  who: { viewer: Actor | null; userAgent: string | null; client: string },
  now = new Date(),
): Promise<HitOutcome> {
  if (isBot(who.userAgent)) return "bot";
  if (who.viewer) {
    if (!mayCount(who.viewer)) return "excluded";
    const owner = await ownerOf(beacon.t, beacon.id);
    if (!owner) return "unknown";
    if (!counts(who.viewer, owner)) return "excluded";
  }
  if (seenRecently(who.client, beacon, now.getTime())) return "repeat";
  return countInMemory(beacon.t, beacon.id, beacon.k, now) ? "counted" : "full";
}

function ensureTimer() {
  if (timer) return;
  timer = setInterval(() => void flushMetrics(), env().METRICS_FLUSH_MS);
  timer.unref();
}

onDrain(() => flushMetrics());

/**
 * Writes the counters waiting in memory as upserts (one statement), and returns how many counters were written.
 * Counters of an item that no longer exists are dropped. Concurrent calls share one write.
 */
export function flushMetrics(): Promise<number> {
  if (flushing) return flushing.then(() => flushMetrics());
  if (pending.size === 0) {
    sweepRecent(Date.now());
    return Promise.resolve(0);
  }
  const batch = pending;
  pending = new Map();
  droppedLogged = false;
  flushing = writeBatch(batch)
    .catch(async (err) => {
      // A promotion deleted between the check and the write fails the statement: write one by one.
      log("warn", "metrics: batch write failed, writing counters one by one", { err });
      let written = 0;
      for (const [key, n] of batch) {
        try {
          written += await writeBatch(new Map([[key, n]]));
        } catch (e) {
          if (isForeignKeyViolation(e)) continue;
          // The database is away: keep the counts for the next flush.
          pending.set(key, (pending.get(key) ?? 0) + n);
        }
      }
      return written;
    })
    .finally(() => {
      flushing = null;
      sweepRecent(Date.now());
    });
  return flushing;
}

function isForeignKeyViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code === "23503";
}

async function writeBatch(batch: Map<Key, number>, db?: DbOrTx): Promise<number> {
  const conn = db ?? (await getDb());
  const promotionIds: (string | null)[] = [];
  const eventIds: (string | null)[] = [];
  const days: string[] = [];
  const kinds: string[] = [];
  const amounts: number[] = [];
  for (const [key, n] of batch) {
    const [entity, id, day, kind] = key.split("|");
    promotionIds.push(entity === "promotion" ? id : null);
    eventIds.push(entity === "event" ? id : null);
    days.push(day);
    kinds.push(kind);
    amounts.push(n);
  }
  // Only items that exist; the unique key (NULLS NOT DISTINCT) takes the increments.
  const result = await conn.execute(sql`
    insert into daily_metrics (promotion_id, event_id, day, kind, count)
    select b.promotion_id, b.event_id, b.day, b.kind, b.n
    from unnest(${sqlArray(promotionIds)}::uuid[], ${sqlArray(eventIds)}::uuid[], ${sqlArray(days)}::date[],
                ${sqlArray(kinds)}::text[], ${sqlArray(amounts)}::int[]) as b(promotion_id, event_id, day, kind, n)
    where (b.promotion_id is not null and exists (select 1 from promotions p where p.id = b.promotion_id))
       or (b.event_id is not null and exists (select 1 from events e where e.id = b.event_id))
    on conflict (promotion_id, event_id, day, kind) do update set count = daily_metrics.count + excluded.count`);
  return changedRows(result) ?? batch.size;
}

/** A JS array as one PostgreSQL array literal parameter (both drivers take the text form). */
function sqlArray(values: (string | number | null)[]) {
  const items = values.map((v) =>
    v === null ? "NULL" : typeof v === "number" ? String(v) : `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`,
  );
  return `{${items.join(",")}}`;
}

/** What is waiting in memory (tests and the README's "how fresh are the numbers"). */
export function pendingCounters(): number {
  return pending.size;
}

// --- Reading ------------------------------------------------------------------------------------------

export const CHART_DAYS = 30;
/** Promotions shown with a chart on the dashboard (the most viewed in the last 30 days first). */
const CHART_PROMOTIONS = 12;

const zeroTotals = (): MetricTotals => Object.fromEntries(METRIC_KINDS.map((k) => [k, 0])) as MetricTotals;
const clickSum = (t: MetricTotals) => CLICK_KINDS.reduce((s, k) => s + t[k], 0);

/** The last `n` days up to `today` (YYYY-MM-DD), oldest first. */
function lastDays(today: string, n = CHART_DAYS): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * A merchant's figures: all-time totals per kind over its promotions and events, and per promotion the totals
 * and the last 30 days. Two queries, whatever the number of promotions.
 */
export async function merchantMetrics(
  actor: Actor | null,
  merchantId: string,
  now = new Date(),
): Promise<MerchantMetrics> {
  if (!can(actor, "read-merchant", { merchantId })) throw new ForbiddenError();
  const db = await getDb();
  const today = todayIso(now);
  const days = lastDays(today);
  const [totalsResult, dailyResult, retiredResult] = await Promise.all([
    db.execute(sql`
      select 'promotion' as entity, p.id, p.title, m.kind, sum(m.count)::int as n
        from promotions p join daily_metrics m on m.promotion_id = p.id
        where p.merchant_id = ${merchantId} group by p.id, p.title, m.kind
      union all
      select 'event' as entity, e.id, e.title, m.kind, sum(m.count)::int as n
        from events e join daily_metrics m on m.event_id = e.id
        where e.merchant_id = ${merchantId} group by e.id, e.title, m.kind`),
    db.execute(sql`
      select m.promotion_id as id, to_char(m.day, 'YYYY-MM-DD') as day, m.kind, m.count as n
        from promotions p join daily_metrics m on m.promotion_id = p.id
        where p.merchant_id = ${merchantId} and m.day >= ${days[0]}::date and m.day <= ${today}::date`),
    // The views and clicks of the promotions and events it deleted: the all-time totals never drop.
    db.execute(sql`select retired_views as views, retired_clicks as clicks from merchants where id = ${merchantId}`),
  ]);
  const [retired] = rowsOf<{ views: number | string; clicks: number | string }>(retiredResult);
  const totals = zeroTotals();
  const perPromotion = new Map<string, PromotionMetrics>();
  const promotionOf = (id: string, title: string) => {
    let p = perPromotion.get(id);
    if (!p) {
      p = {
        id,
        title,
        totals: zeroTotals(),
        clicks: 0,
        days: days.map((day) => ({ day, views: 0, clicks: 0 })),
      };
      perPromotion.set(id, p);
    }
    return p;
  };
  for (const r of rowsOf<{ entity: string; id: string; title: string; kind: MetricKind; n: number }>(totalsResult)) {
    const n = Number(r.n);
    totals[r.kind] += n;
    if (r.entity === "promotion") promotionOf(r.id, r.title).totals[r.kind] += n;
  }
  const index = new Map(days.map((d, i) => [d, i]));
  for (const r of rowsOf<{ id: string; day: string; kind: MetricKind; n: number }>(dailyResult)) {
    const p = perPromotion.get(r.id);
    const i = index.get(r.day);
    if (!p || i === undefined) continue;
    if (r.kind === "view") p.days[i].views += Number(r.n);
    else p.days[i].clicks += Number(r.n);
  }
  const list = [...perPromotion.values()].map((p) => ({ ...p, clicks: clickSum(p.totals) }));
  const recentViews = (p: PromotionMetrics) => p.days.reduce((s, d) => s + d.views + d.clicks, 0);
  list.sort((a, b) => recentViews(b) - recentViews(a) || b.totals.view - a.totals.view);
  totals.view += Number(retired?.views ?? 0);
  return {
    totals,
    clicks: clickSum(totals) + Number(retired?.clicks ?? 0),
    promotions: list.slice(0, CHART_PROMOTIONS),
  };
}

/**
 * The admin dashboard's "platform activities today": views and clicks on promotions and events today (Brussels
 * day, as written so far) plus today's platform log entries (changes and sign-ins).
 */
export async function activitiesToday(
  actor: Actor | null,
  now = new Date(),
): Promise<{ total: number; visits: number; logged: number }> {
  if (!can(actor, "read-platform")) throw new ForbiddenError();
  const db = await getDb();
  const today = todayIso(now);
  const [[visits], [logged]] = await Promise.all([
    db
      .select({ n: sql<number>`coalesce(sum(${dailyMetrics.count}), 0)::int` })
      .from(dailyMetrics)
      .where(eq(dailyMetrics.day, today)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(platformEventLogs)
      .where(and(gte(platformEventLogs.createdAt, sql`(${today}::date)::timestamp at time zone 'Europe/Brussels'`))),
  ]);
  const v = Number(visits?.n ?? 0);
  const l = Number(logged?.n ?? 0);
  return { total: v + l, visits: v, logged: l };
}
