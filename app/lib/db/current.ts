/**
 * What counts as current content, by the Brussels calendar: a promotion is active through its last valid day, an
 * event is upcoming from its start day on. Every list, count, feed and mail asks these, so a promotion never
 * shows as active on one page and expired on another.
 */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { todayIso } from "~/lib/i18n/format";

/** `valid_until` (a column, or a raw column of an aliased table) is today or later. */
export function activePromotion(validUntil: SQLWrapper, today: string = todayIso()): SQL {
  return sql`${validUntil} >= ${today}::date`;
}

/** `start_date` is today or later. */
export function upcomingEvent(startDate: SQLWrapper, today: string = todayIso()): SQL {
  return sql`${startDate} >= ${today}::date`;
}
