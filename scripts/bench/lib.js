// Helpers shared by the benchmark and the Lighthouse script: databases, the production server as a child
// process, free ports and small HTTP utilities. Everything talks to 127.0.0.1 only.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { ROOT, TEST_DATABASE_URL } from "../lib/cli.js";

export { ROOT, ensureBuild, parseArgs } from "../lib/cli.js";
export const MIGRATIONS_DIR = path.join(ROOT, "db/migrations");
export const RESULTS_DIR = path.join(ROOT, "bench-results");

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function freePort() {
  // BENCH_PORT: a fixed port for the app server (a shared machine with assigned ports).
  if (process.env.BENCH_PORT) return Promise.resolve(Number(process.env.BENCH_PORT));
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Databases

/** The admin connection string for PostgreSQL, or null when no server answers within 3 s. */
export async function reachablePostgres() {
  const url = TEST_DATABASE_URL;
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A database handle with `query(sql)`, `close()` and the env the server needs to open the same data. */
export async function createDatabase(kind, name, adminUrl) {
  if (kind === "postgres") {
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    const url = u.toString();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    return {
      kind,
      label: `PostgreSQL database ${name}`,
      env: { DATABASE_URL: url },
      url,
      query: async (sql) => (await client.query(sql)).rows,
      close: () => client.end(),
      drop: async () => {
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), `buurtplatform-${name}-`));
  const dir = path.join(parent, "data");
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const client = await PGlite.create(dir, { extensions: { pg_trgm, unaccent } });
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  return {
    kind,
    label: `PGlite in ${dir}`,
    env: { PGLITE_DIR: dir },
    dir,
    query: async (sql) => (await client.query(sql)).rows,
    close: () => client.close(),
    drop: async () => fs.rmSync(parent, { recursive: true, force: true }),
  };
}

// ---------------------------------------------------------------------------------------------------
// The production server as a child process

/**
 * Starts `node server.js` (production build) on a free 127.0.0.1 port with the given extra env, and waits
 * for /healthz. Returns { origin, port, stop(), output() }.
 */
export async function startServer(extraEnv, { timeoutMs = 180_000 } = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  // The database is chosen by extraEnv only.
  delete env.DATABASE_URL;
  delete env.PGLITE_DIR;
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: origin,
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
    ...extraEnv,
  });
  const child = spawn(process.execPath, ["server.js"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  // Always drain the pipes (a full pipe would stall the server); keep the tail for error messages.
  let tail = "";
  const keep = (chunk) => {
    tail = (tail + chunk.toString()).slice(-8000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = null;
  child.on("exit", (code, signal) => {
    exited = { code, signal };
  });

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`the server exited (${exited.code ?? exited.signal}) before answering:\n${tail}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer /healthz within ${timeoutMs / 1000} s:\n${tail}`);
    }
    try {
      const r = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) break;
    } catch {
      /* not yet */
    }
    await sleep(250);
  }
  return {
    origin,
    port,
    pid: child.pid,
    output: () => tail,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        const t = setTimeout(() => child.kill("SIGKILL"), 15_000);
        child.once("exit", () => {
          clearTimeout(t);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** Signs in through the login form; returns the Cookie header value of the session. */
export async function signIn(origin, email, password) {
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email, password }).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  const cookies = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).filter((c) => !c.endsWith("="));
  if (res.status >= 400 || !cookies.length) {
    throw new Error(`sign-in as ${email} failed: HTTP ${res.status}, ${cookies.length} cookies`);
  }
  return cookies.join("; ");
}

/** One raw GET over node:http: status, headers and the body bytes exactly as sent (no decompression). */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: 30_000 }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timeout on ${url}`)));
    req.on("error", reject);
  });
}

export function timestamp() {
  return new Date().toISOString().replace(/:/g, "-").replace(/\..*$/, "");
}
