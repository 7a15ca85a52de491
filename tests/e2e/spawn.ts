/**
 * Extra servers for the tests that need a configuration of their own (a tight sign-in limit, a proxy,
 * HSTS, a server that must refuse to start): `node server.js` from the same build, on a free port, on its
 * own PGlite directory.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILD = path.join(ROOT, process.env.BUILD_DIR ?? "build");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export function tempDataDir(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bp-e2e-extra-")), "data");
}

type BuildTools = {
  openDatabase(c: { kind: "pglite"; dir: string }): Promise<{ db: unknown; close(): Promise<void> }>;
  migrateDatabase(h: unknown): Promise<void>;
  seedDemo(db: unknown): Promise<void>;
};

/** The built server's database tools (the same code the server runs). */
async function tools(): Promise<BuildTools> {
  const build = await import(pathToFileURL(path.join(BUILD, "server/index.js")).href);
  return build.entry.module as BuildTools;
}

/**
 * A PGlite directory with the demo data whose accounts no longer have the published passwords: every
 * demo account signs in with `password` instead (so a server reachable from elsewhere may serve it).
 */
export async function privateDemoDir(password: string): Promise<string> {
  const t = await tools();
  const dir = tempDataDir();
  const handle = await t.openDatabase({ kind: "pglite", dir });
  await t.migrateDatabase(handle);
  await t.seedDemo(handle.db);
  const { hashPassword } = await import("better-auth/crypto");
  const { sql } = await import("drizzle-orm");
  const hash = await hashPassword(password);
  await (handle.db as { execute(q: unknown): Promise<unknown> }).execute(sql`update accounts set password = ${hash}`);
  await handle.close();
  return dir;
}

/** A demo directory as `npm start` leaves it (published passwords), with `prepare`'s changes to its data. */
export async function publishedDemoDir(
  prepare?: (db: { execute(q: unknown): Promise<unknown> }) => Promise<void>,
): Promise<string> {
  const t = await tools();
  const dir = tempDataDir();
  const handle = await t.openDatabase({ kind: "pglite", dir });
  await t.migrateDatabase(handle);
  await t.seedDemo(handle.db);
  await prepare?.(handle.db as { execute(q: unknown): Promise<unknown> });
  await handle.close();
  return dir;
}

export function copyDir(dir: string): string {
  const copy = tempDataDir();
  fs.cpSync(dir, copy, { recursive: true });
  fs.rmSync(path.join(copy, ".buurtplatform.lock"), { force: true });
  return copy;
}

export type Extra = { origin: string; port: number; child: ChildProcess; output: () => string; stop(): Promise<void> };

function baseEnv(port: number, dir: string, env: Record<string, string>) {
  return {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PGLITE_DIR: dir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    BUILD_DIR: process.env.BUILD_DIR ?? "build",
    ...env,
  };
}

/** Starts a server and resolves once /healthz answers (or rejects with its output when it exits). */
export async function startExtra(env: Record<string, string>, dir = tempDataDir()): Promise<Extra> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, "server.js")], {
    cwd: ROOT,
    env: baseEnv(port, dir, env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    try {
      const r = await fetch(`${origin}/healthz`);
      if (r.ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    port,
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    },
  };
}

/** Runs a server that is expected to refuse to start: its exit code and output. */
export async function startRefused(
  env: Record<string, string>,
  dir = tempDataDir(),
): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, "server.js")], {
    cwd: ROOT,
    env: baseEnv(port, dir, env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  clearTimeout(timer);
  // It must not have been listening: nothing answers on its port.
  const answered = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  );
  if (answered) output += "\n(a server answered on its port)";
  return { code, output };
}

/** A GET with any headers, Host included (fetch does not let a caller set Host). */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return rawRequest(url, { headers });
}

/** Any request with any headers, Host included, and an optional body. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const headers = { ...options.headers };
    if (options.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(options.body));
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method: options.method ?? "GET", headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}
