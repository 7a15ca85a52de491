/**
 * The database handle. PGlite (embedded, in ./data) by default; PostgreSQL when DATABASE_URL is set.
 * Same schema, same migrations. One handle per process, cached on globalThis so dev reloads reuse it.
 */
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "@db/schema";
import { log } from "~/lib/log.server";
import { acquireLock } from "./pglite-lock.server";

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle works wherever a Db does. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/** PGlite's `template`: an in-memory database starts from this dump (`PGlite.dumpDataDir`), not empty. */
export type DatabaseConfig =
  | { kind: "pglite"; dir?: string; template?: Blob }
  | { kind: "postgres"; url: string; max?: number };

/** A PostgreSQL pool's connections right now (monitoring: app/lib/ops/prometheus.server.ts). */
type PoolStats = { total: number; idle: number; waiting: number; max: number };
type Handle = {
  db: Db;
  kind: DatabaseConfig["kind"];
  close: () => Promise<void>;
  pool?: () => PoolStats;
  /** PGlite: the whole data directory as a gzipped tarball, taken between two statements (backups). */
  dump?: () => Promise<Blob>;
};

const g = globalThis as unknown as { __appDb?: Promise<Handle> };

const MIGRATIONS_DIR = path.resolve(process.cwd(), "db/migrations");

export { DatabaseLockedError } from "./pglite-lock.server";

/**
 * Statement observers: every statement sent to the database, on either engine, is shown to these listeners
 * first, in the caller's async context (so a per-request AsyncLocalStorage store is reachable). The caches
 * use it to learn that a request really wrote (cache.server.ts); the benchmark counts round trips with it
 * (scripts/bench/instrument.js). A listener may return a function, called once the statement has finished.
 */
type StatementListener = (sql: string) => undefined | (() => void);
const listeners = new Set<StatementListener>();

export function onStatement(listener: StatementListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function sqlText(arg: unknown): string {
  if (typeof arg === "string") return arg;
  if (arg && typeof arg === "object" && "text" in arg) return String((arg as { text: unknown }).text);
  if (arg && typeof arg === "object" && "sql" in arg) return String((arg as { sql: unknown }).sql);
  return "";
}

function announce(sql: string): (() => void) | undefined {
  if (listeners.size === 0) return undefined;
  const after: (() => void)[] = [];
  for (const l of listeners) {
    const done = l(sql);
    if (done) after.push(done);
  }
  if (after.length === 0) return undefined;
  return () => {
    for (const f of after) f();
  };
}

// biome-ignore lint/suspicious/noExplicitAny: wraps methods of driver objects of several shapes
type AnyFn = (...args: any[]) => any;
function observe(target: Record<string, unknown>, names: string[]) {
  for (const name of names) {
    const original = target[name] as AnyFn | undefined;
    if (typeof original !== "function" || (original as { __observed?: boolean }).__observed) continue;
    const wrapped = function (this: unknown, ...args: unknown[]) {
      const done = announce(sqlText(args[0]));
      const result = original.apply(this, args);
      if (done && result && typeof (result as Promise<unknown>).finally === "function") {
        return (result as Promise<unknown>).finally(done);
      }
      done?.();
      return result;
    };
    (wrapped as { __observed?: boolean }).__observed = true;
    target[name] = wrapped;
  }
}

function observePool(pool: import("pg").Pool) {
  // pool.query checks a client out (callback form) and runs one statement on it: announced here, in the
  // caller's context. A client checked out with `await pool.connect()` (transactions) announces each of its
  // statements while it is checked out that way; the pool's own use of the same client does not.
  observe(pool as unknown as Record<string, unknown>, ["query"]);
  const connect = pool.connect.bind(pool) as AnyFn;
  const wrapped = new WeakSet<object>();
  (pool as unknown as { connect: AnyFn }).connect = (cb?: AnyFn) => {
    if (typeof cb === "function") return connect(cb);
    return (connect() as Promise<import("pg").PoolClient>).then((client) => {
      const c = client as unknown as Record<string, unknown> & { __checkedOut?: boolean };
      c.__checkedOut = true;
      if (!wrapped.has(client)) {
        wrapped.add(client);
        const query = client.query as unknown as AnyFn;
        c.query = function (this: unknown, ...args: unknown[]) {
          const done = c.__checkedOut ? announce(sqlText(args[0])) : undefined;
          const result = query.apply(this, args);
          if (done && result && typeof (result as Promise<unknown>).finally === "function") {
            return (result as Promise<unknown>).finally(done);
          }
          done?.();
          return result;
        };
        const release = client.release as unknown as AnyFn;
        c.release = function (this: unknown, ...args: unknown[]) {
          c.__checkedOut = false;
          return release.apply(this, args);
        };
      }
      return client;
    });
  };
}

function observePglite(client: PGlite) {
  const target = client as unknown as Record<string, unknown>;
  observe(target, ["query", "exec"]);
  const transaction = client.transaction.bind(client) as AnyFn;
  target.transaction = (fn: AnyFn) => {
    const done = announce("begin");
    return transaction((tx: Record<string, unknown>) => {
      observe(tx, ["query", "exec"]);
      return fn(tx);
    }).finally(() => {
      announce("commit")?.();
      done?.();
    });
  };
}

export async function openDatabase(config: DatabaseConfig): Promise<Handle> {
  if (config.kind === "postgres") {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({ connectionString: config.url, max: config.max ?? 10 });
    pool.on("error", (err) => log("error", "postgres pool error", { err }));
    observePool(pool);
    const db = drizzle(pool, { schema }) as unknown as Db;
    const stats = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: config.max ?? 10,
    });
    return { db, kind: "postgres", close: () => pool.end(), pool: stats };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  // pg_trgm backs the substring and similarity searches' indexes (migrations 0003, 0012), and unaccent the
  // full-text search documents (migration 0012), as they do on PostgreSQL.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  // PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory, which never
  // shrinks: an embedded database for one municipality platform is served well from 32 MB (the rest of
  // the data comes from the operating system's file cache), and the process stays about 100 MB smaller.
  const options = {
    extensions: { pg_trgm, unaccent },
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
  };
  const { drizzle } = await import("drizzle-orm/pglite");
  let client: PGlite;
  let release = () => {};
  if (config.dir) {
    const dir = path.resolve(config.dir);
    release = acquireLock(dir);
    try {
      client = await PGlite.create(dir, options);
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create(config.template ? { ...options, loadDataDir: config.template } : options);
  }
  observePglite(client);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    dump: () => client.dumpDataDir("gzip"),
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** Runs the committed migrations; on PostgreSQL under an advisory lock so several processes can start. */
export async function migrateDatabase(handle: Handle) {
  if (handle.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const { sql } = await import("drizzle-orm");
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
      // biome-ignore lint/suspicious/noExplicitAny: the migrator accepts the drizzle instance
      await migrate(tx as any, { migrationsFolder: MIGRATIONS_DIR });
    });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // biome-ignore lint/suspicious/noExplicitAny: the migrator accepts the drizzle instance
    await migrate(handle.db as any, { migrationsFolder: MIGRATIONS_DIR });
  }
}

