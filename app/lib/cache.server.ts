/**
 * In-process caches that no write outlives (issue #7).
 *
 * A generation counter moves when a write begins and when it ends, and when a module changes data outside a
 * request (`invalidateCaches`). An entry remembers the generation it was read in and is served only while
 * the generation is unchanged and its few seconds (CACHE_TTL, default 5; 0 turns every cache off) have not
 * run out. A value read while a write was running, or while the generation moved, is returned but not kept.
 * Writes made by another app process (several instances on one PostgreSQL) are seen within CACHE_TTL.
 *
 * What counts as a write (issue #12): a statement that inserts, updates or deletes rows of a table pages are
 * made of, seen by the database layer's statement observer. A request (or background task) runs in a write
 * scope: its first such statement begins a write, and the scope's end finishes it. A request that never
 * writes (a junk POST trickling its body, a failed validation, a refused sign-in) leaves every cache alone.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { onStatement } from "./db.server";
import { env } from "./env.server";

let generation = 0;
let writesInFlight = 0;

/** CACHE_TTL in milliseconds (validated with the rest of the configuration in env.server.ts). */
export function cacheTtlMs(): number {
  return env().CACHE_TTL * 1000;
}

/** Data changed: nothing cached before now is served again. */
export function invalidateCaches() {
  generation++;
}

/** A write request starts; the returned function ends it (idempotent). */
export function beginWrite(): () => void {
  writesInFlight++;
  generation++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    writesInFlight--;
    generation++;
  };
}

/** Tables whose rows no page shows (bookkeeping): writing them is not a write for the caches. */
const bookkeeping = new Set([
  "rate_limits",
  "sign_in_failures",
  "mail_outbox",
  "verifications",
  "__drizzle_migrations",
]);

/** A module declares its own bookkeeping tables (a job queue, counters flushed in batches...). */
export function ignoreWritesTo(...tables: string[]) {
  for (const t of tables) bookkeeping.add(t);
}

const WRITE_STATEMENT =
  /^\s*(?:with\b[\s\S]*?\)\s*)?(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?/i;

/** The table a statement writes, or null when it writes nothing a page shows (reads, bookkeeping). */
export function writtenTable(sql: string): string | null {
  const m = WRITE_STATEMENT.exec(sql.slice(0, 2000));
  if (!m) return null;
  const table = m[1].toLowerCase();
  return bookkeeping.has(table) ? null : table;
}

type Scope = { end?: () => void; closed: boolean };
const scopes = new AsyncLocalStorage<Scope>();

/**
 * Runs `fn` in a write scope; `finish` (returned) closes it, ending the write it began if any. The HTTP layer
 * opens one per request and closes it when the response is done; background work uses `runWriteScope`.
 */
export function openWriteScope<T>(fn: () => T): { result: T; finish: () => void } {
  const scope: Scope = { closed: false };
  const result = scopes.run(scope, fn);
  return {
    result,
    finish: () => {
      scope.closed = true;
      scope.end?.();
    },
  };
}

/** Background work in a scope of its own, closed when its promise settles. */
export async function runWriteScope<T>(fn: () => Promise<T>): Promise<T> {
  const { result, finish } = openWriteScope(fn);
  try {
    return await result;
  } finally {
    finish();
  }
}

onStatement((sql) => {
  if (!writtenTable(sql)) return undefined;
  const scope = scopes.getStore();
  if (scope && !scope.closed) {
    scope.end ??= beginWrite();
    return undefined;
  }
  // Outside any scope: a write now and again once the statement is done.
  const end = beginWrite();
  return end;
});

/** Where reads stand now: a value read from here on may be kept only while `isStill()` holds. */
export function readPoint() {
  const start = generation;
  const quiet = writesInFlight === 0;
  return {
    generation: start,
    /** No write ran or started since this point (and none was running at it). */
    isStill: () => quiet && generation === start,
  };
}

export function currentGeneration() {
  return generation;
}

/** A keyed cache of values read from the database, least recently used out first. */
export function shortCache<V>(options: { max?: number; ttlMs?: number } = {}) {
  const max = options.max ?? 1000;
  const entries = new Map<string, { generation: number; expiresAt: number; value: V }>();
  return {
    async get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
      const ttl = options.ttlMs ?? cacheTtlMs();
      if (ttl <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.generation === generation && hit.expiresAt > now) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      if (hit) entries.delete(key);
      const point = readPoint();
      const value = await load();
      if (point.isStill() && keep(value)) {
        entries.set(key, { generation: point.generation, expiresAt: Date.now() + ttl, value });
        if (entries.size > max) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
      }
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
