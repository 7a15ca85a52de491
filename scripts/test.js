// `npm test`: every stage in order, stopping at the first failure.
import { spawnSync } from "node:child_process";

const stages = [
  ["lint", "npm", ["run", "--silent", "lint"]],
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["unit tests", "npx", ["vitest", "run", "--project", "unit"]],
  ["integration tests (PGlite)", "npx", ["vitest", "run", "--project", "integration"]],
  ["integration tests (PostgreSQL)", "node", ["scripts/test-pg.js"]],
  // Two app processes on one PostgreSQL: shared invalidation, live events across processes, shared limits.
  ["two processes on one PostgreSQL", "node", ["scripts/ops/multiprocess.js"]],
  ["backups that restore (both databases, both picture stores)", "node", ["scripts/ops/backup-restore.js"]],
  ["two servers behind nginx (shared state, SIGKILL under load)", "node", ["scripts/ops/two-servers.js"]],
  ["rolling restart on SIGHUP", "node", ["scripts/ops/rolling-restart.js"]],
  ["browser tests (Chromium)", "npm", ["run", "--silent", "test:e2e"]],
  // Short versions of the durability and load runs (the long ones: npm run durability / npm run loadtest).
  ["durability (SIGKILL under writes, 3 kills per database)", "node", ["scripts/ops/durability.js", "--kills=3"]],
  ["load and graceful shutdown (50 connections, 8 s)", "node", ["scripts/ops/loadtest.js", "--duration=8"]],
];

const only = process.argv.slice(2);
for (const [name, cmd, args] of stages) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: process.env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed after ${secs}s`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${secs}s)`);
}
