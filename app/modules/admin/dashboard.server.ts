/** Admin dashboard statistics. */
import { activePromotion, upcomingEvent } from "~/lib/db/current";
import { sql } from "drizzle-orm";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError } from "~/lib/http/errors";
import { todayIso } from "~/lib/i18n/format";
import { latestLogs, type LogRow } from "~/modules/log/index.server";
import { can } from "./admin.policy";

export type DashboardStats = {
  totalUsers: number;
  totalMerchants: number;
  activePromotions: number;
  activeEvents: number;
  newUsers7d: number;
  newMerchants7d: number;
};

/**
 * The six real counts in one query. Merchants are counted from the users' role, as docs/product.md says
 * ("counts of all users, role merchant, new users and new merchants in the last 7 days").
 */
export async function dashboardStats(actor: Actor | null, now: Date = new Date()): Promise<DashboardStats> {
  if (!can(actor, "view-dashboard")) throw new ForbiddenError();
  const db = await getDb();
  const today = todayIso(now);
  const since = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const result = await db.execute<Record<keyof DashboardStats, string | number>>(sql`
    select
      (select count(*) from users) as "totalUsers",
      (select count(*) from users where role = 'merchant') as "totalMerchants",
      (select count(*) from promotions where ${activePromotion(sql.raw("valid_until"), today)}) as "activePromotions",
      (select count(*) from events where ${upcomingEvent(sql.raw("start_date"), today)}) as "activeEvents",
      (select count(*) from users where created_at >= ${since}::timestamptz) as "newUsers7d",
      (select count(*) from users where role = 'merchant' and created_at >= ${since}::timestamptz) as "newMerchants7d"
  `);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    keyof DashboardStats,
    string | number
  >[];
  const row = rows[0];
  return {
    totalUsers: Number(row.totalUsers),
    totalMerchants: Number(row.totalMerchants),
    activePromotions: Number(row.activePromotions),
    activeEvents: Number(row.activeEvents),
    newUsers7d: Number(row.newUsers7d),
    newMerchants7d: Number(row.newMerchants7d),
  };
}

export async function recentActivities(actor: Actor | null): Promise<LogRow[]> {
  return latestLogs(actor, 4);
}
