// `npm run bench`: generates the large and small datasets, starts the production server on each, measures
// the public pages (and the admin reports table) with autocannon against the static-file limit, and
// prints markdown tables plus a JSON file in bench-results/. A benchmark, not a test: it exits 0 whatever
// the numbers are, and non-zero only when it could not run.
//
//   node scripts/bench/run.js [--size=small|large|both] [--db=pglite|postgres] [--duration=10]
//                             [--connections=20] [--gzip] [--keep]
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { hashPassword } from "better-auth/crypto";
import {
  BENCH_ADMIN,
  BENCH_PROMOTION_SQL,
  BENCH_SLUG,
  BENCH_USER,
  COUNTS_SQL,
  SEARCH_CATEGORY,
  SEARCH_WORD,
  SIZES,
  datasetSql,
} from "./dataset.js";
import {
  RESULTS_DIR,
  ROOT,
  createDatabase,
  ensureBuild,
  parseArgs,
  rawGet,
  reachablePostgres,
  signIn,
  startServer,
  timestamp,
} from "./lib.js";

const args = parseArgs({
  size: "both",
  db: "auto",
  duration: "10",
  connections: "20",
  gzip: false,
  keep: false,
});
const DURATION = Math.max(1, Number(args.duration) || 10);
const CONNECTIONS = Math.max(1, Number(args.connections) || 20);
const GZIP = args.gzip === true || args.gzip === "true";
/** Both the app and the static server get the same Accept-Encoding, so the ratio compares like with like. */
const ENCODING_HEADERS = GZIP ? { "Accept-Encoding": "gzip" } : {};
/** Honoured only under BENCH_INSTRUMENT=1: the request skips the anonymous-page cache. */
const BYPASS = { "X-Page-Cache": "bypass" };
const sizes = args.size === "both" ? ["large", "small"] : [args.size];
if (!sizes.every((s) => s in SIZES)) fail(`--size must be small, large or both (got ${args.size})`);
if (!["auto", "pglite", "postgres"].includes(args.db)) fail(`--db must be pglite or postgres (got ${args.db})`);

function fail(msg) {
  console.error(`bench: ${msg}`);
  process.exit(1);
}

const log = (msg) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

// ---------------------------------------------------------------------------------------------------

async function generate(kind, size, adminUrl) {
  const t0 = Date.now();
  const db = await createDatabase(kind, `${process.env.BENCH_DB_PREFIX ?? "bench_"}${size}`, adminUrl);
  log(`${size}: migrated ${db.label}`);
  const hashes = { user: await hashPassword(BENCH_USER.password), admin: await hashPassword(BENCH_ADMIN.password) };
  for (const stmt of datasetSql(SIZES[size], hashes)) await db.query(stmt);
  const [counts] = await db.query(COUNTS_SQL);
  const [promo] = await db.query(BENCH_PROMOTION_SQL);
  await db.close();
  const seconds = (Date.now() - t0) / 1000;
  log(`${size}: generated in ${seconds.toFixed(1)} s: ${JSON.stringify(counts)}`);
  return { db, counts, seconds, promotionId: promo?.id };
}

function pagesFor(promotionId) {
  const q = new URLSearchParams({ q: SEARCH_WORD, category: SEARCH_CATEGORY }).toString();
  return [
    { name: "landing", path: "/" },
    { name: "municipality home (guest)", path: `/${BENCH_SLUG}`, public: true },
    { name: "municipality home (user)", path: `/${BENCH_SLUG}`, as: "user" },
    { name: "promotions list", path: `/promotions/${BENCH_SLUG}`, public: true },
    { name: "promotions list (user)", path: `/promotions/${BENCH_SLUG}`, as: "user" },
    // The same two pages rendered every time (the page cache skipped), to show what a render costs.
    { name: "municipality home (guest, uncached)", path: `/${BENCH_SLUG}`, public: true, uncached: true },
    { name: "promotions list (uncached)", path: `/promotions/${BENCH_SLUG}`, public: true, uncached: true },
    { name: "promotions search", path: `/promotions/${BENCH_SLUG}?${q}`, public: true },
    { name: "promotion detail", path: `/promotions/${BENCH_SLUG}/${promotionId}`, public: true },
    { name: "events list", path: `/events/${BENCH_SLUG}`, public: true },
    { name: "merchant directory", path: "/merchants", public: true },
    { name: "approved reports", path: `/reports/${BENCH_SLUG}`, public: true },
    { name: "admin reports", path: "/admin/reports", as: "admin" },
  ];
}

