/**
 * EXPLAIN ANALYZE of the searches exactly as the app sends them, on the large dataset in
 * PostgreSQL (scripts/bench/search-dataset.js), and the query time of the promotions search against the list.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/h17_large npx vite-node -c vitest.config.ts \
 *     scripts/bench/search-explain.ts
 *
 * The app's statements are caught at pg's Pool.query (text and parameters) and explained on a separate
 * connection; the report prints each plan's index scans and sequential scans, then p50/p99 of 200 runs.
 */
import pg from "pg";
import { closeDatabase, getDb } from "~/lib/db/db.server";
import { listDirectory, merchantFiltersFrom } from "~/modules/merchant/index.server";
import { listMerchants } from "~/modules/merchant/index.server";
import { listAllEvents } from "~/modules/event/index.server";
import { listAllPromotions } from "~/modules/promotion/index.server";
import { listReportsForAdmin } from "~/modules/report/index.server";
import { resolveActiveMunicipality } from "~/modules/municipality/index.server";
import { listPublicPromotions, promotionFiltersFrom } from "~/modules/promotion/index.server";
import type { Actor } from "~/lib/auth/auth.server";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required");

let captured: { text: string; values: unknown[] }[] | null = null;
const query = pg.Pool.prototype.query as (...args: unknown[]) => unknown;
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  const [first, second] = args;
  if (captured) {
    const text = typeof first === "string" ? first : (first as { text: string }).text;
    const values = (Array.isArray(second) ? second : (first as { values?: unknown[] }).values) ?? [];
    captured.push({ text, values });
  }
  return query.apply(this, args);
} as typeof pg.Pool.prototype.query;

async function capture(fn: () => Promise<unknown>) {
  captured = [];
  await fn();
  const out = captured;
  captured = null;
  return out;
}

const explainer = new pg.Client({ connectionString: url });
await explainer.connect();
const db = await getDb();
const [{ id: benchId }] = (await explainer.query("select id from municipalities where slug = 'bench'")).rows;
const admin = { id: "bench-admin", role: "admin" } as unknown as Actor;
const filters = (q: string) => promotionFiltersFrom(new URL(`http://x/promotions/bench?${q}`));

const cases: [string, () => Promise<unknown>][] = [
  ["promotions list (no search)", () => listPublicPromotions(benchId, filters(""))],
  ["promotions search q=coffee", () => listPublicPromotions(benchId, filters("q=coffee"))],
  [
    "promotions search q=coffee&category=Food",
    () => listPublicPromotions(benchId, filters("q=coffee&category=Food+%26+Drink")),
  ],
  ["promotions search q=bakkerijen (stem+prefix)", () => listPublicPromotions(benchId, filters("q=bakkerijen"))],
  ["merchant directory q=coffee", () => listDirectory(merchantFiltersFrom(new URL("http://x/merchants?q=coffee")))],
  [
    "merchant directory q=cofee (typo)",
    () => listDirectory(merchantFiltersFrom(new URL("http://x/merchants?q=cofee"))),
  ],
  ["admin promotions q=coffee", () => listAllPromotions(admin, { q: "coffee", pageSize: 20, offset: 0 })],
  ["admin events q=music", () => listAllEvents(admin, { q: "music", pageSize: 20, offset: 0 })],
  ["admin merchants q=coffee", () => listMerchants(admin, { q: "coffee" })],
  ["admin reports q=smoke", () => listReportsForAdmin(admin, { q: "smoke" })],
  ["landing near miss 'bnech'", () => resolveActiveMunicipality("bnech")],
];

await db.execute("select 1" as never).catch(() => {});
for (const [name, fn] of cases) {
  const statements = await capture(fn);
  console.log(`\n### ${name}`);
  for (const s of statements) {
    const plan = (await explainer.query(`explain (analyze, buffers off, costs off) ${s.text}`, s.values)).rows
      .map((r) => r["QUERY PLAN"] as string)
      .join("\n");
    const scans = plan
      .split("\n")
      .filter((l) => /Scan|Execution Time/.test(l))
      .map((l) => l.trim().replace(/\s+\(actual.*$/, ""));
    console.log(`- ${s.text.slice(0, 90).replace(/\s+/g, " ")}…`);
    for (const l of scans) console.log(`    ${l}`);
    if (process.env.FULL_PLANS) console.log(plan);
  }
}

/** Wall time of the query functions (one connection at a time): p50 and p99 of n runs. */
async function time(name: string, fn: () => Promise<unknown>, n = 200) {
  const ms: number[] = [];
  for (let i = 0; i < 10; i++) await fn();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(1);
  console.log(`| ${name} | ${p(0.5)} | ${p(0.99)} |`);
}
console.log("\n| query (large dataset, PostgreSQL) | p50 ms | p99 ms |\n|---|---|---|");
await time("promotions list", () => listPublicPromotions(benchId, filters("")));
await time("promotions search q=coffee", () => listPublicPromotions(benchId, filters("q=coffee")));
await time("promotions search q=coffee&category", () =>
  listPublicPromotions(benchId, filters("q=coffee&category=Food+%26+Drink")),
);
await time("promotions search q=bakkerijen", () => listPublicPromotions(benchId, filters("q=bakkerijen")));
await time("merchant directory q=coffee", () =>
  listDirectory(merchantFiltersFrom(new URL("http://x/merchants?q=coffee"))),
);
await time("admin reports q=smoke", () => listReportsForAdmin(admin, { q: "smoke" }), 50);
await explainer.end();
await closeDatabase();
