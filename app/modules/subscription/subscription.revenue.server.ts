/**
 * Revenue from subscriptions: a month's revenue is the sum of the monthly prices of the subscriptions that are
 * active and run during that month (started on or before its last day, not ended before its first day), by
 * the Brussels calendar. Only the current status is stored, so earlier months count the subscriptions that
 * are active now over the dates they ran; no payments are recorded.
 */
import { and, eq, gte, isNull, lte, or } from "drizzle-orm";
import { subscriptions } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { authorize } from "~/lib/auth/authorize";
import { getDb } from "~/lib/db/db.server";
import { todayIso } from "~/lib/i18n/format";
import { can } from "./subscription.policy";

/** One calendar month: "2026-11", its revenue in euro cents and how many subscriptions make it. */
export type RevenueMonth = { month: string; cents: number; subscriptions: number };

/** How many months the dashboard's chart shows, the current one last. */
const REVENUE_MONTHS = 12;

/** The first day of the month `offset` months from `month` ("2026-11", -1 → "2026-10-01"). */
function monthStart(month: string, offset = 0): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + offset, 1));
  return d.toISOString().slice(0, 10);
}

/** The last day of a month given by its first day. */
function monthEnd(first: string): string {
  const [y, m] = first.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The revenue of the last REVENUE_MONTHS months, oldest first; the last entry is this month's. */
export async function monthlyRevenue(actor: Actor | null, today: string = todayIso()): Promise<RevenueMonth[]> {
  authorize(can, actor, "list");
  const current = today.slice(0, 7);
  const firsts = Array.from({ length: REVENUE_MONTHS }, (_, i) => monthStart(current, i - (REVENUE_MONTHS - 1)));
  const from = firsts[0];
  const to = monthEnd(firsts[firsts.length - 1]);
  const db = await getDb();
  const rows = await db
    .select({
      start: subscriptions.startDate,
      end: subscriptions.endDate,
      cents: subscriptions.monthlyPriceCents,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        lte(subscriptions.startDate, to),
        or(isNull(subscriptions.endDate), gte(subscriptions.endDate, from)),
      ),
    );
  return firsts.map((first) => {
    const last = monthEnd(first);
    const running = rows.filter((r) => r.start <= last && (r.end === null || r.end >= first));
    return {
      month: first.slice(0, 7),
      cents: running.reduce((sum, r) => sum + r.cents, 0),
      subscriptions: running.length,
    };
  });
}
