/**
 * Totals for paginated lists without counting more than needed (issue #7).
 * - `countOf`: the number of rows a filtered query matches, as a scalar subquery selected beside the page
 *   itself. One round trip, and the count can use an index-only scan; `count(*) over ()` instead builds every
 *   matching row (joins included) before the page is cut.
 * - `tableCount`: the exact size of a large table from row_counts, kept by triggers (migration 0002), for
 *   admin lists without a search.
 */
import { type SQLWrapper, eq, sql } from "drizzle-orm";
import { rowCounts } from "@db/schema";
import type { DbOrTx } from "./db.server";

export function countOf(query: SQLWrapper) {
  return sql<number>`(${query})`.mapWith(Number);
}

export type CountedTable = "users" | "merchants" | "promotions" | "events" | "reports" | "platform_event_logs";

export async function tableCount(db: DbOrTx, table: CountedTable): Promise<number> {
  const [row] = await db.select({ n: rowCounts.n }).from(rowCounts).where(eq(rowCounts.tableName, table));
  return Number(row?.n ?? 0);
}

/**
 * The total of an admin list: the table's kept count when nothing filters it (joins in those lists never
 * drop rows), otherwise the filtered count.
 */
export async function listTotal(
  db: DbOrTx,
  table: CountedTable,
  where: unknown,
  filtered: () => PromiseLike<{ total: number }[]>,
): Promise<number> {
  if (where === undefined) return tableCount(db, table);
  const [row] = await filtered();
  return Number(row?.total ?? 0);
}
