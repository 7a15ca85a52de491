/**
 * Live updates (SPEC §7): the latest 5 items per source (residents, merchants, promotions, events) of a
 * municipality, merged newest first and capped at 10. One UNION ALL query: one round trip.
 */
import { sql } from "drizzle-orm";
import { getDb } from "~/lib/db.server";
import type { Translations } from "~/lib/localized";

export const LIVE_PER_SOURCE = 5;
export const LIVE_MAX = 10;

export type LiveUpdateType = "user" | "merchant" | "promotion" | "event";
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
  /** A promotion's or event's title language and translations (issue #18); the label is the original title. */
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
       where p.municipality_id = ${municipalityId}
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
      (select count(*) from promotions where municipality_id = ${municipalityId} and valid_until >= ${today}::date) as promotions,
      (select count(*) from events where municipality_id = ${municipalityId} and start_date >= ${today}::date) as events
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
): Promise<{ counts: MunicipalityCounts; live: LiveUpdate[] }> {
  const db = await getDb();
  const result = await db.execute(sql`
    with live as (${liveUnion(municipalityId)})
    select
      (select count(*) from users where municipality_id = ${municipalityId}) as members,
      (select count(*) from merchants where municipality_id = ${municipalityId}) as merchants,
      (select count(*) from promotions where municipality_id = ${municipalityId} and valid_until >= ${today}::date) as promotions,
      (select count(*) from events where municipality_id = ${municipalityId} and start_date >= ${today}::date) as events,
      coalesce((select json_agg(live order by live.time desc, live.id asc) from live), '[]'::json) as live
  `);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const raw = typeof row.live === "string" ? JSON.parse(row.live) : row.live;
  return { counts: countsFrom(row), live: (Array.isArray(raw) ? (raw as Row[]) : []).map(toLive) };
}
