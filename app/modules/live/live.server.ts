/**
 * Live updates: the latest 5 items per source (residents, merchants, promotions, events) of a
 * municipality, merged newest first and capped at 10. One UNION ALL query: one round trip.
 */
import { activePromotion, upcomingEvent } from "~/lib/db/current";
import { sql } from "drizzle-orm";
import { getDb } from "~/lib/db/db.server";
import type { Translations } from "~/lib/i18n/localized";

export const LIVE_PER_SOURCE = 5;
export const LIVE_MAX = 10;

type LiveUpdateType = "user" | "merchant" | "promotion" | "event";
export type LiveUpdate = {
  id: string;
  type: LiveUpdateType;
  /** A resident's first name, a business name, or a promotion or event title. */
  label: string;
  /** The merchant behind a promotion or event. */
  merchantName: string | null;
  /** Where the item can be seen (merchant page, promotion or event detail). */
  merchantId: string | null;
  time: string;
  /** A promotion's or event's title language and translations; the label is the original title. */
  originalLocale?: string;
  translations?: Translations;
};

type Row = {
  id: string;
  type: LiveUpdateType;
  label: string;
  merchant_name: string | null;
  merchant_id: string | null;
  time: string | Date;
  original_locale: string | null;
  translations: Translations | string | null;
};

/**
 * What a guest sees of a live item: a new resident is announced without their name (signed-in neighbours
 * see the first name). The shared reads keep the name; each answer to a guest drops it here.
 */
export function forGuest<T extends { type: string; label: string }>(item: T): T {
  return item.type === "user" ? { ...item, label: "" } : item;
}

/** The UNION ALL of the four sources, newest first, at most 10 (a fragment shared by the two reads below). */
function liveUnion(municipalityId: string) {
  const n = LIVE_PER_SOURCE;
  // Residents are shown by first name only; merchants appear once (as a business, not as a user).
  return sql`
    (select u.id::text as id, 'user' as type, split_part(u.name, ' ', 1) as label,
            null::text as merchant_name, null::text as merchant_id, u.created_at as time,
            null::text as original_locale, null::jsonb as translations
       from users u where u.municipality_id = ${municipalityId} and u.role = 'user'
       order by u.created_at desc limit ${n})
    union all
    (select m.id::text, 'merchant', m.business_name, null::text, m.id::text, m.created_at, null::text, null::jsonb
       from merchants m where m.municipality_id = ${municipalityId}
       order by m.created_at desc limit ${n})
    union all
    (select p.id::text, 'promotion', p.title, m.business_name, m.id::text, p.created_at, p.original_locale,
            p.translations
       from promotions p join merchants m on m.id = p.merchant_id
       where p.municipality_id = ${municipalityId} and ${activePromotion(sql.raw("p.valid_until"))}
       order by p.created_at desc limit ${n})
    union all
    (select e.id::text, 'event', e.title, m.business_name, m.id::text, e.created_at, e.original_locale,
            e.translations
       from events e join merchants m on m.id = e.merchant_id
       where e.municipality_id = ${municipalityId}
       order by e.created_at desc limit ${n})
    order by time desc, id asc
    limit ${LIVE_MAX}`;
}

function toLive(r: Row): LiveUpdate {
  return {
    id: r.id,
    type: r.type,
    label: r.label,
    merchantName: r.merchant_name,
    merchantId: r.merchant_id,
    time: new Date(r.time).toISOString(),
    ...(r.original_locale
      ? {
          originalLocale: r.original_locale,
          translations: (typeof r.translations === "string" ? JSON.parse(r.translations) : r.translations) ?? {},
        }
      : {}),
  };
}

export async function liveUpdates(municipalityId: string): Promise<LiveUpdate[]> {
  const db = await getDb();
  const result = await db.execute(liveUnion(municipalityId));
  return (result as unknown as { rows: Row[] }).rows.map(toLive);
}

export type MunicipalityCounts = { members: number; merchants: number; promotions: number; events: number };

/**
 * The four home counters in one query: members (residents with the municipality), merchants, active
 * promotions (valid until today or later) and active events (starting today or later).
 */
export async function municipalityCounts(municipalityId: string, today: string): Promise<MunicipalityCounts> {
  const db = await getDb();
  const result = await db.execute(sql`
    select
      (select count(*) from users where municipality_id = ${municipalityId}) as members,
      (select count(*) from merchants where municipality_id = ${municipalityId}) as merchants,
      (select count(*) from promotions where municipality_id = ${municipalityId} and ${activePromotion(sql.raw("valid_until"), today)}) as promotions,
      (select count(*) from events where municipality_id = ${municipalityId} and ${upcomingEvent(sql.raw("start_date"), today)}) as events
  `);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return countsFrom(row);
}

