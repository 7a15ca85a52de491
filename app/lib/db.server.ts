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

export async function openDatabase(config: DatabaseConfig): Promise<Handle> {
  if (config.kind === "postgres") {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({ connectionString: config.url, max: config.max ?? 10 });
    pool.on("error", (err) => log("error", "postgres pool error", { err }));
    const db = drizzle(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let client: PGlite;
  let release = () => {};
  if (config.dir) {
    const dir = path.resolve(config.dir);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    release = acquireLock(dir);
    try {
      client = await PGlite.create(dir);
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create();
  }
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
