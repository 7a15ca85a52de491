// @ts-check
// The launcher: loads the server build (or, with --dev, Vite in middleware mode) and starts the HTTP server
// defined in app/server/http.server.ts. Type-checked against app/server/api.ts.
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const DEV = process.argv.includes("--dev");
if (!process.env.NODE_ENV) process.env.NODE_ENV = DEV ? "development" : "production";

/** @typedef {import("./app/server/api").ServerApi} ServerApi */
/** @typedef {import("react-router").ServerBuild} ServerBuild */

async function main() {
  // Benchmark instrumentation is loaded only when asked for, from the benchmark's own folder.
  const instrument =
    process.env.BENCH_INSTRUMENT === "1" ? (await import("./scripts/bench/instrument.js")).install : undefined;
  if (DEV) {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const load = async () =>
      /** @type {ServerBuild} */ (
        /** @type {unknown} */ (await vite.ssrLoadModule("virtual:react-router/server-build"))
      );
    const api = /** @type {ServerApi} */ ((await load()).entry.module);
    await api.startServer({ build: load, devMiddleware: vite.middlewares, onClose: () => vite.close(), instrument });
    return;
  }
  const buildDir = path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? "build");
  const buildUrl = pathToFileURL(path.join(buildDir, "server/index.js")).href;
  // Work that is better done in a child process loads the same build (app/seed/images.ts).
  process.env.BP_SERVER_BUILD = buildUrl;
  /** @type {ServerBuild} */
  const build = await import(buildUrl);
  const api = /** @type {ServerApi} */ (/** @type {unknown} */ (build.entry.module));
  await api.startServer({ build, clientDir: path.join(buildDir, "client"), instrument });
}

/**
 * How many worker processes serve HTTP (issue #15): WEB_CONCURRENCY, by default the number of cores, on
 * PostgreSQL; always 1 on PGlite (an embedded database belongs to one process) and in development.
 */
function workerCount() {
  if (DEV || !process.env.DATABASE_URL?.trim()) {
    if (Number(process.env.WEB_CONCURRENCY) > 1) {
      process.stderr.write(
        `${JSON.stringify({ time: new Date().toISOString(), level: "warn", msg: "WEB_CONCURRENCY ignored: PGlite and development run one process" })}\n`,
      );
    }
    return 1;
  }
  const raw = process.env.WEB_CONCURRENCY?.trim();
  const n = raw ? Number(raw) : os.availableParallelism();
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    process.stderr.write(`\nInvalid configuration:\n  WEB_CONCURRENCY: must be a whole number from 1 to 256\n`);
    process.exit(1);
  }
  return n;
}

/** @param {string} level @param {string} msg @param {Record<string, unknown>} [fields] */
const line = (level, msg, fields = {}) =>
  `${JSON.stringify({ time: new Date().toISOString(), level, msg, worker: 0, ...fields })}\n`;

/**
 * The primary process of a cluster: forks the workers (the first alone, so migrations and the first
 * administrator are done once before the others start), replaces a worker that dies, and on SIGTERM/SIGINT
 * asks every worker to drain and exits once all have (0 when every worker stopped cleanly).
 */
/** @param {number} count */
function runPrimary(count) {
  let stopping = false;
  let failed = false;
  /** @type {WeakSet<import("node:cluster").Worker>} */
  const listening = new WeakSet();
  const fork = () => cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      // A worker still starting when the signal came had no connection to drain: its exit is not a failure.
      if (code !== 0 && listening.has(worker)) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!listening.has(worker)) {
      process.stderr.write(line("error", "worker failed to start", { worker: worker.id, code, signal }));
      process.exit(1);
    }
    process.stderr.write(line("error", "worker died, starting another", { worker: worker.id, code, signal }));
    fork();
  });
  cluster.on("listening", (worker) => {
    listening.add(worker);
  });
  const first = fork();
  first.once("listening", () => {
    for (let i = 1; i < count; i++) fork();
  });
  /** @param {string} signal */
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(
      line("info", "stopping workers", { signal, workers: Object.keys(cluster.workers ?? {}).length }),
    );
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const w of workers) w?.process.kill("SIGTERM");
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGKILL");
      process.exit(1);
    }, 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

const workers = cluster.isPrimary ? workerCount() : 1;
if (cluster.isPrimary && workers > 1) runPrimary(workers);
else
  main().catch((err) => {
    process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: "error", msg: "start failed" })}\n`,
    );
    process.stderr.write(`\n${err?.message ?? err}\n`);
    process.exit(1);
  });
