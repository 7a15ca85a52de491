/**
 * In-process caches that no write outlives, on any process.
 *
 * Dependencies, not one generation. Every cached value (a stored page, a data cache entry) remembers what it
 * was read from: the tables its statements read (seen by the database layer's statement observer), each
 * either for one municipality (reads made inside `forMunicipality(id, …)`) or for all of them. A write is
 * described the same way: the tables its statements write (the observer again) and, when the code declared it
 * with `touches(table, municipalityId)`, the municipalities it touched. Each (table, municipality) pair is a
 * *key* with the sequence number of its last change:
 *
 *   - a write to `t` in municipality `m` changes `t@m` and `t@*`;
 *   - a write to `t` nobody declared changes `t@?` and `t@*` (every municipality's readers of `t` see it);
 *   - a read of `t` for municipality `m` depends on `t@m` and `t@?`; a read of `t` for all depends on `t@*`;
 *   - `invalidateCaches()` (and any change whose scope is not known) changes everything.
 *
 * A value is served only while none of its keys changed since it was read, and kept only if no write on one
 * of its keys ran while it was being read. A new report in Genk therefore leaves Hasselt's pages cached, and a
 * report leaves the promotions pages cached everywhere.
 *
 * Across processes (several workers on one PostgreSQL), a write's keys are published once its request has
 * committed and before its response is sent (`flushWrites`), through the change feed (change-feed.server.ts:
 * LISTEN/NOTIFY); every other process marks the same keys changed when the notification arrives. The few
 * seconds of CACHE_TTL remain only as an upper bound on any entry's life (0 turns every cache off).
 *
 * What counts as a write: a statement that inserts, updates or deletes rows of a table pages are
 * made of. A request (or background task) runs in a write scope: its first such statement begins a write, and
 * the scope's end finishes it. A request that never writes leaves every cache alone.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { onStatement } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";

/** CACHE_TTL in milliseconds (validated with the rest of the configuration in env.server.ts). */
export function cacheTtlMs(): number {
  return env().CACHE_TTL * 1000;
}

// ---------------------------------------------------------------------------------------------------
// Keys and their sequence numbers

let seq = 0;
/** The sequence number at which everything last changed. */
let everything = 0;
const changedAt = new Map<string, number>();
const inFlight = new Map<string, number>();
/** Writes in flight whose scope is unknown (the legacy `beginWrite`): every read overlaps them. */
let globalInFlight = 0;

const ANY = "*";
const UNKNOWN = "?";
const keyOf = (table: string, municipality: string) => `${table}@${municipality}`;

/** A change as it travels between processes: the keys it changed, or `all`. */
export type Change = {
  keys: string[];
  all?: boolean;
  /** Tables written (for the live stream's hub), and the municipalities declared, if any. */
  tables: string[];
  municipalities: string[];
};

type ChangeListener = (change: Change, local: boolean) => void;
const changeListeners = new Set<ChangeListener>();
/** Called with every change made here (local) or received from another process. */
export function onChange(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Where local changes are sent to the other processes (the change feed registers itself). */
let publisher: ((change: Change) => Promise<void>) | null = null;
export function setChangePublisher(fn: ((change: Change) => Promise<void>) | null) {
  publisher = fn;
}

function mark(keys: Iterable<string>) {
  const n = ++seq;
  for (const k of keys) changedAt.set(k, n);
}

function emit(change: Change, local: boolean) {
  for (const l of changeListeners) {
    try {
      l(change, local);
    } catch {
      /* a listener's failure is its own */
    }
  }
}

/** Applies a change received from another process: its keys change here too. */
export function applyRemoteChange(change: Change) {
  if (change.all) everything = ++seq;
  else mark(change.keys);
  emit(change, false);
}

async function publish(change: Change) {
  emit(change, true);
  if (!publisher) return;
  try {
    await publisher(change);
  } catch {
    // The feed logs and, when it reconnects, tells every process to drop everything.
  }
}

/** Data changed in a way nobody described: nothing cached before now is served again, on any process. */
export function invalidateCaches() {
  everything = ++seq;
  void publish({ keys: [], all: true, tables: [], municipalities: [] });
}

/** A write of unknown scope starts; the returned function ends it (idempotent). */
export function beginWrite(): () => void {
  globalInFlight++;
  everything = ++seq;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    globalInFlight--;
    everything = ++seq;
  };
}

