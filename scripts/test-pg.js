// The integration suite again, on PostgreSQL. Uses DATABASE_URL_TEST, or the local server when it answers.
// Under CI=true a missing PostgreSQL is a failure, not a skip.
import { spawnSync } from "node:child_process";
import pg from "pg";
import { TEST_DATABASE_URL } from "./lib/cli.js";

const url = TEST_DATABASE_URL;
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query("select 1");
  await client.end();
} catch (err) {
  const msg = `PostgreSQL is not reachable at ${url.replace(/:[^:@/]*@/, ":***@")}: ${err.message}`;
  if (process.env.CI === "true") {
    console.error(`${msg}\nUnder CI this is a failure.`);
    process.exit(1);
  }
  console.warn(`${msg}\nSkipping the PostgreSQL run (set DATABASE_URL_TEST to enable it).`);
  process.exit(0);
}
const r = spawnSync("npx", ["vitest", "run", "--project", "integration"], {
  stdio: "inherit",
  env: { ...process.env, TEST_DB: "postgres", DATABASE_URL_TEST: url },
});
process.exit(r.status ?? 1);
