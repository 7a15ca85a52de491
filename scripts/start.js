// `npm start`: build when the build is missing or older than the sources, then serve in production mode.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "build/server/index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = ["app", "db/schema", "db/migrations", "public"]
  .map((d) => path.join(root, d))
  .filter((d) => fs.existsSync(d));
const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const stale = !built || sources.some((d) => newestMtime(d) > built);
if (stale || process.argv.includes("--build")) {
  console.log("Building the app…");
  const r = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
process.env.NODE_ENV = "production";
await import(path.join(root, "server.js"));
