// Signed-in pages against guest pages, on the embedded default (PGlite, one process, demo seed).
//
//   node scripts/bench/signed-in.js [appDir] [--port=4420] [--duration=10] [--connections=20]
//                                   [--municipality=hasselt] [--gzip] [--keep]
//
// appDir (default: the current directory) must already be built (build/server/index.js). The app is started
// there with a fresh PGLITE_DIR (so the demo seed runs), the demo user and the demo admin sign in, and
// autocannon measures: the municipality home as a guest and signed in, the promotions list as a guest and
// signed in, the admin reports table, the signed-in home and the admin reports with every request for another
// URL (?fresh=N: no cache can answer, each is a render), and a plain node:http server sending the guest home's
// bytes. It prints one markdown table (req/s, p50, p99, signed-in/guest ratio) with the server's resident
// memory after the run and the load average. Self-contained on purpose (nothing imported from the app), so it also measures an
// older checkout built in another directory. A benchmark, not a test: it exits 0 whatever the numbers are.
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

const args = { port: "4420", duration: "10", connections: "20", municipality: "hasselt", gzip: false, keep: false };
let appDir = process.cwd();
for (const a of process.argv.slice(2)) {
  const m = /^--([^=]+)(?:=(.*))?$/.exec(a);
  if (m) args[m[1]] = m[2] ?? true;
  else appDir = path.resolve(a);
}
const PORT = Number(args.port);
const DURATION = Math.max(1, Number(args.duration) || 10);
const CONNECTIONS = Math.max(1, Number(args.connections) || 20);
const SLUG = String(args.municipality);
const ENC = args.gzip ? { "Accept-Encoding": "gzip" } : {};
const DEMO = {
  user: { email: "user@demo.buurtplatform.be", password: "Demo-User-2026!" },
  admin: { email: "admin@demo.buurtplatform.be", password: "Demo-Admin-2026!" },
};

const log = (msg) => console.error(`[signed-in ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!fs.existsSync(path.join(appDir, "build/server/index.js"))) {
  console.error(`signed-in: ${appDir} has no build (run \`npx react-router build\` there first)`);
  process.exit(1);
}
// autocannon from the app's own node_modules (a devDependency), else from next to this script.
const requireFrom = (dir) => createRequire(path.join(dir, "package.json"));
let autocannon;
for (const dir of [appDir, path.resolve(import.meta.dirname, "../..")]) {
  try {
    autocannon = requireFrom(dir)("autocannon");
    break;
  } catch {
    /* try the next */
  }
}
if (!autocannon) {
  console.error("signed-in: autocannon not found (npm install in the app directory)");
  process.exit(1);
}

function rawGet(url, headers = {}) {
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

function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

async function startApp() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), `signed-in-${PORT}-`));
  const origin = `http://127.0.0.1:${PORT}`;
  const env = { ...process.env };
  delete env.DATABASE_URL;
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(PORT),
    PUBLIC_URL: origin,
    PGLITE_DIR: path.join(parent, "data"),
    MEDIA_DIR: path.join(parent, "media"),
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
    RATE_LIMIT_GENERAL: "off",
    RATE_LIMIT_AUTH: "off",
    LOG_LEVEL: "warn",
    WEB_CONCURRENCY: "1",
  });
  const child = spawn(process.execPath, ["server.js"], { cwd: appDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let tail = "";
  const keep = (c) => {
    tail = (tail + c.toString()).slice(-8000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = null;
  child.on("exit", (code, signal) => {
    exited = { code, signal };
  });
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        if (!args.keep) fs.rmSync(parent, { recursive: true, force: true });
        resolve();
      };
      if (exited) return done();
      const t = setTimeout(() => child.kill("SIGKILL"), 15_000);
      child.once("exit", () => {
        clearTimeout(t);
        done();
      });
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (exited) throw new Error(`the app exited (${exited.code ?? exited.signal}) before answering:\n${tail}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the app did not answer /healthz within 300 s:\n${tail}`);
    }
    try {
      const r = await rawGet(`${origin}/healthz`);
      if (r.status === 200) break;
    } catch {
      /* not yet */
    }
    await sleep(300);
  }
  return { origin, pid: child.pid, stop };
}

async function signIn(origin, who) {
  const body = new URLSearchParams({ email: who.email, password: who.password }).toString();
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body,
    signal: AbortSignal.timeout(60_000),
  });
  const cookies = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).filter((c) => !c.endsWith("="));
  if (res.status >= 400 || !cookies.some((c) => c.includes("session_token"))) {
    throw new Error(`sign-in as ${who.email} failed: HTTP ${res.status}`);
  }
  return cookies.join("; ");
}

/** With `fresh`, every request asks for another URL (?fresh=N), so no cache answers: each one is a render. */
function cannon(url, headers, fresh = false) {
  let n = 0;
  const requests = fresh
    ? [{ setupRequest: (req) => ({ ...req, path: `${new URL(url).pathname}?fresh=${++n}` }) }]
    : undefined;
  return new Promise((resolve, reject) => {
    const inst = autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, headers, timeout: 10, requests },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    inst.on("error", () => {});
  });
}

const summarize = (r) => ({
  rps: Math.round(r.requests.average * 10) / 10,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts,
  non2xx: r.non2xx,
});

