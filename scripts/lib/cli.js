// What every script shares: the project root, its command-line options, the test database's address and a
// build that matches the sources.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The PostgreSQL server the tests and benchmarks use: DATABASE_URL_TEST, or the local server's `test` database. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL_TEST ?? "postgres://postgres@127.0.0.1:5432/test";

/** `--name=value` and `--flag` options over the defaults (a bare flag is `true`). */
export function parseArgs(defaults = {}, argv = process.argv.slice(2)) {
  const out = { ...defaults };
  for (const a of argv) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(a);
    if (m) out[m[1]] = m[2] ?? true;
  }
  return out;
}

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** The folders a build is made from: a build older than any file in them is stale. */
const SOURCES = [
  "app",
  "db/schema",
  "db/migrations",
  "public",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];

/**
 * Builds the app into build/ (or $BUILD_DIR) when the build is missing or older than the sources (or when
 * forced), so a script always runs the code that is checked out.
 */
export function ensureBuild(force = false) {
  const dir = process.env.BUILD_DIR ?? "build";
  const marker = path.join(ROOT, dir, "server/index.js");
  const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  if (!force && built && SOURCES.every((s) => newestMtime(path.join(ROOT, s)) <= built)) return;
  console.log(`Building the app into ${dir}/ (npx react-router build)…`);
  const r = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) throw new Error("the build failed");
}
