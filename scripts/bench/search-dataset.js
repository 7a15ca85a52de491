// `node scripts/bench/search-dataset.js [--name=h17_large]`: the large benchmark dataset (dataset.js) in a
// PostgreSQL database of its own, kept, for EXPLAIN and timings of the searches
// (scripts/bench/search-explain.ts). Drop it afterwards: `dropdb -h 127.0.0.1 -U postgres <name>`.
import { hashPassword } from "better-auth/crypto";
import { BENCH_ADMIN, BENCH_USER, COUNTS_SQL, SIZES, datasetSql } from "./dataset.js";
import { TEST_DATABASE_URL } from "../lib/cli.js";
import { createDatabase, parseArgs } from "./lib.js";

const args = parseArgs({ name: "h17_large", size: "large" });
const adminUrl = TEST_DATABASE_URL;
const t0 = Date.now();
const db = await createDatabase("postgres", args.name, adminUrl);
const hashes = { user: await hashPassword(BENCH_USER.password), admin: await hashPassword(BENCH_ADMIN.password) };
for (const stmt of datasetSql(SIZES[args.size], hashes)) await db.query(stmt);
const [counts] = await db.query(COUNTS_SQL);
await db.close();
console.log(`${db.url}: ${JSON.stringify(counts)} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