// ---------------------------------------------------------------------------------------------------
// What a statement writes and reads

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

/**
 * Tables a write changes besides its own: the live-events table is filled by triggers (migration 0011), so
 * a write to one of these tables is also a write to it, in the same municipality. (A report adds a live event
 * only when it is approved: moderation declares `live_events` itself, so filing a pending report does not.)
 */
const implied: Record<string, string[]> = {
  promotions: ["live_events"],
  events: ["live_events"],
  merchants: ["live_events"],
  users: ["live_events"],
};

const WRITE_STATEMENT =
  /^\s*(?:with\b[\s\S]*?\)\s*)?(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?/i;
const READ_TABLE = /\b(?:from|join)\s+(?:only\s+)?(?:"?\w+"?\.)?"?([a-z_]\w*)"?/gi;

/** The table a statement writes, or null when it writes nothing a page shows (reads, bookkeeping). */
export function writtenTable(sql: string): string | null {
  const m = WRITE_STATEMENT.exec(sql.slice(0, 2000));
  if (!m) return null;
  const table = m[1].toLowerCase();
  return bookkeeping.has(table) ? null : table;
}

/** The tables a statement reads (an over-estimate: any word after FROM or JOIN). */
function readTables(sql: string): string[] {
  const out: string[] = [];
  for (const m of sql.matchAll(READ_TABLE)) out.push(m[1].toLowerCase());
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Write scopes

type WriteScope = {
  closed: boolean;
  /** Declared municipalities per table (`touches`). */
  declared: Map<string, Set<string>>;
  /** Keys this scope changed and holds in flight until it ends. */
  held: Set<string>;
  /** Keys changed since the last publication. */
  unpublished: Set<string>;
  tables: Set<string>;
  municipalities: Set<string>;
};
const writeScopes = new AsyncLocalStorage<WriteScope>();

function newScope(): WriteScope {
  return {
    closed: false,
    declared: new Map(),
    held: new Set(),
    unpublished: new Set(),
    tables: new Set(),
    municipalities: new Set(),
  };
}

/**
 * The current request or task is about to write `table` for these municipalities (declare before writing).
 * Without a declaration a write to a table counts for every municipality.
 */
export function touches(table: string, ...municipalityIds: (string | null | undefined)[]) {
  const scope = writeScopes.getStore();
  if (!scope || scope.closed) return;
  for (const t of [table, ...(implied[table] ?? [])]) {
    const set = scope.declared.get(t) ?? new Set<string>();
    scope.declared.set(t, set);
    for (const id of municipalityIds) set.add(id ?? UNKNOWN);
    if (municipalityIds.length === 0) set.add(UNKNOWN);
  }
}

function keysForWrite(table: string, declared: Map<string, Set<string>> | null): string[] {
  const keys: string[] = [];
  for (const t of [table, ...(implied[table] ?? [])]) {
    keys.push(keyOf(t, ANY));
    const ms = declared?.get(t);
    if (ms && ms.size > 0) for (const m of ms) keys.push(keyOf(t, m));
    else keys.push(keyOf(t, UNKNOWN));
  }
  return keys;
}

function hold(scope: WriteScope, keys: string[]) {
  const fresh = keys.filter((k) => !scope.held.has(k));
  for (const k of fresh) {
    scope.held.add(k);
    inFlight.set(k, (inFlight.get(k) ?? 0) + 1);
  }
  for (const k of keys) scope.unpublished.add(k);
  mark(keys);
}

function changeOf(scope: WriteScope, keys: Iterable<string>): Change {
  return { keys: [...keys], tables: [...scope.tables], municipalities: [...scope.municipalities] };
}

/**
 * Publishes what the current scope wrote so far: every process stops serving what it changed. The HTTP layer
 * calls it once the handler is done (its transactions committed) and before the response goes out.
 */
export async function flushWrites(): Promise<void> {
  const scope = writeScopes.getStore();
  if (!scope || scope.unpublished.size === 0) return;
  const keys = [...scope.unpublished];
  scope.unpublished.clear();
  mark(keys);
  await publish(changeOf(scope, keys));
}

function endScope(scope: WriteScope) {
  if (scope.closed) return;
  scope.closed = true;
  if (scope.held.size === 0) return;
  const keys = [...scope.held];
  for (const k of keys) {
    const n = (inFlight.get(k) ?? 1) - 1;
    if (n <= 0) inFlight.delete(k);
    else inFlight.set(k, n);
  }
  mark(keys);
  if (scope.unpublished.size > 0) {
    const rest = [...scope.unpublished];
    scope.unpublished.clear();
    void publish(changeOf(scope, rest));
  }
}

/**
 * Runs `fn` in a write scope; `finish` (returned) closes it, ending the write it began if any. The HTTP layer
 * opens one per request and closes it when the response is done; background work uses `runWriteScope`.
 */
export function openWriteScope<T>(fn: () => T): { result: T; finish: () => void } {
  const scope = newScope();
  const result = writeScopes.run(scope, () => readScopes.run(newReads(null, null), fn));
  return { result, finish: () => endScope(scope) };
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

// ---------------------------------------------------------------------------------------------------
// Read scopes: what a cached value depends on

type Reads = { municipality: string | null; keys: Set<string>; parent: Reads | null };
const readScopes = new AsyncLocalStorage<Reads>();

function newReads(municipality: string | null, parent: Reads | null): Reads {
  return { municipality, keys: new Set(), parent };
}

function addReadKeys(keys: Iterable<string>) {
  const reads = readScopes.getStore();
  if (!reads) return;
  for (const k of keys) reads.keys.add(k);
}

function readKeys(table: string, municipality: string | null): string[] {
  return municipality ? [keyOf(table, municipality), keyOf(table, UNKNOWN)] : [keyOf(table, ANY)];
}

/**
 * Runs `fn` with its reads counted for one municipality: a value read inside depends only on that
 * municipality's writes (and on writes of unknown scope). Only for reads filtered on that municipality.
 */
export function forMunicipality<T>(municipalityId: string, fn: () => Promise<T>): Promise<T> {
  const parent = readScopes.getStore() ?? null;
  const reads = newReads(municipalityId, parent);
  return readScopes.run(reads, fn).finally(() => {
    if (parent) for (const k of reads.keys) parent.keys.add(k);
  });
}

/** Runs `fn` and returns what it read as dependency keys (also added to the enclosing scope). */
async function tracked<T>(municipality: string | null, fn: () => Promise<T>): Promise<{ value: T; keys: string[] }> {
  const parent = readScopes.getStore() ?? null;
  const reads = newReads(municipality ?? parent?.municipality ?? null, parent);
  const value = await readScopes.run(reads, fn);
  if (parent) for (const k of reads.keys) parent.keys.add(k);
  return { value, keys: [...reads.keys] };
}

onStatement((sql) => {
  const table = writtenTable(sql);
  if (!table) {
    const reads = readScopes.getStore();
    if (reads && sql) {
      for (const t of readTables(sql.slice(0, 20_000))) {
        for (const k of readKeys(t, reads.municipality)) reads.keys.add(k);
      }
    }
    return undefined;
  }
  const scope = writeScopes.getStore();
  if (scope && !scope.closed) {
    scope.tables.add(table);
    const declared = scope.declared.get(table);
    if (declared) for (const m of declared) if (m !== UNKNOWN) scope.municipalities.add(m);
    hold(scope, keysForWrite(table, scope.declared));
    return undefined;
  }
  // Outside any scope: a write now and again once the statement is done, published to the other processes.
  const own = newScope();
  own.tables.add(table);
  hold(own, keysForWrite(table, null));
  return () => endScope(own);
});

// ---------------------------------------------------------------------------------------------------
// Read points and the data caches

/** Where reads stand now: a value read from here on may be kept while nothing it depends on changed. */
export function readPoint() {
  const start = seq;
  const quiet = globalInFlight === 0;
  return {
    generation: start,
    /** True when none of `keys` changed since this point and no write on them is running. */
    isStill: (keys: Iterable<string> = []) => quiet && globalInFlight === 0 && unchangedSince(keys, start, true),
  };
}

/** True when none of `keys` (nor everything) changed after `since`; with `idle`, also none in flight. */
export function unchangedSince(keys: Iterable<string>, since: number, idle = false): boolean {
  if (everything > since) return false;
  for (const k of keys) {
    if ((changedAt.get(k) ?? 0) > since) return false;
    if (idle && inFlight.has(k)) return false;
  }
  return true;
}

/**
 * True when one of `keys` is a read of a table whose writes the caches ignore (counters flushed in batches,
 * job and mail queues...): a value read from one is not kept for anyone it could go stale for unseen.
 */
export function readsUnwatched(keys: Iterable<string>): boolean {
  for (const k of keys) if (bookkeeping.has(k.slice(0, k.lastIndexOf("@")))) return true;
  return false;
}

/** True when the current request or task has written something pages show (its write scope holds keys). */
export function scopeWrote(): boolean {
  const scope = writeScopes.getStore();
  return scope !== undefined && scope.held.size > 0;
}

/** The keys read so far in the current scope (what a page rendered from them depends on). */
export function currentReadKeys(): string[] {
  return [...(readScopes.getStore()?.keys ?? [])];
}

type CacheEntry<V> = { since: number; expiresAt: number; keys: string[]; value: V };

/**
 * A keyed cache of values read from the database, least recently used out first. `municipality` scopes the
 * reads of `load` (see `forMunicipality`). Values are shared by every request that asks for the same key:
 * never put anything that depends on who asks in one.
 */
export function shortCache<V>(options: { max?: number; ttlMs?: number } = {}) {
  const max = options.max ?? 1000;
  const entries = new Map<string, CacheEntry<V>>();
  const loading = new Map<string, { since: number; promise: Promise<{ value: V; keys: string[] }> }>();
  return {
    async get(
      key: string,
      load: () => Promise<V>,
      keep: (value: V) => boolean = () => true,
      municipality: string | null = null,
    ): Promise<V> {
      const ttl = options.ttlMs ?? cacheTtlMs();
      if (ttl <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now && unchangedSince(hit.keys, hit.since)) {
        entries.delete(key);
        entries.set(key, hit);
        addReadKeys(hit.keys);
        return hit.value;
      }
      if (hit) entries.delete(key);
      // Requests that miss together share one read, unless something it depends on changed since it began.
      const pending = loading.get(key);
      if (pending) {
        const shared = await pending.promise.catch(() => null);
        if (shared && unchangedSince(shared.keys, pending.since)) {
          addReadKeys(shared.keys);
          return shared.value;
        }
      }
      const point = readPoint();
      const promise = tracked(municipality, load);
      const mine = { since: point.generation, promise };
      loading.set(key, mine);
      let result: { value: V; keys: string[] };
      try {
        result = await promise;
      } finally {
        if (loading.get(key) === mine) loading.delete(key);
      }
      if (point.isStill(result.keys) && keep(result.value)) {
        entries.set(key, {
          since: point.generation,
          expiresAt: Date.now() + ttl,
          keys: result.keys,
          value: result.value,
        });
        if (entries.size > max) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
      }
      return result.value;
    },
    clear() {
      entries.clear();
    },
  };
}
