// Shared helpers for the operational scripts: build, databases, the server process and HTTP sessions.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

import { ROOT, TEST_DATABASE_URL, ensureBuild, parseArgs } from "../lib/cli.js";

export { ROOT, ensureBuild };
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";
export const PG_ADMIN_URL = TEST_DATABASE_URL;
export const DEMO = {
  user: { email: "user@demo.buurtplatform.be", password: "Demo-User-2026!" },
  merchant: { email: "merchant@demo.buurtplatform.be", password: "Demo-Merchant-2026!" },
  admin: { email: "admin@demo.buurtplatform.be", password: "Demo-Admin-2026!" },
};

/** The script's `--name=value` options. */
export const args = () => parseArgs();

export async function serverBuild() {
  return import(pathToFileURL(path.join(ROOT, BUILD_DIR, "server/index.js")).href);
}

/** A free port; OPS_PORTS=4250-4269 keeps the servers on a given range (a shared machine). */
let nextOpsPort = 0;
export async function freePort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.OPS_PORTS ?? "");
  if (range) {
    const [lo, hi] = [Number(range[1]), Number(range[2])];
    for (let i = 0; i <= hi - lo; i++) {
      const port = lo + ((nextOpsPort++ + i) % (hi - lo + 1));
      if (await portIsFree(port)) return port;
    }
    throw new Error(`no free port in ${process.env.OPS_PORTS}`);
  }
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

export async function postgresAvailable() {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** A fresh database with the migrations and the demo data: a PGlite directory or a PostgreSQL database. */
export async function freshDemoDatabase(kind) {
  const build = await serverBuild();
  const tools = build.entry.module;
  if (kind === "pglite") {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bp-ops-")), "data");
    const handle = await tools.openDatabase({ kind: "pglite", dir });
    await tools.migrateDatabase(handle);
    await tools.seedDemo(handle.db);
    await handle.close();
    return {
      env: { PGLITE_DIR: dir, DATABASE_URL: "" },
      open: () => tools.openDatabase({ kind: "pglite", dir }),
      drop: async () => fs.rmSync(path.dirname(dir), { recursive: true, force: true }),
    };
  }
  const name = `${process.env.OPS_DB_PREFIX ?? "ops_"}${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const handle = await tools.openDatabase({ kind: "postgres", url });
  await tools.migrateDatabase(handle);
  await tools.seedDemo(handle.db);
  await handle.close();
  return {
    env: { DATABASE_URL: url },
    open: () => tools.openDatabase({ kind: "postgres", url }),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Starts `node server.js` and resolves once /healthz answers. */
export async function startServer(port, env) {
  const child = spawn(process.execPath, [path.join(ROOT, "server.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "error",
      BETTER_AUTH_SECRET: "ops-secret-ops-secret-ops-secret-000000",
      RATE_LIMIT_GENERAL: "off",
      RATE_LIMIT_AUTH: "off",
      RATE_LIMIT_REPORT: "off",
      RATE_LIMIT_CONTACT: "off",
      BUILD_DIR,
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr.slice(-2000)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return child;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start: ${stderr.slice(-2000)}`);
}

export function waitExit(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

/** Signs in through the login form and returns the session cookie (`origin`: the site's, when not `base`). */
export async function signIn(base, who, origin = base) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams(who),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.includes("session"))
    .join("; ");
  if (res.status !== 302 || !cookie) throw new Error(`sign-in failed for ${who.email}: ${res.status}`);
  return cookie;
}

export async function postForm(base, pathName, cookie, fields, origin = base) {
  return fetch(`${base}${pathName}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie },
    body: new URLSearchParams(fields),
  });
}

/** Reads an SSE response; `until(events)` decides when to stop; gives up after `ms`. */
export async function readEvents(res, until, ms) {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const events = [];
  let buffer = "";
  const deadline = Date.now() + ms;
  try {
    while (Date.now() < deadline && !until(events)) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise((r) => setTimeout(() => r({ timeout: true }), Math.max(1, deadline - Date.now()))),
      ]);
      if (chunk.timeout || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const ev = { id: null, event: "message", data: "" };
        for (const line of block.split("\n")) {
          if (line.startsWith("id: ")) ev.id = line.slice(4);
          else if (line.startsWith("event: ")) ev.event = line.slice(7);
          else if (line.startsWith("data: ")) ev.data += line.slice(6);
        }
        if (ev.data) events.push({ ...ev, data: JSON.parse(ev.data), at: Date.now() });
        end = buffer.indexOf("\n\n");
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  return events;
}
