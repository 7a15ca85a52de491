/** Search and pagination helpers shared by the admin list queries. */
import { type SQL, type AnyColumn, ilike, or } from "drizzle-orm";
import { likePattern } from "~/lib/query";

export type ListQuery = { q?: string; page?: number; pageSize?: number; offset?: number };
export type Page<Row> = { rows: Row[]; total: number };

/** A case-insensitive "contains" over several columns, or undefined when there is no search. */
export function searchWhere(q: string | undefined, columns: AnyColumn[]): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = likePattern(text.slice(0, 100));
  return or(...columns.map((c) => ilike(c, pattern)));
}

export function paging(query: ListQuery) {
  const pageSize = Math.min(Math.max(query.pageSize ?? 20, 1), 100);
  const offset = Math.max(query.offset ?? ((query.page ?? 1) - 1) * pageSize, 0);
  return { limit: pageSize, offset };
}
