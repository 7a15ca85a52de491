/**
 * Full-text and name search (decision record 0012). The documents are the tables' stored
 * `search_vector` columns (migration 0012: search_document() = simple + dutch + french + english over the
 * unaccented text, GIN-indexed); the query side is search_query(), the same languages with prefix matching.
 * Names (merchants, municipalities) also match by trigram similarity of their normalised form, search_key().
 */
import { type AnyColumn, type SQL, type SQLWrapper, getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/** The longest search text taken (the URL's ?q= is cut to this too). */
const SEARCH_MAX = 100;

/** A search text worth sending: trimmed, bounded, and with at least one letter or digit. */
export function searchText(q: string | null | undefined): string | null {
  const text = (q ?? "").trim().slice(0, SEARCH_MAX);
  return /[\p{L}\p{N}]/u.test(text) ? text : null;
}

/** `vector @@ search_query(q)`: uses the table's GIN index on search_vector. */
export function matches(vector: SQLWrapper | AnyColumn, q: string): SQL {
  return sql`${vector} @@ search_query(${q})`;
}

/** How well a row matches (ts_rank over the weighted document: title A, description B, place C). */
export function rank(vector: SQLWrapper | AnyColumn, q: string): SQL<number> {
  return sql<number>`ts_rank(${vector}, search_query(${q}))`;
}

/**
 * A name that contains the search or is close to it, accents, case and punctuation aside: a substring of the
 * normalised name, or a word similarity over its trigrams (both served by a GIN trigram index on
 * search_key(name)).
 */
export function nameMatches(column: SQLWrapper | AnyColumn, q: string): SQL {
  return sql`(search_key(${column}) like '%' || search_key(${q}) || '%' or search_key(${q}) <% search_key(${column}))`;
}

/** How close a name is to the search (0..1), for ordering. */
export function nameSimilarity(column: SQLWrapper | AnyColumn, q: string): SQL<number> {
  return sql<number>`word_similarity(search_key(${q}), search_key(${column}))`;
}

/**
 * `column = any(array(subquery))`: the subquery runs once (an InitPlan) and the outer table is read through
 * its index on `column`, so it can be ORed with a full-text match in one BitmapOr. (`column in (subquery)`
 * in an OR becomes a hashed filter over every row instead.)
 */
export function inSubquery(column: SQLWrapper | AnyColumn, subquery: SQLWrapper): SQL {
  return sql`${column} = any(array(${subquery}))`;
}

/** A table's columns without its search_vector (the document stays in the database, never in a page). */
export function rowColumns<T extends PgTable>(table: T): Omit<T["_"]["columns"], "searchVector"> {
  const { searchVector: _v, ...columns } = getTableColumns(table) as Record<string, unknown>;
  return columns as Omit<T["_"]["columns"], "searchVector">;
}