function cannon(url, headers) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, headers, timeout: 10 },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on("error", () => {});
  });
}

function summarize(result) {
  return {
    rps: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The static-file limit: the given bytes served by a minimal node:http server in its own process. */
async function staticLimit(body, contentType) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-static-"));
  const file = path.join(dir, "page.html");
  const encoding = GZIP ? "gzip" : "";
  fs.writeFileSync(file, GZIP ? zlib.gzipSync(body) : body);
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "static-server.js"), file, contentType, encoding],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  try {
    const port = await new Promise((resolve, reject) => {
      child.stdout.once("data", (d) => resolve(Number(String(d).trim())));
      child.once("exit", (c) => reject(new Error(`static server exited (${c})`)));
    });
    const url = `http://127.0.0.1:${port}/`;
    await cannonWarmup(url, ENCODING_HEADERS);
    return summarize(await cannon(url, ENCODING_HEADERS));
  } finally {
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function cannonWarmup(url, headers) {
  for (let i = 0; i < 5; i++) await rawGet(url, headers).catch(() => {});
}

async function measureDataset(kind, size, adminUrl) {
  const gen = await generate(kind, size, adminUrl);
  if (!gen.promotionId) {
    await gen.db.drop().catch(() => {});
    throw new Error("no valid promotion in the bench municipality");
  }
  let server;
  try {
    server = await startServer({
      ...gen.db.env,
      SEED_DEMO: "false",
      RATE_LIMIT_GENERAL: "off",
      RATE_LIMIT_AUTH: "off",
      LOG_LEVEL: "warn",
      BENCH_INSTRUMENT: "1",
    });
    log(`${size}: server ${server.origin} (pid ${server.pid}) on ${gen.db.label}`);
    const cookies = {
      user: await signIn(server.origin, BENCH_USER.email, BENCH_USER.password),
      admin: await signIn(server.origin, BENCH_ADMIN.email, BENCH_ADMIN.password),
    };
    const rows = [];
    for (const page of pagesFor(gen.promotionId)) {
      const url = server.origin + page.path;
      const headers = {
        ...ENCODING_HEADERS,
        ...(page.as ? { Cookie: cookies[page.as] } : {}),
        ...(page.uncached ? BYPASS : {}),
      };
      await cannonWarmup(url, headers);
      const one = await rawGet(url, headers);
      const plain = await rawGet(url, page.as ? { Cookie: cookies[page.as] } : {});
      // Round trips of a real render: the anonymous-page cache is asked to step aside for this request.
      const rendered = await rawGet(url, { ...headers, ...BYPASS });
      const rt = rendered.headers["x-db-round-trips"];
      log(
        `${size}: ${page.name} ${page.path} (HTTP ${one.status}, ${rt ?? "?"} round trips, cache ${one.headers["x-cache"] ?? "-"})`,
      );
      const m = summarize(await cannon(url, headers));
      rows.push({
        ...page,
        status: one.status,
        bytes: one.body.length,
        htmlBytes: plain.body.length,
        roundTrips: rt === undefined ? null : Number(rt),
        cache: one.headers["x-cache"] ?? null,
        ...m,
      });
    }
    // The physical limit: the guest municipality home's exact bytes from a minimal static server.
    const home = await rawGet(`${server.origin}/${BENCH_SLUG}`);
    log(`${size}: static-file limit (${home.body.length} bytes of /${BENCH_SLUG})`);
    const limit = await staticLimit(home.body, home.headers["content-type"] ?? "text/html; charset=utf-8");
    for (const r of rows) r.ratioToStatic = limit.rps ? Math.round((r.rps / limit.rps) * 1000) / 1000 : null;
    const assets = await checkAssets(server.origin);
    return {
      size,
      database: kind,
      counts: gen.counts,
      generationSeconds: gen.seconds,
      pages: rows,
      static: limit,
      assets,
    };
  } finally {
    await server?.stop();
    if (!args.keep) await gen.db.drop().catch(() => {});
  }
}

/** JavaScript sent to the landing page (gzip), asset caching and HTML compression. */
async function checkAssets(origin) {
  const landing = await rawGet(`${origin}/`);
  const html = landing.body.toString("utf8");
  // What the browser loads: modulepreload links, module script sources and the inline script's imports (the
  // route manifest's own "url" is listed in the page data but only fetched on a version change, so not here).
  const scripts = [
    ...new Set(
      [
        ...html.matchAll(
          /(?:<link[^>]*rel="modulepreload"[^>]*href="|<script[^>]*src="|\bfrom\s*"|\bimport\s*\(\s*")(\/assets\/[^"]+\.js)"/g,
        ),
      ].map((m) => m[1]),
    ),
  ];
  const styles = [...new Set([...html.matchAll(/["'](\/assets\/[^"'\s]+\.css)["']/g)].map((m) => m[1]))];
  let jsRaw = 0;
  let jsGzip = 0;
  let jsServedCompressed = 0;
  const badCache = [];
  // The page names its entry modules; the browser then loads their static imports too (the page no longer
  // lists them as preloads: they are fetched after the first paint), so the module graph is followed here.
  const seen = new Set(scripts);
  const queue = [...scripts];
  while (queue.length) {
    const href = queue.shift();
    const r = await rawGet(origin + href, { "Accept-Encoding": "gzip, br" });
    checkCache(href, r);
    const enc = r.headers["content-encoding"];
    const raw = enc === "gzip" ? zlib.gunzipSync(r.body) : enc === "br" ? zlib.brotliDecompressSync(r.body) : r.body;
    jsRaw += raw.length;
    jsGzip += zlib.gzipSync(raw, { level: 9 }).length;
    if (enc) jsServedCompressed++;
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`); `import()` loads later, on demand.
    for (const m of raw.toString("utf8").matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      const dep = new URL(m[1], origin + href).pathname;
      if (!seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  for (const href of styles) checkCache(href, await rawGet(origin + href, { "Accept-Encoding": "gzip, br" }));
  function checkCache(href, r) {
    const cc = r.headers["cache-control"] ?? "";
    if (!/public/.test(cc) || !/max-age=31536000/.test(cc) || !/immutable/.test(cc)) badCache.push(`${href}: ${cc}`);
  }
  const htmlCompressed = await rawGet(`${origin}/${BENCH_SLUG}`, { "Accept-Encoding": "gzip, br" });
  return {
    landingScripts: seen.size,
    landingJsBytes: jsRaw,
    landingJsGzipBytes: jsGzip,
    jsServedCompressed: `${jsServedCompressed}/${seen.size}`,
    assetsChecked: seen.size + styles.length,
    assetsWithoutImmutableCache: badCache,
    htmlContentEncoding: htmlCompressed.headers["content-encoding"] ?? "none",
    htmlCompressedBytes: htmlCompressed.body.length,
  };
}

// ---------------------------------------------------------------------------------------------------
// Output

const kb = (n) => (n >= 10240 ? `${(n / 1024).toFixed(0)} KB` : `${(n / 1024).toFixed(1)} KB`);

/** How the measured requests were answered: from the anonymous-page cache, rendered, or never cacheable. */
function cacheLabel(r) {
  if (r.uncached) return "skipped";
  if (r.cache === "HIT") return "hit";
  if (r.cache === "MISS") return "miss";
  return "not cacheable";
}

function table(result) {
  const lines = [
    `### ${result.size} dataset on ${result.database} (${Object.entries(result.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ")})`,
    "",
    "| page | size | req/s | p50 ms | p99 ms | errors | round trips per render | page cache | ratio to static |",
    "|---|---:|---:|---:|---:|---:|---:|---|---:|",
  ];
  for (const r of result.pages) {
    const errs = r.errors + r.non2xx ? `${r.errors} + ${r.non2xx} non-2xx` : "0";
    if (!r.requests) {
      lines.push(
        `| ${r.name} | ${kb(r.bytes)} | no response completed within ${DURATION} s | | | ${errs} | ${r.roundTrips ?? "?"} | ${cacheLabel(r)} | |`,
      );
      continue;
    }
    lines.push(
      `| ${r.name} \`${r.path.length > 40 ? `${r.path.slice(0, 37)}…` : r.path}\` | ${kb(r.bytes)} | ${r.rps} | ${r.p50} | ${r.p99} | ${errs} | ${r.roundTrips ?? "?"} | ${cacheLabel(r)} | ${r.ratioToStatic != null ? `${(r.ratioToStatic * 100).toFixed(1)} %` : "?"} |`,
    );
  }
  const s = result.static;
  lines.push(
    `| static file (same bytes as home) | ${kb(result.pages[1].bytes)} | ${s.rps} | ${s.p50} | ${s.p99} | ${s.errors + s.non2xx} | 0 | | 100 % |`,
  );
  const a = result.assets;
  lines.push(
    "",
    `Landing JavaScript: ${a.landingScripts} files, ${kb(a.landingJsBytes)} raw, ${kb(a.landingJsGzipBytes)} gzip (served compressed: ${a.jsServedCompressed}). ` +
      `Assets with \`public, max-age=31536000, immutable\`: ${a.assetsChecked - a.assetsWithoutImmutableCache.length}/${a.assetsChecked}. ` +
      `HTML Content-Encoding when asked: ${a.htmlContentEncoding} (${kb(a.htmlCompressedBytes)} for /${BENCH_SLUG}).`,
  );
  for (const bad of a.assetsWithoutImmutableCache) lines.push(`- cache header missing: ${bad}`);
  return lines.join("\n");
}

function ratioTable(large, small) {
  const lines = ["### p99 large / small", "", "| page | p99 small ms | p99 large ms | ratio |", "|---|---:|---:|---:|"];
  for (const l of large.pages) {
    const s = small.pages.find((p) => p.name === l.name);
    if (!s) continue;
    lines.push(`| ${l.name} | ${s.p99} | ${l.p99} | ${s.p99 ? (l.p99 / s.p99).toFixed(2) : "?"} |`);
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  let kind = args.db;
  let adminUrl = null;
  if (kind !== "pglite") {
    adminUrl = await reachablePostgres();
    if (!adminUrl && kind === "postgres") fail("PostgreSQL is not reachable (DATABASE_URL_TEST or 127.0.0.1:5432)");
    kind = adminUrl ? "postgres" : "pglite";
  }
  ensureBuild();
  log(
    `database ${kind}; sizes ${sizes.join(", ")}; ${CONNECTIONS} connections, ${DURATION} s per page; ` +
      `Accept-Encoding: ${GZIP ? "gzip" : "none (identity)"} for the app and the static server alike; ` +
      `${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}`,
  );
  const results = [];
  for (const size of sizes) results.push(await measureDataset(kind, size, adminUrl));

  const out = [];
  for (const r of results) out.push(table(r), "");
  const large = results.find((r) => r.size === "large");
  const small = results.find((r) => r.size === "small");
  if (large && small) out.push(ratioTable(large, small), "");
  out.push(
    `Throughput measured with ${CONNECTIONS} connections for ${DURATION} s per page on 127.0.0.1 ` +
      `(${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}; the client, ` +
      "the server and the database share the machine, so the numbers are noisy). " +
      `Requests sent ${GZIP ? "with Accept-Encoding: gzip" : "without Accept-Encoding"} to the app and the static server alike; ` +
      "size is the body as sent; round trips from the X-DB-Round-Trips header (BENCH_INSTRUMENT=1).",
  );
  console.log(`\n${out.join("\n")}`);

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `bench-${timestamp()}.json`);
  const meta = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg(),
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    acceptEncoding: GZIP ? "gzip" : "identity",
    commit: await gitHead(),
  };
  fs.writeFileSync(file, `${JSON.stringify({ ...meta, results }, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(ROOT, file)}`);
}

async function gitHead() {
  try {
    const head = fs.readFileSync(path.join(ROOT, ".git/HEAD"), "utf8").trim();
    if (!head.startsWith("ref: ")) return head;
    return fs.readFileSync(path.join(ROOT, ".git", head.slice(5)), "utf8").trim();
  } catch {
    return null;
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`bench: could not run: ${err?.stack ?? err}`);
    process.exit(1);
  },
);