function countsFrom(row: Record<string, unknown>): MunicipalityCounts {
  return {
    members: Number(row.members ?? 0),
    merchants: Number(row.merchants ?? 0),
    promotions: Number(row.promotions ?? 0),
    events: Number(row.events ?? 0),
  };
}

/**
 * The municipality home's counters and live updates in one round trip: the live list is aggregated to
 * JSON beside the four counts.
 */
export async function homeSnapshot(
  municipalityId: string,
  today: string,
): Promise<{ counts: MunicipalityCounts; live: LiveUpdate[]; cursor: string }> {
  const db = await getDb();
  const result = await db.execute(sql`
    with live as (${liveUnion(municipalityId)})
    select
      (select count(*) from users where municipality_id = ${municipalityId}) as members,
      (select count(*) from merchants where municipality_id = ${municipalityId}) as merchants,
      (select count(*) from promotions where municipality_id = ${municipalityId} and ${activePromotion(sql.raw("valid_until"), today)}) as promotions,
      (select count(*) from events where municipality_id = ${municipalityId} and ${upcomingEvent(sql.raw("start_date"), today)}) as events,
      coalesce((select json_agg(live order by live.time desc, live.id asc) from live), '[]'::json) as live,
      (select coalesce(max(id), 0) from live_events where municipality_id = ${municipalityId})::text as cursor
  `);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const raw = typeof row.live === "string" ? JSON.parse(row.live) : row.live;
  return {
    counts: countsFrom(row),
    live: (Array.isArray(raw) ? (raw as Row[]) : []).map(toLive),
    cursor: String(row.cursor ?? "0"),
  };
}

/** One row of the live stream (live_events, migration 0011) with what a reader is shown of it. */
export type LiveEventRow = {
  /** The SSE event id (live_events.id), as text: a bigint. */
  cursor: string;
  municipalityId: string;
  kind: LiveUpdateType | "report";
  refId: string;
  /** The live item (null for a report, or when the row it names is gone). */
  item: LiveUpdate | null;
};

/**
 * Live events after `after` (exclusive), oldest first, optionally of one municipality: each with its item
 * read from the row it names (current title, first name only for a resident). One round trip.
 */
export async function liveEventsAfter(
  after: string,
  municipalityId: string | null,
  limit = 200,
): Promise<LiveEventRow[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    select le.id::text as cursor, le.municipality_id, le.kind, le.ref_id,
      case le.kind when 'user' then split_part(u.name, ' ', 1) when 'merchant' then m.business_name
        when 'promotion' then p.title when 'event' then e.title end as label,
      case le.kind when 'promotion' then pm.business_name when 'event' then em.business_name end as merchant_name,
      case le.kind when 'merchant' then m.id::text when 'promotion' then pm.id::text when 'event' then em.id::text end
        as merchant_id,
      coalesce(u.created_at, m.created_at, p.created_at, e.created_at) as time
    from live_events le
    left join users u on le.kind = 'user' and u.id = le.ref_id and u.role = 'user'
    left join merchants m on le.kind = 'merchant' and m.id = le.ref_id
    left join promotions p on p.id = case when le.kind = 'promotion' then le.ref_id::uuid end
      and ${activePromotion(sql.raw("p.valid_until"))}
    left join merchants pm on pm.id = p.merchant_id
    left join events e on e.id = case when le.kind = 'event' then le.ref_id::uuid end
    left join merchants em on em.id = e.merchant_id
    where le.id > ${after}::bigint ${municipalityId ? sql`and le.municipality_id = ${municipalityId}` : sql``}
    order by le.id
    limit ${limit}
  `);
  type Raw = Row & { cursor: string; municipality_id: string; kind: LiveEventRow["kind"]; ref_id: string };
  return (result as unknown as { rows: Raw[] }).rows.map((r) => ({
    cursor: String(r.cursor),
    municipalityId: r.municipality_id,
    kind: r.kind,
    refId: r.ref_id,
    item:
      r.kind !== "report" && r.label != null && r.time != null ? toLive({ ...r, id: r.ref_id, type: r.kind }) : null,
  }));
}

/** The newest live event id (where a stream opened without a cursor starts). */
export async function latestLiveCursor(): Promise<string> {
  const db = await getDb();
  const result = await db.execute(sql`select coalesce(max(id), 0)::text as cursor from live_events`);
  return String((result as unknown as { rows: { cursor: string }[] }).rows[0]?.cursor ?? "0");
}
