// `npm run lighthouse`: starts the production server on the demo data (a fresh embedded database that
// seeds itself) and runs Lighthouse 12 (mobile, all categories) with Debian's Chromium on the landing page,
// a municipality home and a promotion detail. Saves HTML and JSON reports under bench-results/lighthouse/
// and prints the scores. A measurement, not a test: it exits 0 whatever the scores are.
//
//   node scripts/lighthouse.js [--chrome=/usr/bin/chromium] [--categories=performance,accessibility,...]
//                              [--runs=3]   (each page this often; the run with the median performance is shown)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { RESULTS_DIR, ROOT, ensureBuild, parseArgs, startServer, timestamp } from "./bench/lib.js";

const args = parseArgs({
  chrome: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  categories: "performance,accessibility,best-practices,seo",
  runs: "3",
});
/** Lighthouse's simulated metrics move from run to run; each page is measured this often and the median kept. */
const RUNS = Math.max(1, Number(args.runs) || 3);
const CATEGORIES = String(args.categories)
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const OUT_DIR = path.join(RESULTS_DIR, "lighthouse");
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

async function main() {
  if (!fs.existsSync(args.chrome)) throw new Error(`Chromium not found at ${args.chrome} (apt-get install chromium)`);
  ensureBuild();
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "buurtplatform-lighthouse-"));
  const server = await startServer({ PGLITE_DIR: path.join(parent, "data"), SEED_DEMO: "true", LOG_LEVEL: "warn" });
  let chrome;
  try {
    // One promotion of the demo municipality: the first detail link of its list.
    const list = await (await fetch(`${server.origin}/promotions/hasselt`)).text();
    const link = /href="(\/promotions\/hasselt\/[0-9a-f-]{36})"/.exec(list)?.[1];
    if (!link) throw new Error("no promotion link found on /promotions/hasselt");
    const pages = [
      { name: "landing", path: "/" },
      { name: "municipality-home", path: "/hasselt" },
      { name: "promotion-detail", path: link },
    ];

    chrome = await chromeLauncher.launch({ chromePath: args.chrome, chromeFlags: CHROME_FLAGS, logLevel: "error" });
    fs.mkdirSync(OUT_DIR, { recursive: true });
    const stamp = timestamp();
    const rows = [];
    for (const page of pages) {
      const url = server.origin + page.path;
      const runs = [];
      for (let run = 1; run <= RUNS; run++) {
        // Lighthouse sometimes fails to record the trace (NO_NAVSTART): such a run is tried again, twice at most.
        let result;
        for (let attempt = 1; attempt <= 3; attempt++) {
          console.log(`Lighthouse: ${url} (run ${run}/${RUNS}${attempt > 1 ? `, attempt ${attempt}` : ""})`);
          result = await lighthouse(url, {
            port: chrome.port,
            output: ["html", "json"],
            logLevel: "error",
            onlyCategories: CATEGORIES,
            formFactor: "mobile",
          });
          if (!result?.lhr.runtimeError) break;
        }
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const [html, json] = result.report;
        const base = path.join(OUT_DIR, `${stamp}-${page.name}${RUNS > 1 ? `-run${run}` : ""}`);
        fs.writeFileSync(`${base}.html`, html);
        fs.writeFileSync(`${base}.json`, json);
        const lhr = result.lhr;
        const scores = Object.fromEntries(
          Object.entries(lhr.categories).map(([k, c]) => [k, c.score == null ? null : Math.round(c.score * 100)]),
        );
        const audit = (id) => lhr.audits[id]?.displayValue ?? "";
        runs.push({
          page: page.name,
          path: page.path,
          scores,
          fcp: audit("first-contentful-paint"),
          lcp: audit("largest-contentful-paint"),
          tbt: audit("total-blocking-time"),
          cls: audit("cumulative-layout-shift"),
          runtimeError: lhr.runtimeError?.message ?? null,
          warnings: lhr.runWarnings ?? [],
          report: path.relative(ROOT, `${base}.html`),
        });
      }
      // A run Lighthouse could not score (a trace error) is reported but left out of the median.
      const scored = runs.filter((r) => typeof r.scores.performance === "number");
      const byPerformance = (scored.length ? scored : runs).sort(
        (a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0),
      );
      const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
      rows.push({ ...median, performanceRuns: runs.map((r) => r.scores.performance ?? `error (${r.runtimeError})`) });
    }

    const cats = CATEGORIES;
    const lines = [
      `| page | ${cats.join(" | ")} | FCP | LCP | TBT | CLS | performance, every run |`,
      `|---|${cats.map(() => "---:").join("|")}|---:|---:|---:|---:|---|`,
      ...rows.map(
        (r) =>
          `| ${r.page} \`${r.path.length > 30 ? `${r.path.slice(0, 27)}…` : r.path}\` | ${cats.map((c) => r.scores[c] ?? "?").join(" | ")} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.performanceRuns.join(", ")} |`,
      ),
    ];
    console.log(
      `\nLighthouse ${lighthouseVersion()} (mobile, simulated throttling), Chromium ${args.chrome}; ` +
        `${RUNS} run(s) per page, the median run shown\n`,
    );
    console.log(lines.join("\n"));
    for (const r of rows) {
      if (r.runtimeError) console.log(`- ${r.page}: runtime error: ${r.runtimeError}`);
      for (const w of r.warnings) console.log(`- ${r.page}: ${w}`);
    }
    const summary = path.join(OUT_DIR, `${stamp}-summary.json`);
    fs.writeFileSync(summary, `${JSON.stringify({ date: new Date().toISOString(), pages: rows }, null, 2)}\n`);
    console.log(`\nReports in ${path.relative(ROOT, OUT_DIR)}/ (${stamp}-*.html, *.json)`);
  } finally {
    await chrome?.kill();
    await server.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  }
}

function lighthouseVersion() {
  try {
    return JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/lighthouse/package.json"), "utf8")).version;
  } catch {
    return "";
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`lighthouse: could not run: ${err?.stack ?? err}`);
    process.exit(1);
  },
);