/** A minimal node:http server in its own process sending the given bytes (gzip-encoded when asked). */
async function plainServer(body, contentType) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signed-in-plain-"));
  const file = path.join(dir, "page");
  fs.writeFileSync(file, args.gzip ? zlib.gzipSync(body) : body);
  const src = `
    const http = require("node:http"); const fs = require("node:fs");
    const body = fs.readFileSync(${JSON.stringify(file)});
    const headers = { "Content-Type": ${JSON.stringify(contentType)}, "Content-Length": body.length${args.gzip ? ', "Content-Encoding": "gzip"' : ""} };
    const s = http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
    s.keepAliveTimeout = 5000;
    s.listen(${PORT + 1}, "127.0.0.1", () => process.stdout.write("ready\\n"));`;
  const child = spawn(process.execPath, ["-e", src], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (c) => reject(new Error(`plain server exited (${c})`)));
  });
  return {
    url: `http://127.0.0.1:${PORT + 1}/`,
    stop: () => {
      child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function measure(name, url, headers, fresh = false) {
  for (let i = 0; i < 5; i++) await rawGet(url, headers).catch(() => {});
  const probe = await rawGet(url, headers);
  log(`${name}: HTTP ${probe.status}, cache ${probe.headers["x-cache"] ?? "-"}, ${probe.body.length} bytes`);
  const m = summarize(await cannon(url, headers, fresh));
  log(`${name}: ${m.rps} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms`);
  return { name, status: probe.status, ...m };
}

async function main() {
  const load0 = os.loadavg();
  log(`app ${appDir}, port ${PORT}, ${CONNECTIONS} connections, ${DURATION} s each, load ${fmtLoad(load0)}`);
  const app = await startApp();
  log(`app started (pid ${app.pid}), RSS ${rssOf(app.pid)} MB`);
  const rows = [];
  let rssAfter = null;
  let landing = null;
  try {
    const user = { ...ENC, Cookie: await signIn(app.origin, DEMO.user) };
    const admin = { ...ENC, Cookie: await signIn(app.origin, DEMO.admin) };
    const home = `${app.origin}/${SLUG}`;
    const promos = `${app.origin}/promotions/${SLUG}`;
    rows.push(await measure("municipality home, guest", home, ENC));
    rows.push(await measure("municipality home, signed in", home, user));
    rows.push(await measure("promotions list, guest", promos, ENC));
    rows.push(await measure("promotions list, signed in", promos, user));
    rows.push(await measure("admin reports (admin)", `${app.origin}/admin/reports`, admin));
    // What a first view costs: every request another URL, so every one is rendered.
    rows.push(await measure("municipality home, signed in, every request rendered", home, user, true));
    rows.push(await measure("admin reports, every request rendered", `${app.origin}/admin/reports`, admin, true));
    rssAfter = rssOf(app.pid);
    landing = await landingJs(app.origin);
    const page = await rawGet(home);
    const plain = await plainServer(page.body, page.headers["content-type"] ?? "text/html; charset=utf-8");
    try {
      rows.push(await measure("plain node server, guest home's bytes", plain.url, ENC));
    } finally {
      plain.stop();
    }
  } finally {
    await app.stop();
  }
  print(rows, rssAfter, load0, landing);
}

/**
 * The JavaScript the landing page loads: every /assets/*.js its HTML names (module preloads, the boot
 * module's imports) and, transitively, their static imports, each gzipped (level 9) from the build.
 */
async function landingJs(origin) {
  const html = (await rawGet(`${origin}/`, { "Accept-Language": "en" })).body.toString("utf8");
  const assets = path.join(appDir, "build/client/assets");
  const sizes = new Map();
  const queue = [...new Set([...html.matchAll(/\/assets\/([\w.-]+\.js)/g)].map((m) => m[1]))];
  while (queue.length) {
    const file = queue.shift();
    if (sizes.has(file) || !fs.existsSync(path.join(assets, file))) continue;
    const src = fs.readFileSync(path.join(assets, file));
    sizes.set(file, zlib.gzipSync(src, { level: 9 }).length);
    for (const m of src.toString("utf8").matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) queue.push(m[1]);
  }
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  const largest = [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return { total, files: sizes.size, largest };
}

const fmtLoad = (l) => l.map((x) => x.toFixed(2)).join(" ");

function print(rows, rssAfter, load0, landing) {
  const by = Object.fromEntries(rows.map((r) => [r.name, r]));
  const ratio = (a, b) => (by[a] && by[b]?.rps ? `${Math.round((100 * by[a].rps) / by[b].rps)} %` : "");
  const ratios = {
    "municipality home, signed in": ratio("municipality home, signed in", "municipality home, guest"),
    "promotions list, signed in": ratio("promotions list, signed in", "promotions list, guest"),
    "municipality home, guest": `${ratio("municipality home, guest", "plain node server, guest home's bytes")} of plain`,
  };
  const out = [
    `App: ${appDir} (${gitHead()}), PGlite demo, ${CONNECTIONS} connections, ${DURATION} s each${args.gzip ? ", gzip" : ""}`,
    "",
    "| page | HTTP | req/s | p50 ms | p99 ms | errors | non-2xx | signed-in/guest |",
    "|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.status} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${ratios[r.name] ?? ""} |`,
    ),
    "",
    `App RSS after the run: ${rssAfter ?? "?"} MB. Load average before: ${fmtLoad(load0)}; after: ${fmtLoad(os.loadavg())}.`,
  ];
  if (landing) {
    const kb = (n) => (n / 1024).toFixed(1);
    const top = landing.largest.map(([f, n]) => `${f} ${kb(n)}`).join(", ");
    out.push(`Landing page JavaScript: ${kb(landing.total)} KB gzip in ${landing.files} files (largest: ${top}).`);
  }
  console.log(out.join("\n"));
}

function gitHead() {
  try {
    return execFileSync("git", ["-C", appDir, "log", "-1", "--format=%h %s"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    })
      .trim()
      .slice(0, 80);
  } catch {
    return "no git";
  }
}

main().catch((err) => {
  console.error(`signed-in: ${err?.stack ?? err}`);
  process.exit(1);
});
