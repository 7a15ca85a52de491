/**
 * Totals for paginated lists without counting more than needed.
 * - `countOf`: the number of rows a filtered query matches, as a scalar subquery selected beside the page
 *   itself. One round trip, and the count can use an index-only scan; `count(*) over ()` instead builds every
 *   matching row (joins included) before the page is cut.
 * - `tableCount`: the exact size of a large table from row_counts, kept by triggers (migrations 0002 and 0016),
 *   for admin lists without a search: the folded count plus the deltas written since, in one statement.
 */
import { type SQLWrapper, eq, sql } from "drizzle-orm";
import { rowCountDeltas, rowCounts } from "@db/schema";
import type { DbOrTx } from "./db.server";

export function countOf(query: SQLWrapper) {
  return sql<number>`(${query})`.mapWith(Number);
}

export type CountedTable = "users" | "merchants" | "promotions" | "events" | "reports" | "platform_event_logs";

export async function tableCount(db: DbOrTx, table: CountedTable): Promise<number> {
  const [row] = await db
    .select({
      n: sql<string>`${rowCounts.n} + coalesce((select sum(${rowCountDeltas.n}) from ${rowCountDeltas} where ${rowCountDeltas.tableName} = ${table}), 0)`,
    })
    .from(rowCounts)
    .where(eq(rowCounts.tableName, table));
  return Number(row?.n ?? 0);
}

/**
 * Folds the delta rows into `row_counts` (the `row_counts.compact` job): per table, the deltas are deleted
 * and added to the count in one statement, so a reader sees either both or neither.
 */
export async function compactRowCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    with folded as (delete from row_count_deltas returning table_name, n),
    sums as (select table_name, sum(n) as n from folded group by table_name)
    update row_counts set n = row_counts.n + sums.n from sums where row_counts.table_name = sums.table_name`);
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
