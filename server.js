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
/** @type {import("prom-client").AggregatorRegistry<import("prom-client").PrometheusContentType> | undefined} */
let aggregator;
/**
 * A worker was asked for /metrics: every worker's figures, added up, go back to it
 * (app/lib/ops/prometheus.server.ts).
 * @param {import("node:cluster").Worker} worker @param {number} id
 */
async function clusterMetrics(worker, id) {
  try {
    if (!aggregator) {
      const { default: client } = await import("prom-client");
      aggregator = new client.AggregatorRegistry();
    }
    const text = await aggregator.clusterMetrics();
    if (worker.isConnected()) worker.send({ type: "ops:metrics:answer", id, text });
  } catch (err) {
    if (worker.isConnected()) worker.send({ type: "ops:metrics:answer", id, error: String(err) });
  }
}

/** @param {number} count */
function runPrimary(count) {
  let stopping = false;
  let failed = false;
  /** @type {WeakSet<import("node:cluster").Worker>} */
  const listening = new WeakSet();
  /** Workers a rolling restart stops on purpose (not replaced when they exit). */
  /** @type {WeakSet<import("node:cluster").Worker>} */
  const retiring = new WeakSet();
  /** Workers a rolling restart started that have not listened yet (their failure stops the roll, not the primary). */
  /** @type {WeakSet<import("node:cluster").Worker>} */
  const trying = new WeakSet();
  const fork = () => cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (retiring.has(worker) || trying.has(worker)) return;
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
  cluster.on("message", (worker, message) => {
    if (message?.type === "ops:metrics") void clusterMetrics(worker, message.id);
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

  /**
   * SIGHUP: an update without downtime. Each worker in turn is replaced: a new one (running the code and the
   * build now on disk, after applying any new migration) starts, and only once it listens does the old one drain
   * and stop, so the others serve meanwhile. A new worker that fails to start ends the roll; the old ones stay.
   */
  let rolling = false;
  const roll = async () => {
    const old = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    process.stdout.write(line("info", "rolling restart", { workers: old.length }));
    for (const w of old) {
      if (stopping) return;
      const fresh = fork();
      trying.add(fresh);
      const started = await new Promise((resolve) => {
        fresh.once("listening", () => resolve(true));
        fresh.once("exit", () => resolve(false));
      });
      trying.delete(fresh);
      if (!started) {
        process.stderr.write(
          line("error", "rolling restart stopped: a new worker failed to start", { worker: fresh.id }),
        );
        return;
      }
      listening.add(fresh);
      retiring.add(w);
      const exited = new Promise((resolve) => w.once("exit", resolve));
      w.process.kill("SIGTERM");
      await exited;
    }
    process.stdout.write(line("info", "rolling restart done", { workers: Object.keys(cluster.workers ?? {}).length }));
  };
  process.on("SIGHUP", () => {
    if (stopping || rolling) return;
    rolling = true;
    void roll().finally(() => {
      rolling = false;
    });
  });
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