export function configFromEnv(): DatabaseConfig {
  const url = process.env.DATABASE_URL?.trim();
  if (url) return { kind: "postgres", url };
  return { kind: "pglite", dir: process.env.PGLITE_DIR || "./data" };
}

/** Opens and migrates the process's database once. */
export function initDatabase(config: DatabaseConfig = configFromEnv()): Promise<Handle> {
  g.__appDb ??= (async () => {
    const handle = await openDatabase(config);
    await migrateDatabase(handle);
    return handle;
  })();
  g.__appDb.catch(() => {
    g.__appDb = undefined;
  });
  return g.__appDb;
}

export async function getDb(): Promise<Db> {
  return (await initDatabase()).db;
}

export async function dbKind() {
  return (await initDatabase()).kind;
}

/** The embedded database's data directory as a gzipped tarball (PGlite only; null on PostgreSQL). */
export async function dumpDatabase(): Promise<Blob | null> {
  const handle = await initDatabase();
  return handle.dump ? handle.dump() : null;
}

/** The open handle's pool figures, or null (PGlite, or no database opened yet in this process). */
export async function poolStats(): Promise<PoolStats | null> {
  const p = g.__appDb;
  if (!p) return null;
  return (await p).pool?.() ?? null;
}

export async function closeDatabase() {
  const p = g.__appDb;
  g.__appDb = undefined;
  if (p) await (await p).close();
}

/** The rows a statement changed, whichever driver ran it (PGlite: `affectedRows`, node-postgres: `rowCount`). */
export function changedRows(result: unknown): number | undefined {
  const r = result as { affectedRows?: number | null; rowCount?: number | null };
  return r.affectedRows ?? r.rowCount ?? undefined;
}

/** One round trip that proves the database answers (health checks). */
export async function pingDatabase(): Promise<void> {
  const { sql } = await import("drizzle-orm");
  const db = await getDb();
  await db.execute(sql`select 1`);
}
