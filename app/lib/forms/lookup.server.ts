/** Parameters of the pickers' lookup (lib/forms/lookup.ts): the search text and an opaque keyset cursor. */
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/lib/db/db.server";
import { ValidationError } from "~/lib/http/errors";
import { LOOKUP_QUERY_MAX } from "./lookup";

/** The sort key and id of the last row of a page, as an opaque URL-safe string. */
export function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id]), "utf8").toString("base64url");
}

/** The cursor's sort key and id; a cursor that is not one of ours is a 400. */
export function decodeCursor(cursor: string | null | undefined): { key: string; id: string } | null {
  if (!cursor) return null;
  try {
    if (cursor.length > 1000) throw new Error("too long");
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === "string")) {
      return { key: value[0], id: value[1] };
    }
  } catch {
    /* falls through */
  }
  throw new ValidationError("validation.invalid", { cursor: "validation.invalid" });
}

/** `?q=` trimmed and bounded, and `?cursor=` decoded. */
export function lookupParams(url: URL): { q: string; after: { key: string; id: string } | null } {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, LOOKUP_QUERY_MAX);
  return { q, after: decodeCursor(url.searchParams.get("cursor")) };
}

/**
 * The ILIKE pattern of a picker search. Three characters or more: "contains" (the trigram indexes serve it).
 * One or two: "starts with", which the trigram indexes still serve (a "contains" of one or two characters has
 * no trigram to look up and would read the whole table: 200-300 ms on 100,000 users for a rare pair).
 */
export function lookupPattern(q: string | undefined): string | null {
  const text = q?.trim();
  if (!text) return null;
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return text.length < 3 ? `${escaped}%` : `%${escaped}%`;
}

/**
 * Above this many estimated matches a search reads the e-mail (or name) index in order and stops at the first
 * page; below it, it collects the matches from the trigram indexes and sorts them. Measured on 100,000 users
 * (README "Admin pickers"): in order, a search whose matches cluster late ("user9": 6,000 matches, all after
 * user1…user8) read 94,000 rows (400-650 ms); sorted, a search matching everyone ("res") cost 200-300 ms. The
 * planner's estimate (from its statistics, a millisecond of planning) separates the two cases well.
 */
export const DENSE_MATCHES = 25_000;

/** The planner's row estimate for a query (EXPLAIN without running it). */
export async function estimateRows(db: DbOrTx, query: SQL): Promise<number> {
  const result = await db.execute(sql`explain (format json) ${query}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const raw = rows[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[];
  return Number(plan?.[0]?.Plan?.["Plan Rows"] ?? Number.POSITIVE_INFINITY);
}
