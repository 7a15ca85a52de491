/**
 * The database handle. PGlite (embedded, in ./data) by default; PostgreSQL when DATABASE_URL is set.
 * Same schema, same migrations. One handle per process, cached on globalThis so dev reloads reuse it.
 */
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "@db/schema";
import { log } from "./log.server";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle works wherever a Db does. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseConfig = { kind: "pglite"; dir?: string } | { kind: "postgres"; url: string; max?: number };

type Handle = { db: Db; kind: DatabaseConfig["kind"]; close: () => Promise<void> };

const g = globalThis as unknown as { __appDb?: Promise<Handle> };

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "db/migrations");

export class DatabaseLockedError extends Error {}

/** PGlite has no lock of its own: two processes on one directory lose writes. */
function acquireLock(dir: string) {
  const lockFile = path.join(dir, "..", `${path.basename(dir)}.lock`);
  const tryWrite = () => fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  try {
    tryWrite();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const pid = Number(fs.readFileSync(lockFile, "utf8").trim());
    let alive = false;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch (e) {
        alive = (e as NodeJS.ErrnoException).code === "EPERM";
      }
    }
    if (alive) {
      throw new DatabaseLockedError(
        `The embedded database at ${dir} is already in use by another process (pid ${pid}). ` +
          "Stop that process first, or set DATABASE_URL to use PostgreSQL for several processes.",
      );
    }
    fs.rmSync(lockFile, { force: true });
    tryWrite();
  }
  const release = () => {
    try {
      if (fs.readFileSync(lockFile, "utf8").trim() === String(process.pid)) fs.rmSync(lockFile, { force: true });
    } catch {
      /* already gone */
    }
  };
  process.once("exit", release);
  return release;
}

/**
 * Benchmark instrumentation (BENCH_INSTRUMENT=1 only): server.js keeps a per-request AsyncLocalStorage on
 * globalThis.__dbRoundTrips; every statement sent to the database adds one to the request's count, which
 * the server returns as the X-DB-Round-Trips header. Without the variable nothing is wrapped.
 */
type RoundTripStore = { count: number };
const instrumented = () => process.env.BENCH_INSTRUMENT === "1";
const roundTripStore = (): RoundTripStore | undefined =>
  (globalThis as { __dbRoundTrips?: { getStore(): RoundTripStore | undefined } }).__dbRoundTrips?.getStore();
function countRoundTrips(store = roundTripStore(), n = 1) {
  if (store) store.count += n;
}
// biome-ignore lint/suspicious/noExplicitAny: wraps methods of driver objects of several shapes
type AnyFn = (...args: any[]) => any;
function countCalls(target: Record<string, unknown>, names: string[], store?: () => RoundTripStore | undefined) {
  for (const name of names) {
    const original = target[name] as AnyFn | undefined;
    if (typeof original !== "function") continue;
    target[name] = function (this: unknown, ...args: unknown[]) {
      countRoundTrips(store ? store() : roundTripStore());
      return original.apply(this, args);
    };
  }
}

function instrumentPool(pool: import("pg").Pool) {
  // pool.query checks a client out with a callback and runs one statement: count it here, in the caller's
  // context. A client checked out with `await pool.connect()` (transactions) counts each of its statements
  // for the context that checked it out.
  countCalls(pool as unknown as Record<string, unknown>, ["query"]);
  const connect = pool.connect.bind(pool) as AnyFn;
  const wrapped = new WeakSet<object>();
  (pool as unknown as { connect: AnyFn }).connect = (cb?: AnyFn) => {
    if (typeof cb === "function") return connect(cb);
    const store = roundTripStore();
    return (connect() as Promise<import("pg").PoolClient>).then((client) => {
      const c = client as unknown as Record<string, unknown> & { __benchStore?: RoundTripStore };
      c.__benchStore = store;
      if (!wrapped.has(client)) {
        wrapped.add(client);
        const query = client.query as unknown as AnyFn;
        c.query = function (this: unknown, ...args: unknown[]) {
          if (c.__benchStore) countRoundTrips(c.__benchStore);
          return query.apply(this, args);
        };
        const release = client.release as unknown as AnyFn;
        c.release = function (this: unknown, ...args: unknown[]) {
          c.__benchStore = undefined;
          return release.apply(this, args);
        };
      }
      return client;
    });
  };
}

function instrumentPglite(client: PGlite) {
  const target = client as unknown as Record<string, unknown>;
  countCalls(target, ["query", "exec"]);
  const transaction = client.transaction.bind(client) as AnyFn;
  target.transaction = (fn: AnyFn) => {
    const store = roundTripStore();
    countRoundTrips(store, 2); // begin and commit
    return transaction((tx: Record<string, unknown>) => {
      countCalls(tx, ["query", "exec"], () => store);
      return fn(tx);
    });
  };
}

export async function openDatabase(config: DatabaseConfig): Promise<Handle> {
  if (config.kind === "postgres") {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({ connectionString: config.url, max: config.max ?? 10 });
    pool.on("error", (err) => log("error", "postgres pool error", { err }));
    if (instrumented()) instrumentPool(pool);
    const db = drizzle(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  // pg_trgm backs the substring searches' indexes (migration 0003), as it does on PostgreSQL.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const options = { extensions: { pg_trgm } };
  const { drizzle } = await import("drizzle-orm/pglite");
  let client: PGlite;
  let release = () => {};
  if (config.dir) {
    const dir = path.resolve(config.dir);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    release = acquireLock(dir);
    try {
      client = await PGlite.create(dir, options);
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create(options);
  }
  if (instrumented()) instrumentPglite(client);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
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

export async function closeDatabase() {
  const p = g.__appDb;
  g.__appDb = undefined;
  if (p) await (await p).close();
}

/** One round trip that proves the database answers (health checks). */
export async function pingDatabase(): Promise<void> {
  const { sql } = await import("drizzle-orm");
  const db = await getDb();
  await db.execute(sql`select 1`);
}
