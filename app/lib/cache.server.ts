/**
 * In-process caches that no write outlives (issue #7).
 *
 * A generation counter moves when any write request starts and when it ends (page-cache.server.ts counts
 * them) and when a module changes data outside a request (`invalidateCaches`). An entry remembers the
 * generation it was read in and is served only while the generation is unchanged and its few seconds
 * (CACHE_TTL, default 5; 0 turns every cache off) have not run out. A value read while a write was running,
 * or while the generation moved, is returned but not kept. Writes made by another app process (several
 * instances on one PostgreSQL) are seen within CACHE_TTL.
 */
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
